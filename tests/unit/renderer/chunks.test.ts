import { describe, expect, it } from 'vitest';
import { ChunkCache, changedChunks, chunkGrid, chunksIn, chunksOfSquares, CHUNK, tileChunks } from '../../../src-renderer/canvas/layers/chunks';
import { rectOfSquares, unionRect } from '../../../src-renderer/canvas/layers/terrain-pixels';
import { createSelection } from '../../../src-renderer/state/selection';

describe('map chunks', () => {
  it('finds the chunks whose squares changed, and their west and north neighbours when asked', () => {
    const width = 100;
    const grid = chunkGrid(width, 70);
    expect(grid).toEqual({ across: 4, down: 3 });
    const before = new Uint8Array(width * 70);
    const after = before.slice();
    after[5 * width + 40] = 1; // chunk (1, 0)
    after[64 * width + 99] = 1; // chunk (3, 2)
    expect([...changedChunks(before, after, width, grid)].sort((a, b) => a - b)).toEqual([1, 11]);
    const edge = before.slice();
    edge[CHUNK * width + CHUNK] = 1; // the first square of chunk (1, 1): its west and north edges are in chunks (0, 1) and (1, 0)
    expect([...changedChunks(before, edge, width, grid, true)].sort((a, b) => a - b)).toEqual([1, 4, 5]);
    expect(changedChunks(before, before.slice(), width, grid).size).toBe(0);
  });

  it("finds the same chunks from an edit's own squares as from comparing the arrays", () => {
    const width = 100;
    const grid = chunkGrid(width, 70);
    const squares = [5 * width + 40, 64 * width + 99, CHUNK * width + CHUNK];
    const before = new Uint8Array(width * 70);
    const after = before.slice();
    for (const i of squares) after[i] = 1;
    for (const spread of [false, true]) {
      expect([...chunksOfSquares(squares, width, grid, spread)].sort((a, b) => a - b)).toEqual([...changedChunks(before, after, width, grid, spread)].sort((a, b) => a - b));
    }
    expect(rectOfSquares(width, squares)).toEqual({ x: 32, y: 5, width: 68, height: 60 });
    expect(rectOfSquares(width, [])).toBeNull();
    expect(unionRect({ x: 1, y: 1, width: 2, height: 2 }, { x: 5, y: 0, width: 1, height: 1 })).toEqual({ x: 1, y: 0, width: 5, height: 3 });
  });

  it('gathers chunks into tiles of about 256 px whatever the zoom', () => {
    expect([16, 8, 4, 2, 1].map(tileChunks)).toEqual([1, 1, 2, 4, 8]);
  });

  it('lists the chunks a range of squares touches', () => {
    const grid = chunkGrid(100, 70);
    expect(chunksIn({ x0: 0, y0: 0, x1: 100, y1: 70 }, grid)).toHaveLength(12);
    expect(chunksIn({ x0: 31, y0: 31, x1: 33, y1: 33 }, grid).map((c) => c.key)).toEqual([0, 1, 4, 5]);
    expect(chunksIn({ x0: 5, y0: 5, x1: 5, y1: 9 }, grid)).toEqual([]);
  });

  it('keeps chunk bitmaps within a pixel budget, dropping the least recently used', () => {
    const cache = new ChunkCache<number>(250);
    const canvas = (w: number) => ({ width: w, height: 10 }) as HTMLCanvasElement;
    let renders = 0;
    const get = (key: number) => cache.bitmap(key, 1, () => (renders++, canvas(10)));
    get(1);
    get(2);
    get(1); // 1 is now the most recently used
    expect(renders).toBe(2);
    get(3); // 300 pixels > 250: the oldest (2) goes
    expect(renders).toBe(3);
    get(1);
    expect(renders).toBe(3);
    get(2);
    expect(renders).toBe(4);
    // Another scale is another bitmap; an invalidated chunk is rebuilt.
    cache.bitmap(2, 2, () => (renders++, canvas(10)));
    expect(renders).toBe(5);
    cache.invalidate([2]);
    expect(cache.lastInvalidated).toEqual([2]);
    cache.bitmap(2, 2, () => (renders++, canvas(10)));
    expect(renders).toBe(6);
  });
});

describe('selection', () => {
  it('is a set of creatures; the panels show the first', () => {
    const s = createSelection();
    expect(s.selectedCreature()).toBeNull();
    s.selectCreatures(['B', 'A']);
    expect(s.selectedCreature()).toBe('B');
    expect(s.isSelected('A')).toBe(true);
    s.setSelectedCreature('C');
    expect([...s.selectedIds()]).toEqual(['C']);
    s.setInspectedSquare({ x: 1, y: 2 });
    s.clearSelection();
    expect(s.selectedIds().size).toBe(0);
    expect(s.inspectedSquare()).toBeNull();
  });
});
