import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src-renderer/styles/app.css';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { PlayPanel } from '../../src-renderer/play/PlayPanel';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import lair from '../../resources/encounters/drake-lair.epic-path.encounter?raw';

// epic-path.txt › Forced Movement: "fall prone at any time … to avoid being forced into a hazardous
// square" — the model had `dropProne`; the Forced panel had no control for it (issue 16).

const platform = { edition: 'browser', recentFiles: async () => [] } as unknown as PlatformBridge;
let cleanup: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
  document.body.innerHTML = '';
});
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

describe('the Forced panel in Epic Path', () => {
  it('lets the target drop prone to stop a push: it stays where it is, prone', async () => {
    const editor = createEditor(platform);
    cleanup.push(editor.dispose);
    await editor.openSample('lair', lair);
    editor.enterPlay();
    expect(editor.playAct({ kind: 'initiative', scores: { K: 20, A: 15, D: 10, T: 5 } })).not.toBeNull();
    const host = document.createElement('div');
    document.body.append(host);
    cleanup.push(render(() => <PlayPanel editor={editor} />, host));
    editor.setPlayTool('play-forced');
    await frame();
    const box = host.querySelector<HTMLInputElement>('[data-testid="forced-drop-prone"]');
    expect(box).not.toBeNull();
    box!.click();
    await frame();
    expect(editor.forced().dropProne).toBe(true);
    const before = editor.playState()!.board.creatures.find((c) => c.id === 'A')!;
    createToolDriver(editor).click({ x: before.x, y: before.y });
    expect(editor.forced().target).toBe('A');
    expect(editor.commitForced()).not.toBeNull();
    const after = editor.playState()!.board.creatures.find((c) => c.id === 'A')!;
    expect({ x: after.x, y: after.y, prone: after.prone }).toEqual({ x: before.x, y: before.y, prone: true });
    expect(editor.playState()!.entries.at(-1)!.text).toContain('drops prone');
  });
});
