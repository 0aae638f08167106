import { describe, expect, it } from 'vitest';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { createEditor } from '../../src-renderer/state/editor';
import { SAMPLES } from '../../src-renderer/state/samples';
import { readEncounterText } from '../../src-shared/io';
import type { PlatformBridge } from '../../src-shared/ipc';
import { EDGE_NAMES, type EdgeName } from '../../src-shared/model';

// Issue 7: a designer can build every sample map from an empty map with the tools alone. Each
// sample's map is rebuilt here through the driver (pointer input only: brush clicks with each
// layer's values, edge clicks on grid lines), compared layer by layer, then undone to empty.
// (The creatures are the creature tools' part and are not rebuilt here.)

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
const PAINTED = ['waterDepth', 'terrain', 'elevation', 'surface', 'resistance', 'blockade'] as const;

describe('every sample map can be built with the tools', () => {
  for (const sample of SAMPLES) {
    it(sample.file, async () => {
      const read = readEncounterText(sample.text, sample.file);
      if (!read.ok) throw new Error(read.error);
      const target = read.encounter.map;
      const editor = createEditor(noPlatform);
      await editor.newEncounter({ ruleset: read.encounter.ruleset, width: target.width, height: target.height, name: sample.title });
      const empty = editor.doc()!.map;
      const t = createToolDriver(editor);
      let steps = 0;
      editor.setTool('terrain');
      editor.setBrushSize(1);
      editor.setHeightMode('set');
      // Water first: painting a depth makes the square water, and the terrain is painted after it.
      for (const layer of PAINTED) {
        const want = target[layer];
        if (want.every((v) => v === 0)) continue;
        editor.setSquareLayer(layer);
        for (let i = 0; i < want.length; i++) {
          if (want[i] === editor.doc()!.map[layer][i]) continue;
          editor.setLayerValue(layer, want[i]!);
          const x = i % target.width;
          t.click({ x, y: (i - x) / target.width });
          steps++;
        }
      }
      editor.setTool('edges');
      for (const layer of ['edgeEast', 'edgeSouth'] as const) {
        target[layer].forEach((v, i) => {
          if (!v) return;
          editor.setEdgeKind(EDGE_NAMES[v] as Exclude<EdgeName, 'none'>);
          const x = i % target.width;
          const y = (i - x) / target.width;
          // The middle of the edge: the east side or the south side of the square.
          t.click(layer === 'edgeEast' ? { x: x + 1, y: y + 0.5 } : { x: x + 0.5, y: y + 1 });
          steps++;
        });
      }
      const built = editor.doc()!.map;
      for (const layer of [...PAINTED, 'edgeEast', 'edgeSouth'] as const) expect([...built[layer]], layer).toEqual([...target[layer]]);
      expect(steps).toBeGreaterThan(0);
      // And all of it undoes, one gesture at a time, back to the empty map.
      let undone = 0;
      while (editor.canUndo()) {
        editor.undo();
        undone++;
      }
      expect(undone).toBe(steps);
      for (const layer of [...PAINTED, 'edgeEast', 'edgeSouth'] as const) expect([...editor.doc()!.map[layer]], layer).toEqual([...empty[layer]]);
    });
  }
});
