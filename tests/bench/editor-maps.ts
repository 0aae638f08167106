import { serializeEncounter } from '../../src-shared/io';
import { createEncounter, Edge, makeCreature, Terrain, type Creature, type SizeCategory, type TokenImage } from '../../src-shared/model';

/**
 * The maps `scripts/bench-editor.mjs` opens in the editor: mixed terrain in patches, rolling
 * elevation with cliffs, wall runs, and creatures of mixed sizes (some Gargantuan, some Tiny
 * stacks, some flying) each standing where it fits. Seeded, so every run opens the same file.
 */
export interface BenchMap {
  text: string;
  /** Top-left squares of the creatures the bench clicks (all near the map's top-left corner). */
  mediums: { x: number; y: number }[];
  gargantuans: { x: number; y: number }[];
}

/** A block of the map set apart for the edit benches (issue 18 › 8). */
export interface BenchBlock {
  /** Top-left square and side of a square block of hazardous terrain (a kind the patches never use), so a fill there covers side² squares. */
  fill?: { x: number; y: number; side: number };
  /** Medium creatures packed side by side in `columns` columns from this top-left square (the box-select and drag benches). */
  crowd?: { x: number; y: number; count: number; columns: number };
}

/** `tokens`: token pictures handed out to the creatures in turn (the token-art pan case); none: discs. */
export function editorBenchMap(side: number, creatureCount: number, seed = 7, tokens: TokenImage[] = [], block: BenchBlock = {}): BenchMap {
  let s = seed >>> 0;
  const rand = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const e = createEncounter({ name: `Bench ${side}`, ruleset: 'd20-35', width: side, height: side });
  const m = e.map;
  const kinds = [Terrain.normal, Terrain.normal, Terrain.normal, Terrain.difficult, Terrain.water, Terrain.impeded, Terrain.normal];
  const patch = 8;
  for (let py = 0; py < side; py += patch) {
    for (let px = 0; px < side; px += patch) {
      const kind = kinds[Math.floor(rand() * kinds.length)]!;
      const height = Math.floor(rand() * 4) * 5;
      for (let y = py; y < Math.min(side, py + patch); y++) {
        for (let x = px; x < Math.min(side, px + patch); x++) {
          const i = y * side + x;
          m.terrain[i] = kind;
          m.elevation[i] = height;
          if (kind === Terrain.water) m.waterDepth[i] = 2;
        }
      }
    }
  }
  // Wall runs along patch borders, with a door in each.
  for (let k = 0; k < (side * side) / 400; k++) {
    const x = Math.floor(rand() * (side - 12));
    const y = Math.floor(rand() * (side - 12));
    const horizontal = rand() < 0.5;
    for (let t = 0; t < 10; t++) {
      const i = horizontal ? y * side + x + t : (y + t) * side + x;
      if (horizontal) m.edgeSouth[i] = t === 5 ? Edge.doorClosed : Edge.wall;
      else m.edgeEast[i] = t === 5 ? Edge.doorOpen : Edge.wall;
    }
  }
  const fill = block.fill;
  if (fill) {
    for (let y = fill.y; y < fill.y + fill.side; y++) {
      for (let x = fill.x; x < fill.x + fill.side; x++) {
        const i = y * side + x;
        m.terrain[i] = Terrain.hazardous;
        m.waterDepth[i] = 0;
      }
    }
  }
  // Creatures: each on a cleared, level patch of its size.
  const sizes: SizeCategory[] = ['medium', 'medium', 'medium', 'small', 'large', 'large', 'huge', 'tiny'];
  const sideOf: Partial<Record<SizeCategory, number>> = { large: 2, huge: 3, gargantuan: 4 };
  const creatures: Creature[] = [];
  const taken = new Uint8Array(side * side);
  if (fill) for (let y = fill.y - 1; y <= fill.y + fill.side; y++) for (let x = fill.x - 1; x <= fill.x + fill.side; x++) if (x >= 0 && y >= 0 && x < side && y < side) taken[y * side + x] = 1;
  const crowd = block.crowd;
  if (crowd) {
    const rows = Math.ceil(crowd.count / crowd.columns);
    for (let y = crowd.y - 1; y <= crowd.y + rows; y++) for (let x = crowd.x - 1; x <= crowd.x + crowd.columns; x++) taken[y * side + x] = 1;
    for (let k = 0; k < crowd.count; k++) {
      const x = crowd.x + (k % crowd.columns);
      const y = crowd.y + Math.floor(k / crowd.columns);
      const i = y * side + x;
      m.terrain[i] = Terrain.normal;
      m.waterDepth[i] = 0;
      m.elevation[i] = 0;
      m.edgeEast[i] = Edge.none;
      m.edgeSouth[i] = Edge.none;
      creatures.push(makeCreature({ id: `K${k + 1}`, name: `Crowd ${k + 1}`, side: 'party', x, y }));
    }
  }
  // The creatures the bench clicks: ten Medium and three Gargantuan ones in the top-left corner.
  const targets: { size: SizeCategory; x: number; y: number }[] = [
    ...Array.from({ length: 10 }, (_, k) => ({ size: 'medium' as const, x: 2 + 2 * k, y: 2 })),
    ...Array.from({ length: 3 }, (_, k) => ({ size: 'gargantuan' as const, x: 2 + 6 * k, y: 6 })),
  ];
  let target = 0;
  for (let n = 0; creatures.length < creatureCount && n < creatureCount * 50; n++) {
    const fixed = targets[target];
    if (fixed) target++;
    const size: SizeCategory = fixed ? fixed.size : creatures.length % 50 === 0 ? 'gargantuan' : sizes[Math.floor(rand() * sizes.length)]!;
    const w = sideOf[size] ?? 1;
    const x = fixed ? fixed.x : 1 + Math.floor(rand() * (side - w - 2));
    const y = fixed ? fixed.y : 1 + Math.floor(rand() * (side - w - 2));
    let free = true;
    for (let yy = y - 1; yy <= y + w && free; yy++) for (let xx = x - 1; xx <= x + w; xx++) if (taken[yy * side + xx]) free = false;
    if (!free) continue;
    const ground = m.elevation[y * side + x]!;
    for (let yy = y; yy < y + w; yy++) {
      for (let xx = x; xx < x + w; xx++) {
        const i = yy * side + xx;
        taken[i] = 1;
        m.terrain[i] = Terrain.normal;
        m.waterDepth[i] = 0;
        m.elevation[i] = ground;
        if (xx < x + w - 1) m.edgeEast[i] = Edge.none;
        if (yy < y + w - 1) m.edgeSouth[i] = Edge.none;
      }
    }
    const id = `C${creatures.length + 1}`;
    const flying = !fixed && creatures.length % 25 === 3;
    creatures.push(
      makeCreature({
        id,
        name: `${size === 'gargantuan' ? 'Dragon' : 'Soldier'} ${creatures.length + 1}`,
        size,
        side: creatures.length % 3 === 0 ? 'enemy' : 'party',
        speed: flying ? { walk: 30, fly: 60 } : { walk: size === 'gargantuan' ? 60 : 30 },
        altitude: flying ? 10 : 0,
        x,
        y,
        ...(size === 'tiny' ? { slot: 0 } : {}),
      }),
    );
  }
  return {
    text: serializeEncounter(tokens.length ? { ...e, creatures: creatures.map((c, k) => ({ ...c, token: tokens[k % tokens.length]!.id })), tokenImages: tokens } : { ...e, creatures }),
    mediums: targets.filter((t) => t.size === 'medium'),
    gargantuans: targets.filter((t) => t.size === 'gargantuan'),
  };
}
