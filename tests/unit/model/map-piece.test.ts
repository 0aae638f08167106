import { describe, expect, it } from 'vitest';
import { createEncounter, Edge, makeCreature, Terrain, type Encounter } from '../../../src-shared/model';
import {
  clipRegion,
  combineRegions,
  regionOfLasso,
  regionSquares,
  cutOut,
  emptyPiece,
  mirrorPiece,
  placePiece,
  piecePlacement,
  regionOfRect,
  regionOfSquares,
  regionSize,
  rotatePiece,
  selectRegionOfKind,
  type MapPiece,
} from '../../../src-shared/model/map-piece';

// Regions of squares (issue 18 › 1): a piece cut out with everything on it, turned and mirrored with
// its edges and creatures' spaces, and put down again. Expected maps are written out by hand.

const CHAR: Record<string, number> = { '.': Terrain.normal, d: Terrain.difficult, '#': Terrain.blocked, o: Terrain.obstacle, '~': Terrain.water };
const CHAR_OF = Object.fromEntries(Object.entries(CHAR).map(([k, v]) => [v, k]));

/** An encounter whose terrain is drawn row by row with the characters above. */
function mapOf(rows: string[]): Encounter {
  const e = createEncounter({ ruleset: 'd20-35', width: rows[0]!.length, height: rows.length });
  rows.forEach((row, y) => [...row].forEach((ch, x) => (e.map.terrain[y * e.map.width + x] = CHAR[ch]!)));
  return e;
}
const rowsOf = (e: Encounter) => Array.from({ length: e.map.height }, (_, y) => Array.from({ length: e.map.width }, (_, x) => CHAR_OF[e.map.terrain[y * e.map.width + x]!]).join(''));
/** A piece's terrain with squares outside the mask as spaces. */
const pieceRows = (p: MapPiece) => Array.from({ length: p.height }, (_, y) => Array.from({ length: p.width }, (_, x) => (p.mask[y * p.width + x] ? CHAR_OF[p.squares.terrain[y * p.width + x]!] : ' ')).join(''));
/** Every edge of a piece in words: `E x,y kind` for a vertical line east of square (x, y) (x = -1: west of column 0), `S x,y` likewise. */
function pieceEdges(p: MapPiece): string[] {
  const out: string[] = [];
  for (let y = 0; y < p.height; y++) for (let x = 0; x <= p.width; x++) if (p.edges.vertical[y * (p.width + 1) + x]) out.push(`E ${x - 1},${y} ${p.edges.vertical[y * (p.width + 1) + x]}`);
  for (let y = 0; y <= p.height; y++) for (let x = 0; x < p.width; x++) if (p.edges.horizontal[y * p.width + x]) out.push(`S ${x},${y - 1} ${p.edges.horizontal[y * p.width + x]}`);
  return out.sort();
}
function mapEdges(e: Encounter): string[] {
  const out: string[] = [];
  const W = e.map.width;
  e.map.edgeEast.forEach((v, i) => v && out.push(`E ${i % W},${Math.floor(i / W)} ${v}`));
  e.map.edgeSouth.forEach((v, i) => v && out.push(`S ${i % W},${Math.floor(i / W)} ${v}`));
  return out.sort();
}

