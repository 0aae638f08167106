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
});
