/**
 * Damage as dice: terms with a lethal or nonlethal kind and a modifier per die, and the exact
 * numbers a GM wants (least, most, average, and the chance of every total).
 */
export interface DiceTerm {
  count: number;
  sides: number;
  /** Added to every die (jagged +2, soft -1); a die never deals less than 0. */
  perDie: number;
  kind: 'lethal' | 'nonlethal';
}

export interface DamageSummary {
  min: number;
  max: number;
  mean: number;
}

export interface Damage extends DamageSummary {
  dice: DiceTerm[];
  lethal: DamageSummary;
  nonlethal: DamageSummary;
  /** Every possible total with its probability, smallest first. */
  distribution: [number, number][];
}

function dieValues(sides: number, perDie: number): number[] {
  return Array.from({ length: sides }, (_, i) => Math.max(0, i + 1 + perDie));
}

function convolve(terms: DiceTerm[]): Map<number, number> {
  let dist = new Map<number, number>([[0, 1]]);
  for (const t of terms) {
    const faces = dieValues(t.sides, t.perDie);
    for (let i = 0; i < t.count; i++) {
      const next = new Map<number, number>();
      for (const [total, p] of dist) for (const f of faces) next.set(total + f, (next.get(total + f) ?? 0) + p / faces.length);
      dist = next;
    }
  }
  return dist;
}

function summarise(terms: DiceTerm[]): DamageSummary {
  let min = 0;
  let max = 0;
  let mean = 0;
  for (const t of terms) {
    const faces = dieValues(t.sides, t.perDie);
    min += t.count * Math.min(...faces);
    max += t.count * Math.max(...faces);
    mean += (t.count * faces.reduce((a, b) => a + b, 0)) / faces.length;
  }
  return { min, max, mean: Math.round(mean * 1e6) / 1e6 };
}

/** Merges terms of the same dice and kind, drops empty ones, and works out the numbers. */
export function damageOf(terms: DiceTerm[]): Damage {
  const merged: DiceTerm[] = [];
  for (const t of terms) {
    if (t.count <= 0) continue;
    const same = merged.find((m) => m.sides === t.sides && m.perDie === t.perDie && m.kind === t.kind);
    if (same) same.count += t.count;
    else merged.push({ ...t });
  }
  const lethal = merged.filter((t) => t.kind === 'lethal');
  const nonlethal = merged.filter((t) => t.kind === 'nonlethal');
  const dist = convolve(merged);
  return {
    dice: merged,
    ...summarise(merged),
    lethal: summarise(lethal),
    nonlethal: summarise(nonlethal),
    distribution: [...dist.entries()].sort((a, b) => a[0] - b[0]).map(([v, p]) => [v, Math.round(p * 1e12) / 1e12]),
  };
}

/** Rolls every die with a seeded source: the same seed gives the same damage. */
export function rollDamage(damage: Pick<Damage, 'dice'>, random: () => number): { lethal: number; nonlethal: number; rolls: number[] } {
  let lethal = 0;
  let nonlethal = 0;
  const rolls: number[] = [];
  for (const t of damage.dice) {
    for (let i = 0; i < t.count; i++) {
      const face = 1 + Math.floor(random() * t.sides);
      rolls.push(face);
      const v = Math.max(0, face + t.perDie);
      if (t.kind === 'lethal') lethal += v;
      else nonlethal += v;
    }
  }
  return { lethal, nonlethal, rolls };
}