describe('cutOut', () => {
  it('takes the region’s squares, the edges inside and on its border, and creatures wholly inside', () => {
    const e = mapOf([
      '.....',
      '.d#~.',
      '.oo..',
      '.....',
    ]);
    const W = e.map.width;
    // An L: (1,1) (2,1) (3,1) and (1,2).
    const region = regionOfSquares([{ x: 1, y: 1 }, { x: 2, y: 1 }, { x: 3, y: 1 }, { x: 1, y: 2 }]);
    e.map.waterDepth[1 * W + 3] = 10;
    e.map.elevation[2 * W + 1] = 5;
    e.map.elevation[2 * W + 2] = 7; // outside the mask (inside the box)
    e.map.edgeEast[1 * W + 0] = Edge.wall; // west border of (1,1), stored on (0,1) outside the region
    e.map.edgeSouth[0 * W + 2] = Edge.doorClosed; // north border of (2,1)
    e.map.edgeEast[1 * W + 1] = Edge.low; // inside, between (1,1) and (2,1)
    e.map.edgeEast[2 * W + 2] = Edge.wall; // between (2,2) and (3,2): neither in the region
    e.creatures = [
      makeCreature({ id: 'in', x: 3, y: 1 }),
      makeCreature({ id: 'big', size: 'large', x: 1, y: 1 }), // 2 × 2: (2,2) is not in the region
      makeCreature({ id: 'out', x: 4, y: 3 }),
    ];
    e.labels = [{ id: 'L1', kind: 'label', text: 'Hall', x: 2.5, y: 1.5 }, { id: 'L2', kind: 'label', text: 'Away', x: 4.5, y: 3.5 }];

    const piece = cutOut(e, region);
    expect(piece.width).toBe(3);
    expect(piece.height).toBe(2);
    expect(pieceRows(piece)).toEqual(['d#~', 'o  ']);
    expect(piece.squares.waterDepth).toEqual([0, 0, 10, 0, 0, 0]);
    expect(piece.squares.elevation).toEqual([0, 0, 0, 5, 0, 0]);
    expect(pieceEdges(piece)).toEqual([`E -1,0 ${Edge.wall}`, `E 0,0 ${Edge.low}`, `S 1,-1 ${Edge.doorClosed}`]);
    expect(piece.creatures.map((c) => [c.id, c.x, c.y])).toEqual([['in', 2, 0]]);
    expect(piece.labels).toEqual([{ id: 'L1', kind: 'label', text: 'Hall', x: 1.5, y: 0.5 }]);
  });

  it('is plain JSON: a piece written and read back is the same piece', () => {
    const e = mapOf(['.d', '#~']);
    e.creatures = [makeCreature({ id: 'a', x: 1, y: 1, speed: { walk: 30, swim: 20 } })];
    const piece = cutOut(e, regionOfRect({ x: 0, y: 0 }, { x: 1, y: 1 }));
    expect(JSON.parse(JSON.stringify(piece))).toEqual(piece);
  });

  it('clips a region that runs off the map', () => {
    const e = mapOf(['.d', '#~']);
    const piece = cutOut(e, regionOfRect({ x: -2, y: 1 }, { x: 5, y: 4 }));
    expect([piece.width, piece.height]).toEqual([2, 1]);
    expect(pieceRows(piece)).toEqual(['#~']);
  });
});

describe('rotatePiece', () => {
  it('turns squares clockwise: (x, y) of a w × h piece goes to (h − 1 − y, x)', () => {
    const e = mapOf(['d#.', '.o~']);
    const piece = rotatePiece(cutOut(e, regionOfRect({ x: 0, y: 0 }, { x: 2, y: 1 })), 1);
    expect([piece.width, piece.height]).toEqual([2, 3]);
    expect(pieceRows(piece)).toEqual(['.d', 'o#', '~.']);
    expect(pieceRows(rotatePiece(cutOut(e, regionOfRect({ x: 0, y: 0 }, { x: 2, y: 1 })), -1))).toEqual(['.~', '#o', 'd.']);
  });

  it('turns an edge on a square’s east side to its south side, and a north border to the east border', () => {
    const e = mapOf(['...', '...']);
    e.map.edgeEast[0] = Edge.wall; // east of (0,0)
    e.map.edgeSouth[1 * 3 + 2] = Edge.doorOpen; // south of (2,1): the piece's bottom border
    const piece = rotatePiece(cutOut(e, regionOfRect({ x: 0, y: 0 }, { x: 2, y: 1 })), 1);
    // (0,0) goes to (1,0): its east side is now its south side. (2,1) goes to (0,2): its south side is now its west side.
    expect(pieceEdges(piece)).toEqual([`E -1,2 ${Edge.doorOpen}`, `S 1,0 ${Edge.wall}`]);
  });

  it('moves a Large creature’s top-left with its whole space', () => {
    const e = mapOf(['...', '...', '...']);
    e.creatures = [makeCreature({ id: 'ogre', size: 'large', x: 1, y: 0 })]; // (1..2, 0..1)
    const piece = cutOut(e, regionOfRect({ x: 0, y: 0 }, { x: 2, y: 2 }));
    // Clockwise its squares go to (2,1) (2,2) (1,1) (1,2): top-left (1,1).
    expect(rotatePiece(piece, 1).creatures[0]).toMatchObject({ x: 1, y: 1 });
    // Anticlockwise (x, y) → (y, w − 1 − x): squares (0,1) (0,0) (1,1) (1,0): top-left (0,0).
    expect(rotatePiece(piece, -1).creatures[0]).toMatchObject({ x: 0, y: 0 });
    expect(rotatePiece(piece, 2).creatures[0]).toMatchObject({ x: 0, y: 1 });
  });

  it('turns a Tiny creature’s quarter of its square with the map: top-left to top-right', () => {
    const e = mapOf(['..', '..']);
    e.creatures = [makeCreature({ id: 'rat', size: 'tiny', x: 0, y: 0, slot: 0 }), makeCreature({ id: 'bat', size: 'tiny', x: 0, y: 0, slot: 3 })];
    const piece = cutOut(e, regionOfRect({ x: 0, y: 0 }, { x: 1, y: 1 }));
    // Square (0,0) goes to (1,0); quarter (0,0) of it to (1,0) = slot 1, quarter (1,1) to (0,1) = slot 2.
    expect(rotatePiece(piece, 1).creatures.map((c) => [c.id, c.x, c.y, c.slot])).toEqual([['rat', 1, 0, 1], ['bat', 1, 0, 2]]);
    expect(mirrorPiece(piece, 'horizontal').creatures.map((c) => [c.id, c.x, c.y, c.slot])).toEqual([['rat', 1, 0, 1], ['bat', 1, 0, 2]]);
    expect(mirrorPiece(piece, 'vertical').creatures.map((c) => [c.id, c.x, c.y, c.slot])).toEqual([['rat', 0, 1, 2], ['bat', 0, 1, 1]]);
  });

  it('comes back to the same piece after four turns', () => {
    const e = mapOf(['d#.', '.o~']);
    e.map.edgeEast[0] = Edge.wall;
    e.map.edgeSouth[4] = Edge.window;
    e.creatures = [makeCreature({ id: 'a', x: 2, y: 1 })];
    e.labels = [{ id: 'n', kind: 'note', text: 'trap', x: 0.25, y: 1.75 }];
    const piece = cutOut(e, regionOfRect({ x: 0, y: 0 }, { x: 2, y: 1 }));
    expect(rotatePiece(rotatePiece(piece, 3), 1)).toEqual(piece);
    expect(rotatePiece(piece, 4)).toEqual(piece);
  });
});

