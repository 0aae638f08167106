import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../../src-shared/commands';
import { deleteRegion, mirrorRegion, moveRegion, nearestOffset, pasteRegion, rotateRegion, type RegionEdit } from '../../../src-shared/commands/regions';
import { createEncounter, LAYER_NAMES, makeCreature, type Creature, type Encounter, type MapLabel, type MapPoint, type SizeCategory } from '../../../src-shared/model';
import { clipRegion, cutOut, regionHas, regionOfRect, regionOfSquares, type SquareRegion } from '../../../src-shared/model/map-piece';
import { footprintOf } from '../../../src-shared/rules/sizes';

// Region edits at speed (issue 18 › 1) against a plain reference written from what each edit means,
// square by square, on random small maps with every layer painted, edges, labels, lights, drawn walls
// and creatures of every size (Tiny ones sharing a square by quarters). The reference knows nothing of
// pieces, runs or grid lines: a square goes where the turn takes its box; an edge lies between two
// squares and goes to the edge between their images.

type Pt = { x: number; y: number };
const SIZES: SizeCategory[] = ['tiny', 'small', 'medium', 'large', 'huge'];

/** A map painted from a seed: every layer, edges, creatures, labels and lights on quarter-square positions (exact in floating point). */
function randomMap(width: number, height: number, seed: number): Encounter {
  let s = seed >>> 0;
  const rand = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const int = (n: number) => Math.floor(rand() * n);
  const e = createEncounter({ ruleset: 'd20-35', width, height });
  const n = width * height;
  for (const name of LAYER_NAMES) {
    const layer = e.map[name];
    for (let i = 0; i < n; i++) if (rand() < 0.5) layer[i] = name === 'elevation' || name === 'waterDepth' ? int(20) * 0.5 : 1 + int(4);
  }
  const count = int(5);
  for (let k = 0; k < count; k++) {
    const size = SIZES[int(SIZES.length)]!;
    const c = makeCreature({ id: `c${k}`, name: `Creature ${k}`, size, x: int(width), y: int(height) });
    e.creatures.push(footprintOf('d20-35', size).perSquare > 1 ? { ...c, slot: int(4) } : c);
  }
  const quarter = (side: number) => int(side * 4 + 1) / 4;
  e.labels = Array.from({ length: int(4) }, (_, k): MapLabel => ({ id: `L${k % 2}${k > 1 ? '-b' : ''}`, kind: 'label', text: `label ${k}`, x: quarter(width), y: quarter(height) }));
  e.lights = Array.from({ length: int(3) }, () => ({ x: quarter(width), y: quarter(height), range: 4, intensity: 1, color: '#ffffff', shadows: false }));
  e.drawn = { walls: Array.from({ length: int(3) }, () => [{ x: quarter(width), y: quarter(height) }, { x: quarter(width), y: quarter(height) }]), portals: [] };
  return e;
}

/** Where a region edit takes a point: `point` in map squares (fractional). */
interface Motion {
  point(p: Pt): Pt;
}

/** The top-left square of the image of the box [x, x + side] × [y, y + side]. */
function boxImage(m: Motion, x: number, y: number, side: number): Pt {
  const corners = [m.point({ x, y }), m.point({ x: x + side, y }), m.point({ x, y: y + side }), m.point({ x: x + side, y: y + side })];
  return { x: Math.min(...corners.map((c) => c.x)), y: Math.min(...corners.map((c) => c.y)) };
}

/** A point lies on a region when a square of it holds the point, its border included. */
function onRegion(r: SquareRegion, p: Pt): boolean {
  for (const y of [Math.floor(p.y), Math.ceil(p.y) - 1]) for (const x of [Math.floor(p.x), Math.ceil(p.x) - 1]) if (regionHas(r, x, y)) return true;
  return false;
}

/**
 * The encounter after taking the squares of `from` up and putting them down where `m` takes them
 * (`m` null: a delete). Everything on the squares goes with them; what they leave is cleared, unless
 * `leave` is false (a copy put down: only the squares' layers are meant then).
 */
