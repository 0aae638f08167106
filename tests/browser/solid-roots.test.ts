import { createMemo, createRoot, createSignal } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { takeSolidRootWarnings } from './setup';

describe('Solid computations outside a root', () => {
  it('are caught by the browser setup (a test that makes one fails)', () => {
    const [n] = createSignal(1);
    createMemo(() => n() + 1);
    expect(takeSolidRootWarnings()).toHaveLength(1);
  });

  it('are not made by the editor: it owns a root, and dispose() frees it', async () => {
    const editor = createEditor({ edition: 'browser' } as unknown as PlatformBridge);
    await editor.newEncounter({ ruleset: 'd20-35', width: 8, height: 6, name: 'Roots' });
    editor.setTool('creature');
    expect(takeSolidRootWarnings()).toEqual([]);
    editor.dispose();
    createRoot((dispose) => {
      createMemo(() => 1);
      dispose();
    });
    expect(takeSolidRootWarnings()).toEqual([]);
  });
});