describe('mirrorPiece', () => {
  it('flips left to right: an east edge becomes a west edge, a Large creature’s space flips', () => {
    const e = mapOf(['d#..', '.o~.']);
    e.map.edgeEast[0] = Edge.wall; // east of (0,0) → west of (3,0), which is east of (2,0)
    e.creatures = [makeCreature({ id: 'ogre', size: 'large', x: 0, y: 0 })];
    const piece = mirrorPiece(cutOut(e, regionOfRect({ x: 0, y: 0 }, { x: 3, y: 1 })), 'horizontal');
    expect(pieceRows(piece)).toEqual(['..#d', '.~o.']);
    expect(pieceEdges(piece)).toEqual([`E 2,0 ${Edge.wall}`]);
    expect(piece.creatures[0]).toMatchObject({ x: 2, y: 0 });
  });

  it('flips top to bottom: a south edge becomes a north edge', () => {
    const e = mapOf(['d#', '.o', '~.']);
    e.map.edgeSouth[0] = Edge.doorClosed; // south of (0,0) → north of (0,2) = south of (0,1)
    const piece = mirrorPiece(cutOut(e, regionOfRect({ x: 0, y: 0 }, { x: 1, y: 2 })), 'vertical');
    expect(pieceRows(piece)).toEqual(['~.', '.o', 'd#']);
    expect(pieceEdges(piece)).toEqual([`S 0,1 ${Edge.doorClosed}`]);
    expect(mirrorPiece(piece, 'vertical')).toEqual(cutOut(e, regionOfRect({ x: 0, y: 0 }, { x: 1, y: 2 })));
  });
});