function reference(e: Encounter, from: SquareRegion, m: Motion | null, leave = true): Encounter {
  const { width: W, height: H } = e.map;
  const map = { ...e.map };
  const inFrom = (x: number, y: number) => regionHas(from, x, y);
  const onMap = (q: Pt) => q.x >= 0 && q.y >= 0 && q.x < W && q.y < H;
  const squares: Pt[] = [];
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (inFrom(x, y)) squares.push({ x, y });
  for (const name of LAYER_NAMES) {
    if (name === 'edgeEast' || name === 'edgeSouth') continue;
    const layer = e.map[name].slice();
    if (leave) for (const s of squares) layer[s.y * W + s.x] = 0;
    if (m) {
      for (const s of squares) {
        const q = boxImage(m, s.x, s.y, 1);
        if (onMap(q)) layer[q.y * W + q.x] = e.map[name][s.y * W + s.x]!;
      }
    }
    (map as Record<string, unknown>)[name] = layer;
  }
  // Edges between a square of the region and its neighbours: where each is stored (east of the
  // left square, south of the upper one), if that square is on the map.
  const slot = (a: Pt, b: Pt): { layer: 'edgeEast' | 'edgeSouth'; i: number } | null => {
    const first = a.x + a.y < b.x + b.y ? a : b;
    if (first.x < 0 || first.y < 0 || first.x >= W || first.y >= H) return null;
    return { layer: a.y === b.y ? 'edgeEast' : 'edgeSouth', i: first.y * W + first.x };
  };
  const held = new Map<string, { a: Pt; b: Pt; value: number }>();
  for (const s of squares) {
    for (const d of [{ x: 1, y: 0 }, { x: -1, y: 0 }, { x: 0, y: 1 }, { x: 0, y: -1 }]) {
      const b = { x: s.x + d.x, y: s.y + d.y };
      const at = slot(s, b);
      if (at) held.set(`${at.layer} ${at.i}`, { a: s, b, value: e.map[at.layer][at.i]! });
    }
  }
  const edges = { edgeEast: e.map.edgeEast.slice(), edgeSouth: e.map.edgeSouth.slice() };
  for (const key of leave ? held.keys() : []) {
    const [layer, i] = key.split(' ') as ['edgeEast' | 'edgeSouth', string];
    edges[layer][Number(i)] = 0;
  }
  if (m) {
    for (const { a, b, value } of held.values()) {
      // An edge inside the region always goes; one on its border only where there is one (a floor
      // put down beside a wall leaves the wall).
      if (!(inFrom(a.x, a.y) && inFrom(b.x, b.y)) && !value) continue;
      const to = slot(boxImage(m, a.x, a.y, 1), boxImage(m, b.x, b.y, 1));
      if (to) edges[to.layer][to.i] = value;
    }
  }
  map.edgeEast = edges.edgeEast;
  map.edgeSouth = edges.edgeSouth;

  const side = (c: Creature) => Math.max(1, footprintOf(e.ruleset, c.size).side);
  const taken = (c: Creature) => {
    for (let y = c.y; y < c.y + side(c); y++) for (let x = c.x; x < c.x + side(c); x++) if (!inFrom(x, y)) return false;
    return true;
  };
  const moved: Creature[] = [];
  if (m) {
    for (const c of e.creatures.filter(taken)) {
      const q = boxImage(m, c.x, c.y, side(c));
      if (q.x < 0 || q.y < 0 || q.x + side(c) > W || q.y + side(c) > H) continue;
      const next = { ...c, x: q.x, y: q.y };
      if (c.slot !== undefined && c.slot <= 3 && footprintOf(e.ruleset, c.size).perSquare > 1) {
        // The middle of its quarter, taken along: which quarter of its new square it falls in.
        const p = m.point({ x: c.x + 0.25 + 0.5 * (c.slot % 2), y: c.y + 0.25 + 0.5 * Math.floor(c.slot / 2) });
        next.slot = (p.y - q.y > 0.5 ? 2 : 0) + (p.x - q.x > 0.5 ? 1 : 0);
      }
      moved.push(next);
    }
  }
  const on = (p: Pt) => onRegion(from, p);
  const within = (p: Pt) => p.x >= 0 && p.y >= 0 && p.x <= W && p.y <= H;
  const move = <P extends MapPoint>(p: P): P => ({ ...p, ...m!.point(p) });
  const labels = (e.labels ?? []).filter((l) => !on(l));
  const ids = new Set(labels.map((l) => l.id));
  if (m) {
    for (const l of (e.labels ?? []).filter(on).map(move)) {
      if (!within(l)) continue;
      let id = l.id;
      for (let k = 2; ids.has(id); k++) id = `${l.id}-${k}`;
      ids.add(id);
      labels.push({ ...l, id });
    }
  }
  const lights = [...(e.lights ?? []).filter((l) => !on(l)), ...(m ? (e.lights ?? []).filter(on).map(move).filter(within) : [])];
  const walls = [...(e.drawn?.walls ?? []).filter((w) => !w.every(on)), ...(m ? (e.drawn?.walls ?? []).filter((w) => w.every(on)).map((w) => w.map(move)).filter((w) => w.every(within)) : [])];
  return { ...e, map, creatures: [...e.creatures.filter((c) => !taken(c)), ...moved], labels, lights, drawn: { walls, portals: [] } };
}

