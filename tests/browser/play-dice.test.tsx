import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src-renderer/styles/app.css';
import { PlayPanel } from '../../src-renderer/play/PlayPanel';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { parseScenario, serializeEncounter } from '../../src-shared/io';
import { actionRandom } from '../../src-shared/play';

// Issue 17 › 2 through the Play panel: the Dice roller section and the Roll of a pending attack of
// opportunity. The expected faces come from the action's own stream (`actionRandom(seed, index)`).

const platform = { edition: 'browser', recentFiles: async () => [] } as unknown as PlatformBridge;
let cleanup: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
  document.body.innerHTML = '';
});

// Epic Path: Kara walks past the bandit and provokes (epic-path.txt › Walk).
const PASSING = serializeEncounter(
  parseScenario(`ruleset: epic-path
name: Passing
map:
  . . . . .
  . A . . .
  . . B . .
  . . . . .
creatures:
  A: name=Kara size=medium side=party speed=30
  B: name=Bandit size=medium side=enemy speed=30
`),
);
const SEED = 17;

async function playing() {
  const editor = createEditor(platform);
  cleanup.push(editor.dispose);
  await editor.openSample('passing', PASSING);
  editor.enterPlay();
  expect(editor.setPlaySeed(SEED)).toBe(true);
  expect(editor.playAct({ kind: 'initiative', scores: { A: 20, B: 1 } })).not.toBeNull();
  const host = document.createElement('div');
  document.body.append(host);
  cleanup.push(render(() => <PlayPanel editor={editor} />, host));
  const $ = <T extends HTMLElement>(testid: string) => host.querySelector(`[data-testid="${testid}"]`) as T | null;
  return { editor, host, $ };
}

function stream(index: number) {
  const random = actionRandom(SEED, index);
  return (sides: number) => 1 + Math.floor(random() * sides);
}

describe('the Dice roller section', () => {
  it('Enter rolls the expression into the log and lists it with each face; a typo is answered beside the field', async () => {
    const { editor, $ } = await playing();
    const field = $<HTMLInputElement>('dice-expression')!;
    await userEvent.fill(field, '2x6');
    await userEvent.keyboard('{Enter}');
    expect($('dice-problem')!.textContent).toContain('"2x6": expected "+", "-" or the end but found "x" at character 2');
    expect(editor.playSession()!.log).toHaveLength(1);
    // The panel-wide refusal is for the board: a typo stays beside its field.
    expect($('play-refusal')).toBeNull();

    await userEvent.fill(field, '4d6kh3');
    expect($('dice-problem')).toBeNull();
    await userEvent.fill($<HTMLInputElement>('dice-what')!, 'Strength');
    await userEvent.click(field);
    await userEvent.keyboard('{Enter}');
    const log = editor.playSession()!.log;
    expect(log.at(-1)).toEqual({ kind: 'roll', dice: '4d6kh3', what: 'Strength' });
    const face = stream(log.length - 1);
    const faces = [face(6), face(6), face(6), face(6)];
    const dropped = faces.lastIndexOf(Math.min(...faces));
    const total = faces.reduce((s, v) => s + v, 0) - faces[dropped]!;
    const shown = faces.map((f, k) => (k === dropped ? `(${f})` : String(f))).join(', ');
    expect($('dice-recent')!.textContent).toBe(`Strength: 4d6kh3 → ${shown} = ${total}`);
    expect($('play-log')!.textContent).toContain(`Strength: 4d6kh3 = ${total} (GM).`);

    // A second roll is listed first; Undo takes the newest away again.
    await userEvent.fill(field, '1d20+5');
    await userEvent.fill($<HTMLInputElement>('dice-what')!, '');
    await userEvent.click($('dice-roll')!);
    const items = () => [...$('dice-recent')!.querySelectorAll('li')].map((li) => li.textContent);
    expect(items()).toHaveLength(2);
    expect(items()[0]).toMatch(/^Roll: 1d20\+5 → \d+ = \d+$/);
    editor.playUndo();
    expect(items()).toEqual([`Strength: 4d6kh3 → ${shown} = ${total}`]);
  });
});

