import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src-renderer/styles/app.css';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { CreaturePanel } from '../../src-renderer/components/CreaturePanel';
import { PlayPanel } from '../../src-renderer/play/PlayPanel';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { makeCreature } from '../../src-shared/model';
import { MASS_BY_SIZE } from '../../src-shared/rules/startroid/inertia';
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

describe('the creature panel: the new fields of issue 16', () => {
  async function panelFor(ruleset: 'startroid' | '6d6', creature: Parameters<typeof makeCreature>[0]) {
    const editor = createEditor(platform);
    cleanup.push(editor.dispose);
    await editor.newEncounter({ ruleset, width: 6, height: 4, name: 'Fields' });
    editor.execute({ type: 'addCreature', creature: makeCreature(creature) });
    editor.selectCreatures([creature.id]);
    const host = document.createElement('div');
    document.body.append(host);
    cleanup.push(render(() => <CreaturePanel editor={editor} />, host));
    await frame();
    return { editor, host, input: (id: string) => host.querySelector<HTMLInputElement>(`[data-testid="${id}"]`) };
  }
  const type = (input: HTMLInputElement, value: string) => {
    input.value = value;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  };

  it('Startroid: the mass a fall hits with (startroid.txt › Inertia), blank for the size\'s default; undo restores it', async () => {
    const { editor, host, input } = await panelFor('startroid', { id: 'D', name: 'Drone', size: 'tiny', speed: { walk: 6 } });
    const mass = input('creature-mass')!;
    expect(mass.closest('label')!.textContent).toContain(`blank: ${MASS_BY_SIZE.tiny} for its size`);
    type(mass, '90');
    expect(editor.doc()!.creatures[0]!.mass).toBe(90);
    type(mass, '-3');
    expect(host.querySelector('[data-testid="field-error"]')!.textContent).toContain('Mass cannot be negative');
    expect(editor.doc()!.creatures[0]!.mass).toBe(90);
    editor.undo();
    expect(editor.doc()!.creatures[0]!.mass).toBeUndefined();
    expect(input('creature-resistance')).toBeNull();
  });

  it('6d6: the proximity resistance as dice or a score (6d6.txt › Occupied Squares); anything else is refused and kept', async () => {
    const { editor, host, input } = await panelFor('6d6', { id: 'G', name: 'Guard', side: 'enemy' });
    const field = input('creature-resistance')!;
    type(field, '2d6+1');
    expect(editor.doc()!.creatures[0]!.resistance).toBe('2d6+1');
    type(field, 'lots');
    expect(host.querySelector('[data-testid="field-error"]')!.textContent).toContain('dice like 1d6+1 or a score like 3');
    expect(editor.doc()!.creatures[0]!.resistance).toBe('2d6+1');
    type(field, '');
    expect(editor.doc()!.creatures[0]!.resistance).toBeUndefined();
    expect(input('creature-mass')).toBeNull();
  });
});

describe('the movement options in Epic Path', () => {
  it('offer the overrun outcome (epic-path.txt › Overrun) and no tumble (Acrobatics is not in the text)', async () => {
    const editor = createEditor(platform);
    cleanup.push(editor.dispose);
    await editor.newEncounter({ ruleset: 'epic-path', width: 8, height: 1, name: 'Corridor' });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'A', name: 'Aldo', x: 0, y: 0 }) });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'O', name: 'Orc', side: 'enemy', x: 2, y: 0 }) });
    editor.selectCreatures(['A']);
    const host = document.createElement('div');
    document.body.append(host);
    cleanup.push(render(() => <CreaturePanel editor={editor} />, host));
    await frame();
    expect(host.querySelector('[data-testid="move-tumble"]')).toBeNull();
    const overrun = host.querySelector<HTMLSelectElement>('[data-testid="move-overrun"]')!;
    expect(overrun.title).toContain('› Overrun');
    const costAt = (x: number) => editor.reachOnMap().find((s) => s.x === x && s.y === 0)?.cost;
    expect(costAt(3)).toBeUndefined();
    overrun.value = 'pass';
    overrun.dispatchEvent(new Event('change', { bubbles: true }));
    expect(costAt(3)).toBe(15);
  });
});