describe('placePiece', () => {
  it('writes the mask’s squares and edges at the new place, with new creature ids, and leaves the rest', () => {
    const e = mapOf([
      'd#....',
      '.o....',
      '......',
    ]);
    const W = 6;
    e.map.edgeEast[0] = Edge.wall; // inside the 2 × 2 piece, between (0,0) and (1,0)
    e.creatures = [makeCreature({ id: 'C1', name: 'Goblin', x: 0, y: 1 })];
    const piece = cutOut(e, regionOfSquares([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }])); // (1,1) left out
    e.map.edgeEast[1 * W + 3] = Edge.wall; // east of (3,1): once placed at (3,0), on the border with the square left out
    e.map.edgeEast[0 * W + 4] = Edge.doorClosed; // east of (4,0): the placed piece's east border, which has no edge there
    const placed = placePiece(e, piece, { x: 3, y: 0 });
    expect(rowsOf(placed)).toEqual([
      'd#.d#.',
      '.o....',
      '......',
    ]);
    // The inside wall came along; the wall east of (3,1) is inside the piece's box but on its border
    // with the square left out, and the piece has none there: kept. So is the door on the border.
    expect(mapEdges(placed)).toEqual([`E 0,0 ${Edge.wall}`, `E 3,0 ${Edge.wall}`, `E 3,1 ${Edge.wall}`, `E 4,0 ${Edge.doorClosed}`]);
    expect(placed.creatures.map((c) => [c.id, c.name, c.x, c.y])).toEqual([['C1', 'Goblin', 0, 1], ['C2', 'Goblin 2', 3, 1]]);
    expect(rowsOf(e)[0]).toBe('d#....'); // the original is not changed
  });

  it('with overwriteEmptyMask clears the box’s other squares; with overwriteBorderEdges clears the border', () => {
    const e = mapOf(['##', '##']);
    e.map.edgeSouth[0] = Edge.wall; // south of (0,0)
    const piece = emptyPiece('d20-35', regionOfSquares([{ x: 0, y: 0 }, { x: 1, y: 1 }]));
    expect(rowsOf(placePiece(e, piece, { x: 0, y: 0 }))).toEqual(['.#', '#.']);
    expect(mapEdges(placePiece(e, piece, { x: 0, y: 0 }))).toEqual([`S 0,0 ${Edge.wall}`]);
    expect(mapEdges(placePiece(e, piece, { x: 0, y: 0 }, { overwriteBorderEdges: true }))).toEqual([]);
    expect(rowsOf(placePiece(e, piece, { x: 0, y: 0 }, { overwriteEmptyMask: true }))).toEqual(['..', '..']);
  });

  it('leaves out the squares and creatures that fall off the map', () => {
    const e = mapOf(['d.', '.o']);
    e.creatures = [makeCreature({ id: 'a', x: 1, y: 1 })];
    const piece = cutOut(e, regionOfRect({ x: 0, y: 0 }, { x: 1, y: 1 }));
    const p = piecePlacement(e, piece, { x: 1, y: 0 });
    expect(p.creatures).toEqual([]);
    expect(p.offMap.map((c) => c.id)).toEqual(['a']);
    expect(rowsOf(placePiece(e, piece, { x: 1, y: 0 }))).toEqual(['dd', '..']);
  });

  it('put back where it was cut, writes nothing', () => {
    const e = mapOf(['d#~', '.o.']);
    e.map.edgeEast[0] = Edge.wall;
    e.map.edgeSouth[5] = Edge.low;
    const region = regionOfSquares([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }]);
    expect(piecePlacement(e, cutOut(e, region), { x: region.x, y: region.y }).layers).toEqual([]);
  });
});

describe('combining regions', () => {
  it('adds and takes away squares, trims the box to what is left, and clips to the map', () => {
    const a = regionOfRect({ x: 1, y: 1 }, { x: 3, y: 2 });
    const added = combineRegions(a, regionOfSquares([{ x: 5, y: 0 }]), 'add');
    expect([added.x, added.y, added.width, added.height, regionSize(added)]).toEqual([1, 0, 5, 3, 7]);
    const taken = combineRegions(added, regionOfRect({ x: 1, y: 0 }, { x: 1, y: 2 }), 'subtract');
    expect([taken.x, taken.y, taken.width, taken.height, regionSize(taken)]).toEqual([2, 0, 4, 3, 5]);
    expect(regionSize(combineRegions(a, a, 'subtract'))).toBe(0);
    const clipped = clipRegion(regionOfSquares([{ x: -1, y: 0 }, { x: 0, y: 0 }, { x: 1, y: 1 }, { x: 4, y: 4 }]), { width: 3, height: 3 });
    expect([clipped.x, clipped.y, clipped.width, clipped.height, Array.from(clipped.mask)]).toEqual([0, 0, 2, 2, [1, 0, 0, 1]]);
  });

  it('a lasso takes the squares whose centres are inside the shape and those its points lie on', () => {
    // A triangle (1.2,1.2) (4.8,1.2) (1.2,4.8): centres with x + y + 1 < 6, x, y ≥ 1, and the corner squares.
    const r = regionOfLasso([{ x: 1.2, y: 1.2 }, { x: 4.8, y: 1.2 }, { x: 1.2, y: 4.8 }]);
    expect([...regionSquares(r)].map((q) => `${q.x},${q.y}`)).toEqual(['1,1', '2,1', '3,1', '4,1', '1,2', '2,2', '1,3', '1,4']);
  });
});

describe('selectRegionOfKind', () => {
  it('selects the squares joined side by side with the same terrain (and water depth)', () => {
    const e = mapOf([
      '~~.~',
      '.~.~',
      '~~~.',
    ]);
    e.map.waterDepth.fill(5);
    e.map.waterDepth[2 * 4 + 0] = 20; // deeper water is another kind
    const region = selectRegionOfKind(e, { x: 1, y: 1 });
    expect(regionSize(region)).toBe(5);
    expect([region.x, region.y, region.width, region.height]).toEqual([0, 0, 3, 3]);
    expect(Array.from(region.mask)).toEqual([1, 1, 0, 0, 1, 0, 0, 1, 1]);
    expect(regionSize(selectRegionOfKind(e, { x: 3, y: 0 }))).toBe(2); // diagonal squares are not joined
    expect(regionSize(selectRegionOfKind(e, { x: 9, y: 0 }))).toBe(0);
  });
});
