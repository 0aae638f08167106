import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src-renderer/styles/app.css';
import { PlayPanel } from '../../src-renderer/play/PlayPanel';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { makeCreature } from '../../src-shared/model';

// Issue 17 › Structure: per-creature state is keyed by a Map, never a plain object. The Initiative
// section's typed modifiers and scores were objects, so for a creature whose id is an Object member
// (`constructor`, `toString`) "Enter scores" read the inherited member as its score and entered none.

const platform = { edition: 'browser', recentFiles: async () => [] } as unknown as PlatformBridge;
let cleanup: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
  document.body.innerHTML = '';
});
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

describe('the Initiative section, per creature', () => {
  it('keeps what was typed by creature id, whatever the id', async () => {
    const editor = createEditor(platform);
    cleanup.push(editor.dispose);
    await editor.newEncounter({ ruleset: 'epic-path', width: 6, height: 4, name: 'Ids' });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'constructor', name: 'Builder', x: 0, y: 0 }) });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'toString', name: 'Talker', x: 2, y: 0 }) });
    editor.enterPlay();
    const host = document.createElement('div');
    document.body.append(host);
    cleanup.push(render(() => <PlayPanel editor={editor} />, host));
    await frame();
    const box = (what: 'score' | 'mod', id: string) => host.querySelector<HTMLInputElement>(`[data-testid="init-${what}-${id}"]`)!;
    // Nothing typed yet: every box is empty.
    for (const id of ['constructor', 'toString']) {
      expect(box('score', id).value).toBe('');
      expect(box('mod', id).value).toBe('');
    }
    // A score for the builder only: the talker has none, so only the builder is in the order.
    box('score', 'constructor').value = '14';
    box('score', 'constructor').dispatchEvent(new InputEvent('input', { bubbles: true }));
    host.querySelector<HTMLButtonElement>('[data-testid="play-enter-initiative"]')!.click();
    await frame();
    expect(editor.playRefusal()).toBeNull();
    expect(editor.playState()!.order.map((o) => [o.creature, o.score])).toEqual([['constructor', 14]]);
  });
});