/** Everything a region edit can change, in plain values. */
function state(e: Encounter) {
  return {
    layers: Object.fromEntries(LAYER_NAMES.map((n) => [n, Array.from(e.map[n])])),
    creatures: e.creatures,
    labels: e.labels ?? [],
    lights: e.lights ?? [],
    walls: e.drawn?.walls ?? [],
  };
}

/** Applies an edit, checks it against the reference and that its undo gives the encounter back exactly. */
function check(e: Encounter, edit: RegionEdit | null, expected: Encounter | null): void {
  expect(edit === null).toBe(expected === null);
  if (!edit || !expected) return;
  const done = applyCommand(e, edit.command);
  expect(state(done.doc)).toEqual(state(expected));
  expect(state(applyCommand(done.doc, done.inverse).doc)).toEqual(state(e));
}

/** The point motion of a region's box turned clockwise `turns` times or flipped, put down with its top-left at `at`. */
function boxMotion(r: SquareRegion, at: Pt, change: { turns: number } | { axis: 'horizontal' | 'vertical' }): Motion {
  const { width: w, height: h } = r;
  const inBox = (p: Pt): Pt => {
    const x = p.x - r.x;
    const y = p.y - r.y;
    if ('axis' in change) return change.axis === 'horizontal' ? { x: w - x, y } : { x, y: h - y };
    switch (((change.turns % 4) + 4) % 4) {
      case 1:
        return { x: h - y, y: x };
      case 2:
        return { x: w - x, y: h - y };
      case 3:
        return { x: y, y: w - x };
      default:
        return { x, y };
    }
  };
  return { point: (p) => ({ x: inBox(p).x + at.x, y: inBox(p).y + at.y }) };
}

/** Where a turned box goes (about its middle, half squares toward the old corner), shifted to the nearest place on the map clear of creatures that stay. */
function turnedPlace(e: Encounter, r: SquareRegion, wanted: Pt, change: { turns: number } | { axis: 'horizontal' | 'vertical' }): Pt | null {
  const probe = boxMotion(r, { x: 0, y: 0 }, change);
  const squares: Pt[] = [];
  for (let y = r.y; y < r.y + r.height; y++) for (let x = r.x; x < r.x + r.width; x++) if (regionHas(r, x, y)) squares.push(boxImage(probe, x, y, 1));
  const odd = 'turns' in change && change.turns % 2 !== 0;
  const [tw, th] = odd ? [r.height, r.width] : [r.width, r.height];
  const staying = e.creatures.filter((c) => {
    const side = Math.max(1, footprintOf(e.ruleset, c.size).side);
    for (let y = c.y; y < c.y + side; y++) for (let x = c.x; x < c.x + side; x++) if (!regionHas(r, x, y)) return true;
    return false;
  });
  const fits = (at: Pt) =>
    at.x >= 0 && at.y >= 0 && at.x + tw <= e.map.width && at.y + th <= e.map.height &&
    !staying.some((c) => {
      const side = Math.max(1, footprintOf(e.ruleset, c.size).side);
      return squares.some((q) => q.x + at.x >= c.x && q.x + at.x < c.x + side && q.y + at.y >= c.y && q.y + at.y < c.y + side);
    });
  return nearestOffset(wanted, fits, 64);
}

const arbitraryCase = fc.record({
  width: fc.integer({ min: 1, max: 9 }),
  height: fc.integer({ min: 1, max: 9 }),
  seed: fc.integer(),
  // A rectangle (partly off the map at times) or a scattered set of squares.
  corners: fc.tuple(fc.integer({ min: -2, max: 10 }), fc.integer({ min: -2, max: 10 }), fc.integer({ min: -2, max: 10 }), fc.integer({ min: -2, max: 10 })),
  scattered: fc.option(fc.array(fc.tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 })), { minLength: 1, maxLength: 30 }), { nil: undefined }),
});

