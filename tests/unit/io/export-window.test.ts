import { describe, expect, it } from 'vitest';
import { foundryScene, tiledMap, uvttMap } from '../../../src-shared/io/export';
import { createEncounter, Edge, squareIndex } from '../../../src-shared/model';

// A Startroid window or force field blocks effect but not sight (startroid.txt, as the engine reads it:
// docs/rules.md); the exports carry it as each format's see-through, impassable edge.
function windowed() {
  const e = createEncounter({ ruleset: 'startroid', width: 4, height: 3, name: 'Bridge' });
  e.map.edgeEast[squareIndex(e.map, 1, 1)] = Edge.window; // the line x = 2, from y = 1 to 2
  return e;
}

describe('a window edge in the exports', () => {
  it('Foundry: a wall that stops movement but not sight, light or sound', () => {
    const scene = foundryScene(windowed(), { v12: false, imagePath: 'x.png' }) as { walls: Record<string, unknown>[]; grid: { size: number } };
    expect(scene.walls).toHaveLength(1);
    const S = scene.grid.size;
    expect(scene.walls[0]).toMatchObject({ c: [2 * S, S, 2 * S, 2 * S], move: 20, sight: 0, light: 0, sound: 0, door: 0 });
  });

  it('Universal VTT: a portal left open, which importers read as a window', () => {
    const map = uvttMap(windowed(), { pixelsPerSquare: 10, grid: false }) as { line_of_sight: unknown[]; portals: Record<string, unknown>[] };
    expect(map.line_of_sight).toEqual([]);
    expect(map.portals).toEqual([expect.objectContaining({ bounds: [{ x: 2, y: 1 }, { x: 2, y: 2 }], closed: false, freestanding: false })]);
  });

  it('Tiled: a "window" object that does not block sight', () => {
    const { map: tmj } = tiledMap(windowed(), { pixelsPerSquare: 32, tilesetImage: 'bridge-tiles.png' }) as unknown as { map: { layers: { type: string; objects?: { type: string; properties?: { name: string; value: unknown }[] }[] }[] } };
    const objects = tmj.layers.flatMap((l) => l.objects ?? []).filter((o) => o.type === 'window');
    expect(objects).toHaveLength(1);
    expect(objects[0]!.properties).toContainEqual({ name: 'blocksSight', type: 'bool', value: false });
  });
});