describe('damage rolled from the Dice roller section', () => {
  it('Damage rolls the expression onto the chosen creature and lists it with the rolls', async () => {
    const { editor, $ } = await playing();
    await userEvent.fill($<HTMLInputElement>('dice-expression')!, '2d6+3');
    expect($<HTMLButtonElement>('dice-damage')!.disabled).toBe(true);
    await userEvent.selectOptions($<HTMLSelectElement>('dice-target')!, 'B');
    await userEvent.click($('dice-damage')!);
    const log = editor.playSession()!.log;
    expect(log.at(-1)).toEqual({ kind: 'damage', creature: 'B', dice: '2d6+3' });
    const face = stream(log.length - 1);
    const total = face(6) + face(6) + 3;
    expect(editor.playState()!.health.get('B')!.damage).toBe(total);
    expect($('dice-recent')!.textContent).toMatch(new RegExp(`^Damage to Bandit: 2d6\\+3 → \\d+, \\d+ = ${total}$`));
    // A typo is answered beside the field; nothing reaches the log.
    await userEvent.fill($<HTMLInputElement>('dice-expression')!, '2d6+3d');
    await userEvent.click($('dice-damage')!);
    expect($('dice-problem')!.textContent).toContain('a die needs its number of sides after "d" (the end)');
    expect(editor.playSession()!.log).toHaveLength(log.length);
  });
});

describe('a pending attack of opportunity rolled from the panel', () => {
  it('Roll sets the kept profiles from the fields, rolls the attack against the number and puts the damage on the target', async () => {
    const { editor, $ } = await playing();
    expect(editor.playAct({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 1 }, { x: 3, y: 1 }, { x: 4, y: 1 }] })).not.toBeNull();
    const pending = editor.playState()!.pending.find((p) => p.status === 'open')!;
    const id = pending.id;
    expect($(`aoo-roll-${id}`)).not.toBeNull();

    // No target number yet: said beside the attack, nothing logged.
    await userEvent.fill($<HTMLInputElement>(`aoo-attack-${id}`)!, '1d20+5');
    await userEvent.fill($<HTMLInputElement>(`aoo-damage-${id}`)!, '1d6+1');
    await userEvent.click($(`aoo-roll-${id}`)!);
    expect($(`aoo-problem-${id}`)!.textContent).toBe("Give Kara's target number (a whole number), the total an attack must reach to hit.");
    const before = editor.playSession()!.log.length;
    expect(before).toBe(2);

    // 1d20+5 against 6 always hits: Enter in the number field rolls.
    await userEvent.fill($<HTMLInputElement>(`aoo-against-${id}`)!, '6');
    await userEvent.keyboard('{Enter}');
    const log = editor.playSession()!.log;
    expect(log.slice(before)).toEqual([
      { kind: 'attack-profile', creature: 'B', attack: '1d20+5', damage: '1d6+1' },
      { kind: 'attack-profile', creature: 'A', against: 6 },
      { kind: 'resolve', pending: id, outcome: 'roll' },
    ]);
    const face = stream(log.length - 1);
    const attack = face(20) + 5;
    const damage = face(6) + 1;
    expect(editor.playState()!.health.get('A')!.damage).toBe(damage);
    expect($('play-log')!.textContent).toContain(`Bandit's attack of opportunity on Kara hits: ${attack} (1d20+5) against 6, ${damage} damage (1d6+1) (rolled).`);
    expect($(`aoo-roll-${id}`)).toBeNull();

    // Kept for the next time: with the roll undone, the fields show the kept profiles, and Roll
    // rolls again without setting them again (the same stream: the same dice).
    editor.playUndo();
    expect($<HTMLInputElement>(`aoo-attack-${id}`)!.value).toBe('1d20+5');
    expect($<HTMLInputElement>(`aoo-damage-${id}`)!.value).toBe('1d6+1');
    expect($<HTMLInputElement>(`aoo-against-${id}`)!.value).toBe('6');
    await userEvent.click($(`aoo-roll-${id}`)!);
    expect(editor.playSession()!.log).toHaveLength(log.length);
    expect(editor.playState()!.health.get('A')!.damage).toBe(damage);
  });

  it('a typo in the attack is answered beside it and nothing is logged', async () => {
    const { editor, $ } = await playing();
    expect(editor.playAct({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 1 }, { x: 3, y: 1 }, { x: 4, y: 1 }] })).not.toBeNull();
    const id = editor.playState()!.pending[0]!.id;
    await userEvent.fill($<HTMLInputElement>(`aoo-attack-${id}`)!, '1d20+');
    await userEvent.fill($<HTMLInputElement>(`aoo-against-${id}`)!, '12');
    await userEvent.click($(`aoo-roll-${id}`)!);
    expect($(`aoo-problem-${id}`)!.textContent).toBe('"1d20+": "+" at character 5 needs dice or a number after it.');
    expect(editor.playSession()!.log).toHaveLength(2);
    // Hit and Miss stay as they were.
    await userEvent.click($(`aoo-miss-${id}`)!);
    expect(editor.playSession()!.log.at(-1)).toEqual({ kind: 'resolve', pending: id, outcome: 'miss' });
  });
});
