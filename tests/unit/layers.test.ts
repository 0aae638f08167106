import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { checkLayers } from '../../scripts/check-layers.mjs';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'eb-layers-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('layering check', () => {
  it('passes on this repository', () => {
    expect(checkLayers(path.resolve(__dirname, '../..'))).toEqual([]);
  });

  it('catches every forbidden crossing', () => {
    const root = tree({
      'src-shared/a.ts': "import fs from 'node:fs';\nimport { x } from 'konva';\nimport path from 'path';\nimport { y } from '../src-renderer/b';\nconst d = import('dexie');",
      'src-renderer/b.ts': "import { h } from '../src-main/services/handlers';\nimport type { T } from '../src-main/services/handlers';\nimport { ipcRenderer } from 'electron';",
      'src-main/c.ts': "import { App } from '../src-renderer/b';\nimport { ok } from '../src-shared/a';",
    });
    const problems: string[] = checkLayers(root);
    expect(problems).toHaveLength(8);
    expect(problems.join('\n')).toMatch(/src-shared\/a\.ts:1: src-shared imports the Node module "node:fs"/);
    expect(problems.join('\n')).toMatch(/src-shared\/a\.ts:2: .*"konva"/);
    expect(problems.join('\n')).toMatch(/src-shared\/a\.ts:3: .*"path"/);
    expect(problems.join('\n')).toMatch(/src-shared\/a\.ts:4: src-shared imports src-renderer/);
    expect(problems.join('\n')).toMatch(/"dexie"/);
    expect(problems.join('\n')).toMatch(/src-renderer\/b\.ts:1: src-renderer imports src-main code/);
    expect(problems.join('\n')).toMatch(/src-main\/c\.ts:1: src-main imports the renderer/);
    expect(problems.join('\n')).toMatch(/src-renderer\/b\.ts:3: src-renderer imports "electron"/);
    expect(problems.join('\n')).not.toMatch(/b\.ts:2/);
  });

  it('keeps every renderer import pointing down its folders, and finds circles of value imports', () => {
    // The upward imports issue 18 › 9 found, in miniature: the canvas taking the minimap component and
    // Play's icons, the state taking the library (through its folder's index), a circle through state.
    const root = tree({
      'src-renderer/canvas/MapCanvas.tsx': "import { Minimap } from '../components/Minimap';\nimport { MoveIcon } from '../play/icons';\nimport type { Editor } from '../state/editor';",
      'src-renderer/components/Minimap.tsx': 'export const Minimap = 1;',
      'src-renderer/play/icons.tsx': 'export const MoveIcon = 1;',
      'src-renderer/library/index.ts': "import type { Editor } from '../state/editor';\nexport const libraryFor = 1;",
      'src-renderer/state/actions.ts': "import { libraryFor } from '../library';\nimport '../styles/x.css';",
      'src-renderer/state/document.ts': "import { exportNotice } from './exports';\nexport const doc = 1;",
      'src-renderer/state/exports.ts': "import { doc } from './document';\nexport const exportNotice = 1;",
      'src-renderer/state/editor.ts': "import type { Thing } from './document';\nexport type Editor = Thing;",
      'src-renderer/widgets/x.ts': "import { doc } from '../state/document';",
      'src-renderer/App.tsx': "import { libraryFor } from './library';\nimport { Minimap } from './components/Minimap';",
    });
    const problems: string[] = checkLayers(root);
    const text = problems.join('\n');
    expect(text).toMatch(/canvas\/MapCanvas\.tsx:1: src-renderer\/canvas imports src-renderer\/components/);
    expect(text).toMatch(/canvas\/MapCanvas\.tsx:2: src-renderer\/canvas imports src-renderer\/play/);
    expect(text).toMatch(/state\/actions\.ts:1: src-renderer\/state imports src-renderer\/library/);
    expect(text).toMatch(/widgets\/x\.ts:1: src-renderer\/widgets is not in the renderer's folder order/);
    expect(text).toMatch(/a circle of imports in the renderer: src-renderer\/state\/document\.ts → src-renderer\/state\/exports\.ts → src-renderer\/state\/document\.ts/);
    // Down is fine (canvas → state, library → state), and so are App.tsx, styles and type-only circles.
    expect(text).not.toMatch(/MapCanvas\.tsx:3|library\/index|App\.tsx|actions\.ts:2|editor\.ts/);
    expect(problems).toHaveLength(5);
  });
});
