import { damageOf, type DiceTerm } from '../engine/damage';
import type { FallAnswer, FallRequest } from '../engine/falling';

/** epic-path.txt › Falling: "+2 per die" jagged, "+1" broken trunks or solid stone, "-1" soft loam or deep grass. */
const PER_DIE: Record<string, number> = { jagged: 2, stone: 1, normal: 0, soft: -1, yielding: -1 };

/**
 * epic-path.txt › Falling and › Falling into Water.
 * - 1d6 per 10 ft, at most 20d6 (the recommended cap; `fallDiceCap` sets another, 0 for none).
 * - A deliberate jump makes the first die nonlethal. A DC 15 Acrobatics check avoids the first 10 ft
 *   and turns the second 10 ft nonlethal (the worked example: a 30-ft slip is 3d6; a jump 1d6
 *   nonlethal + 2d6; a jump with Acrobatics 1d6 nonlethal + 1d6).
 * - Yielding surfaces take less damage (as soft ground, -1 per die) and turn the first lethal die
 *   nonlethal, on top of a jump and Acrobatics.
 * - Water at least 10 ft deep: the first 20 ft free, the next 20 ft 1d3 nonlethal per 10 ft, then 1d6
 *   lethal per 10 ft. A deliberate dive with a successful check takes nothing if the water is at least
 *   10 ft deep per 30 ft fallen (DC 15, +5 per 50 ft).
 * - "Creatures that take lethal damage from a fall land in a prone position."
 */
export function epicPathFall(req: FallRequest): FallAnswer {
  const notes: string[] = [];
  const cap = req.settings?.fallDiceCap ?? 20;
  const tens = Math.floor(Math.max(0, req.height) / 10);
  const water = req.waterDepth ?? 0;
  let terms: DiceTerm[] = [];

  if (water >= 10) {
    const dc = 15 + 5 * Math.floor(req.height / 50);
    if (req.deliberate && req.acrobatics && water >= 10 * Math.ceil(req.height / 30)) {
      notes.push(`A dive into deep enough water with a successful DC ${dc} Swim or Acrobatics check: no damage.`);
    } else {
      const nonlethal = Math.max(0, Math.min(tens, 4) - 2);
      let lethal = Math.max(0, tens - 4);
      if (cap > 0 && lethal > cap) lethal = cap;
      terms = [
        { count: nonlethal, sides: 3, perDie: 0, kind: 'nonlethal' },
        { count: lethal, sides: 6, perDie: 0, kind: 'lethal' },
      ];
      notes.push('Into water at least 10 ft deep: the first 20 ft free, the next 20 ft 1d3 nonlethal per 10 ft.');
      if (req.deliberate) notes.push(`A dive takes no damage on a DC ${dc} Swim or Acrobatics check if the water is at least 10 ft deep per 30 ft fallen.`);
    }
  } else {
    let count = tens;
    if (cap > 0 && count > cap) {
      notes.push(`Capped at ${cap}d6.`);
      count = cap;
    }
    // One entry per die, first die first: lethal unless something turns it.
    const kinds: ('lethal' | 'nonlethal' | 'none')[] = Array.from({ length: count }, () => 'lethal');
    if (req.deliberate && kinds.length > 0) kinds[0] = 'nonlethal';
    if (req.acrobatics) {
      if (kinds.length > 0) kinds[0] = 'none';
      if (kinds.length > 1) kinds[1] = 'nonlethal';
    }
    if (req.surface === 'yielding') {
      const first = kinds.indexOf('lethal');
      if (first >= 0) kinds[first] = 'nonlethal';
    }
    const perDie = PER_DIE[req.surface ?? 'normal'] ?? 0;
    terms = [
      { count: kinds.filter((k) => k === 'nonlethal').length, sides: 6, perDie, kind: 'nonlethal' },
      { count: kinds.filter((k) => k === 'lethal').length, sides: 6, perDie, kind: 'lethal' },
    ];
  }
  const damage = damageOf(terms);
  const lethalDice = damage.dice.some((t) => t.kind === 'lethal');
  return {
    ...damage,
    height: req.height,
    prone: !lethalDice ? false : damage.lethal.min > 0 ? true : 'if-lethal',
    gmDecides: false,
    notes,
  };
}

/** epic-path.txt › Falling Objects: by size; half under 30 ft, double over 150 ft. */
const OBJECT_DICE: Record<string, number> = { tiny: 1, small: 2, medium: 3, large: 4, huge: 6, gargantuan: 8, colossal: 10, titanic: 15 };

export function fallingObject(size: string, height: number): { dice: number; note: string } | null {
  const base = OBJECT_DICE[size];
  if (base === undefined) return null;
  if (height < 30) return { dice: base / 2, note: 'half: it fell less than 30 ft' };
  if (height > 150) return { dice: base * 2, note: 'double: it fell more than 150 ft' };
  return { dice: base, note: '' };
}

/**
 * epic-path.txt › Collisions: 1d6 per 10 ft of speed at the moment of the collision, only when not
 * moving cautiously (a charge, a run, being swept away); a normal move or a double move is cautious.
 */
export function collisionDice(speed: number, cautious: boolean): number {
  return cautious ? 0 : Math.floor(Math.max(0, speed) / 10);
}