type Case = typeof arbitraryCase extends fc.Arbitrary<infer T> ? T : never;

function caseOf(c: Case): { e: Encounter; region: SquareRegion } | null {
  const e = randomMap(c.width, c.height, c.seed);
  const [x0, y0, x1, y1] = c.corners;
  const region = clipRegion(c.scattered ? regionOfSquares(c.scattered.map(([x, y]) => ({ x, y }))) : regionOfRect({ x: x0, y: y0 }, { x: x1, y: y1 }), e.map);
  return region.width ? { e, region } : null;
}

describe('region edits against a square-by-square reference', () => {
  it('move by any offset, onto itself or partly off the map', () => {
    fc.assert(
      fc.property(arbitraryCase, fc.integer({ min: -6, max: 6 }), fc.integer({ min: -6, max: 6 }), (c, dx, dy) => {
        const got = caseOf(c);
        if (!got) return;
        const { e, region } = got;
        check(e, moveRegion(e, region, dx, dy), reference(e, region, { point: (p) => ({ x: p.x + dx, y: p.y + dy }) }));
      }),
      { numRuns: 300, examples: [[{ width: 9, height: 9, seed: -584936992, corners: [0, 0, 0, 0], scattered: [[7, 0], [5, 6]] }, 0, -1]] },
    );
  });

  it('turn by one, two or three quarter turns either way, shifted to fit', () => {
    fc.assert(
      fc.property(arbitraryCase, fc.constantFrom(1, 2, 3, -1, -2), (c, turns) => {
        const got = caseOf(c);
        if (!got) return;
        const { e, region } = got;
        const [tw, th] = turns % 2 ? [region.height, region.width] : [region.width, region.height];
        const wanted = { x: region.x + Math.trunc((region.width - tw) / 2), y: region.y + Math.trunc((region.height - th) / 2) };
        const at = turnedPlace(e, region, wanted, { turns });
        const edit = rotateRegion(e, region, turns);
        check(e, edit, at && reference(e, region, boxMotion(region, at, { turns })));
        if (edit && at) expect([edit.region.x, edit.region.y, edit.wanted]).toEqual([at.x, at.y, at.x === wanted.x && at.y === wanted.y ? undefined : wanted]);
      }),
      { numRuns: 300 },
    );
  });

  it('mirror either way, shifted to fit', () => {
    fc.assert(
      fc.property(arbitraryCase, fc.constantFrom('horizontal' as const, 'vertical' as const), (c, axis) => {
        const got = caseOf(c);
        if (!got) return;
        const { e, region } = got;
        const at = turnedPlace(e, region, { x: region.x, y: region.y }, { axis });
        check(e, mirrorRegion(e, region, axis), at && reference(e, region, boxMotion(region, at, { axis })));
      }),
      { numRuns: 300 },
    );
  });

  it('delete', () => {
    fc.assert(
      fc.property(arbitraryCase, (c) => {
        const got = caseOf(c);
        if (!got) return;
        check(got.e, deleteRegion(got.e, got.region), reference(got.e, got.region, null));
      }),
      { numRuns: 200 },
    );
  });

  it('paste: the copied squares and edges written where they land, the map under the rest of the box kept', () => {
    fc.assert(
      fc.property(arbitraryCase, fc.integer({ min: -4, max: 8 }), fc.integer({ min: -4, max: 8 }), (c, ax, ay) => {
        const got = caseOf(c);
        if (!got) return;
        const { e, region } = got;
        const edit = pasteRegion(e, cutOut(e, region), { x: ax, y: ay });
        // Pasted creatures take new ids and names (regions.test.ts): only the layers are compared here.
        const expected = reference(e, region, { point: (p) => ({ x: p.x - region.x + ax, y: p.y - region.y + ay }) }, false);
        const done = applyCommand(e, edit.command);
        for (const name of LAYER_NAMES) expect([name, Array.from(done.doc.map[name])]).toEqual([name, Array.from(expected.map[name])]);
        expect(state(applyCommand(done.doc, done.inverse).doc)).toEqual(state(e));
      }),
      { numRuns: 200 },
    );
  });
});
