import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src-renderer/styles/app.css';
import { CreaturePanel } from '../../src-renderer/components/CreaturePanel';
import { PropertiesPanel } from '../../src-renderer/components/PropertiesPanel';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { LIMITS } from '../../src-shared/io/limits';
import { makeCreature, type Creature, type RulesetId } from '../../src-shared/model';
import { fallDamage } from '../../src-shared/rules';

// Issue 18 item 5, "several creatures at once": the properties panel edits every selected creature
// (mixed values shown as such), one undo step per change; the creature fields the file format has
// and a ruleset reads; the encounter settings that had no control.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
  document.body.innerHTML = '';
});

async function setUp(ruleset: RulesetId, creatures: (Partial<Creature> & Pick<Creature, 'id'>)[] = []) {
  const editor = createEditor(noPlatform);
  await editor.newEncounter({ ruleset, width: 12, height: 8, name: 'Several' });
  for (const c of creatures) editor.execute({ type: 'addCreature', creature: makeCreature(c) });
  editor.selectCreatures(creatures.map((c) => c.id));
  return editor;
}
type Ed = Awaited<ReturnType<typeof setUp>>;
function mount(editor: Ed, panel: 'creature' | 'properties' = 'creature') {
  const host = document.createElement('div');
  host.style.cssText = 'width:320px';
  document.body.append(host);
  dispose = render(() => (panel === 'creature' ? <CreaturePanel editor={editor} /> : <PropertiesPanel editor={editor} />), host);
  return host;
}
const q = <T extends Element = HTMLInputElement>(host: HTMLElement, id: string) => host.querySelector<T>(`[data-testid=${id}]`) as T | null;
function type(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
const creature = (e: Ed, id: string) => e.doc()!.creatures.find((c) => c.id === id)!;
const selectedText = (select: HTMLSelectElement) => select.options[select.selectedIndex]?.textContent;

const goblin = { id: 'G', name: 'Goblin', side: 'enemy' as const, speed: { walk: 30 }, x: 1, y: 1, prone: true };
const wolf = { id: 'W', name: 'Wolf', side: 'neutral' as const, speed: { walk: 50 }, x: 4, y: 1 };

describe('two selected creatures in the creature panel', () => {
  it('shows mixed values as such: an empty field with a "mixed" placeholder, a "mixed" choice, an indeterminate box', async () => {
    const editor = await setUp('d20-35', [goblin, { ...wolf, name: 'Goblin', side: 'enemy' }]);
    const host = mount(editor);
    const speed = q(host, 'creature-speed')!;
    expect(speed.value).toBe('');
    expect(speed.placeholder).toBe('mixed');
    // Both are called Goblin and both are enemies: shared values are shown, not "mixed".
    expect(q(host, 'creature-name-input')!.value).toBe('Goblin');
    expect(q<HTMLSelectElement>(host, 'creature-side')!.value).toBe('enemy');
    const prone = q(host, 'creature-prone')!;
    expect(prone.indeterminate).toBe(true);
    expect(q(host, 'creature-helpless')!.indeterminate).toBe(false);
    expect(q(host, 'creature-many')!.textContent).toMatch(/all 2 selected creatures/);
    // A differing choice reads "mixed".
    editor.execute({ type: 'updateCreature', id: 'W', changes: { side: 'neutral' } });
    const side = q<HTMLSelectElement>(host, 'creature-side')!;
    expect(side.value).toBe('');
    expect(selectedText(side)).toBe('mixed');
  });

  it('a field changed once changes both, as one undo step named by the field', async () => {
    const editor = await setUp('d20-35', [goblin, wolf]);
    const host = mount(editor);
    type(q(host, 'creature-speed')!, '40');
    expect(creature(editor, 'G').speed.walk).toBe(40);
    expect(creature(editor, 'W').speed.walk).toBe(40);
    expect(q(host, 'creature-speed')!.value).toBe('40');
    expect(editor.undoLabel()).toBe('change walk speed of 2 creatures');
    choose(q<HTMLSelectElement>(host, 'creature-side')!, 'party');
    expect([creature(editor, 'G').side, creature(editor, 'W').side]).toEqual(['party', 'party']);
    // A click on the indeterminate box sets both.
    q(host, 'creature-prone')!.click();
    expect([creature(editor, 'G').prone, creature(editor, 'W').prone]).toEqual([true, true]);
    expect(q(host, 'creature-prone')!.indeterminate).toBe(false);
    editor.undo();
    expect([creature(editor, 'G').prone, creature(editor, 'W').prone]).toEqual([true, false]);
    editor.undo();
    expect([creature(editor, 'G').side, creature(editor, 'W').side]).toEqual(['enemy', 'neutral']);
    // One undo takes the speed of both back.
    editor.undo();
    expect([creature(editor, 'G').speed.walk, creature(editor, 'W').speed.walk]).toEqual([30, 50]);
    expect(editor.canUndo()).toBe(true); // the two creatures added
    expect(q(host, 'creature-speed')!.placeholder).toBe('mixed');
  });

  it('a speed given to both keeps each one\'s other speeds; a refused number keeps the mixed values', async () => {
    const editor = await setUp('epic-path', [{ ...goblin, speed: { walk: 30, fly: 60 } }, wolf]);
    const host = mount(editor);
    const swim = q(host, 'creature-swim')!;
    type(swim, '20');
    expect(creature(editor, 'G').speed).toEqual({ walk: 30, fly: 60, swim: 20 });
    expect(creature(editor, 'W').speed).toEqual({ walk: 50, swim: 20 });
    const walk = q(host, 'creature-speed')!;
    type(walk, '-5');
    expect(q(host, 'field-error')!.textContent).toBe("Speed cannot be negative (-5); kept each creature's own.");
    expect(walk.value).toBe('');
    expect([creature(editor, 'G').speed.walk, creature(editor, 'W').speed.walk]).toEqual([30, 50]);
  });

  it('a name typed for both, and the Remove line says which creature the movement is for', async () => {
    const editor = await setUp('epic-path', [goblin, wolf]);
    const host = mount(editor);
    expect(q(host, 'creature-name-input')!.placeholder).toBe('mixed');
    expect(q(host, 'creature-name')!.textContent).toMatch(/and 1 more selected; the movement below is Goblin's/);
    type(q(host, 'creature-name-input')!, 'Raider');
    expect([creature(editor, 'G').name, creature(editor, 'W').name]).toEqual(['Raider', 'Raider']);
    editor.undo();
    expect([creature(editor, 'G').name, creature(editor, 'W').name]).toEqual(['Goblin', 'Wolf']);
  });
});

describe('creature fields the file format has, where the ruleset reads them', () => {
  it('swim, climb and burrow speeds: in every ruleset with speeds, citing the rule; a new mode in the Mode list; the limit refused', async () => {
    for (const [ruleset, cite] of [
      ['epic-path', /Epic Path › Alternative Movement Types › Swim/],
      ['d20-35', /d20 SRD 3\.5 › Movement Modes › Swim/],
      ['d20-30', /docs\/rules\.md/],
      ['startroid', /docs\/rules\.md/],
    ] as const) {
      const editor = await setUp(ruleset, [goblin]);
      const host = mount(editor);
      expect(q(host, 'creature-swim')!.title, ruleset).toMatch(cite);
      expect(q(host, 'creature-climb'), ruleset).not.toBeNull();
      expect(q(host, 'creature-burrow'), ruleset).not.toBeNull();
      const modes = () => [...q<HTMLSelectElement>(host, 'move-mode')!.options].map((o) => o.value);
      expect(modes()).not.toContain('climb');
      type(q(host, 'creature-climb')!, '20');
      expect(creature(editor, 'G').speed.climb).toBe(20);
      expect(modes()).toContain('climb');
      type(q(host, 'creature-burrow')!, String(LIMITS.speed + 1));
      expect(q(host, 'field-error')!.textContent).toBe(`Burrow speed is at most ${LIMITS.speed} (${LIMITS.speed + 1}); kept 0.`);
      expect(creature(editor, 'G').speed.burrow).toBeUndefined();
      editor.undo();
      expect(creature(editor, 'G').speed.climb).toBeUndefined();
      dispose!();
      dispose = null;
    }
    // 6d6 has no speeds at all (an action score): none of them.
    const editor = await setUp('6d6', [goblin]);
    const host = mount(editor);
    expect(q(host, 'creature-swim')).toBeNull();
    expect(q(host, 'creature-climb')).toBeNull();
  });

  it('fly maneuverability: d20 3.0 only (› Tactical Aerial Movement), for flyers; set on two flyers at once', async () => {
    const editor = await setUp('d20-30', [{ ...goblin, speed: { walk: 20, fly: 60, maneuverability: 'poor' } }, { ...wolf, speed: { walk: 20, fly: 40 } }]);
    const host = mount(editor);
    const pick = q<HTMLSelectElement>(host, 'creature-maneuverability')!;
    expect(pick.title).toMatch(/d20 3\.0 combat › Tactical Aerial Movement › Maneuverability/);
    // Poor and unset (average) differ.
    expect(selectedText(pick)).toBe('mixed');
    choose(pick, 'good');
    expect(creature(editor, 'G').speed).toEqual({ walk: 20, fly: 60, maneuverability: 'good' });
    expect(creature(editor, 'W').speed).toEqual({ walk: 20, fly: 40, maneuverability: 'good' });
    editor.undo();
    expect(creature(editor, 'G').speed.maneuverability).toBe('poor');
    expect(creature(editor, 'W').speed.maneuverability).toBeUndefined();
    dispose!();
    // d20 3.5 names the classes but gives them no movement rule; a walker has no maneuverability.
    for (const [ruleset, c] of [['d20-35', { ...goblin, speed: { walk: 30, fly: 60 } }], ['d20-30', goblin]] as const) {
      const other = await setUp(ruleset, [c]);
      const h = mount(other);
      expect(q(h, 'creature-maneuverability'), ruleset).toBeNull();
      dispose!();
      dispose = null;
    }
  });

  it('reach: d20 and Epic Path, blank for the size\'s natural reach; it moves the zone a path provokes from', async () => {
    const editor = await setUp('d20-35', [{ id: 'A', name: 'Aldo', x: 1, y: 3 }, { id: 'O', name: 'Ogre', side: 'enemy', x: 5, y: 1 }]);
    editor.selectCreatures(['O']);
    const host = mount(editor);
    const reach = q(host, 'creature-reach')!;
    expect(reach.closest('label')!.textContent).toContain('blank: 5 for its size');
    expect(reach.title).toMatch(/d20 SRD 3\.5 › Big and Little Creatures in Combat/);
    type(reach, '10');
    expect(creature(editor, 'O').reach).toBe(10);
    editor.selectCreatures(['A']);
    // Along row 3 the path passes 2 squares from the ogre: inside a 10 ft reach.
    editor.setHover({ x: 7, y: 3 });
    expect(q(host, 'path-summary')!.textContent).toMatch(/provokes Ogre/);
    editor.selectCreatures(['O']);
    type(q(host, 'creature-reach')!, '');
    expect(creature(editor, 'O').reach).toBeUndefined();
    editor.undo();
    expect(creature(editor, 'O').reach).toBe(10);
    dispose!();
    for (const [ruleset, shown] of [['epic-path', true], ['d20-30', true], ['startroid', false], ['6d6', false]] as const) {
      const other = await setUp(ruleset, [goblin]);
      const h = mount(other);
      expect(!!q(h, 'creature-reach'), ruleset).toBe(shown);
      dispose!();
      dispose = null;
    }
  });

  it('race: d20 3.5 only (a dwarf keeps 20 ft in armour, › Tactical Speed), and the speed follows it', async () => {
    const editor = await setUp('d20-35', [{ id: 'D', name: 'Dwarf', speed: { walk: 20 }, armor: 'heavy', x: 1, y: 1 }]);
    const host = mount(editor);
    const race = q(host, 'creature-race')!;
    expect(race.title).toMatch(/d20 SRD 3\.5 › How Far Can Your Character Move\?/);
    expect((editor.reach() as { reach: { budget: number } }).reach.budget).toBe(15);
    type(race, 'dwarf');
    expect(creature(editor, 'D').race).toBe('dwarf');
    expect((editor.reach() as { reach: { budget: number } }).reach.budget).toBe(20);
    type(q(host, 'creature-race')!, '');
    expect(creature(editor, 'D').race).toBeUndefined();
    dispose!();
    // In the 3.0 table the dwarf slows too: the field would do nothing there.
    const other = await setUp('d20-30', [{ id: 'D', name: 'Dwarf', race: 'dwarf', x: 1, y: 1 }]);
    expect(q(mount(other), 'creature-race')).toBeNull();
  });

  it('fills its space: the d20 texts only (› Designated Exceptions), set on both at once', async () => {
    const editor = await setUp('d20-30', [goblin, wolf]);
    const host = mount(editor);
    const box = q(host, 'creature-fills-space')!;
    expect(box.title).toMatch(/d20 3\.0 combat › Moving Trough a Square/);
    box.click();
    expect([creature(editor, 'G').fillsSpace, creature(editor, 'W').fillsSpace]).toEqual([true, true]);
    editor.undo();
    expect([creature(editor, 'G').fillsSpace, creature(editor, 'W').fillsSpace]).toEqual([undefined, undefined]);
    dispose!();
    const other = await setUp('epic-path', [goblin]);
    expect(q(mount(other), 'creature-fills-space')).toBeNull();
  });
});

describe('encounter settings in the properties panel', () => {
  it('Epic Path: the run multiplier (› Run or › Encumbrance), undoable', async () => {
    const editor = await setUp('epic-path');
    const host = mount(editor, 'properties');
    const run = q<HTMLSelectElement>(host, 'setting-epic-path-run')!;
    expect(run.value).toBe('run');
    expect(run.title).toMatch(/Epic Path › Run, › Encumbrance/);
    choose(run, 'encumbrance');
    expect(editor.doc()!.settings.epicPathRun).toBe('encumbrance');
    expect(editor.undoLabel()).toBe('change the run multiplier');
    editor.undo();
    expect(editor.doc()!.settings.epicPathRun).toBeUndefined();
    expect(q<HTMLSelectElement>(host, 'setting-epic-path-run')!.value).toBe('run');
  });

  it('Epic Path: the fall dice cap (› Falling, 20d6 recommended): the fall follows it; out of range or a fraction refused and kept', async () => {
    const editor = await setUp('epic-path');
    const host = mount(editor, 'properties');
    const cap = q(host, 'setting-fall-dice-cap')!;
    const dice = () => fallDamage('epic-path', { height: 300, settings: editor.doc()!.settings }).dice.reduce((n, t) => n + t.count, 0);
    expect(dice()).toBe(20);
    type(cap, '25');
    expect(editor.doc()!.settings.fallDiceCap).toBe(25);
    expect(dice()).toBe(25);
    type(cap, String(LIMITS.fallDiceCap + 1));
    expect(q(host, 'setting-error')!.textContent).toBe(`The fall dice cap must be a whole number from 0 to ${LIMITS.fallDiceCap} (${LIMITS.fallDiceCap + 1}); kept 25.`);
    expect(cap.value).toBe('25');
    type(cap, '2.5');
    expect(q(host, 'setting-error')!.textContent).toMatch(/whole number/);
    expect(editor.doc()!.settings.fallDiceCap).toBe(25);
    type(cap, '0');
    expect(q(host, 'setting-error')).toBeNull();
    expect(dice()).toBe(30);
    editor.undo();
    expect(editor.doc()!.settings.fallDiceCap).toBe(25);
    type(q(host, 'setting-fall-dice-cap')!, '');
    expect(editor.doc()!.settings).not.toHaveProperty('fallDiceCap');
  });

  it('Startroid: gravity in g (› Inertia), blank for 1; beyond the limit refused', async () => {
    const editor = await setUp('startroid');
    const host = mount(editor, 'properties');
    expect(q(host, 'setting-fall-dice-cap')).toBeNull();
    expect(q(host, 'setting-epic-path-run')).toBeNull();
    expect(q(host, 'setting-flight-ceiling')).toBeNull();
    const gravity = q(host, 'setting-gravity')!;
    expect(gravity.title).toMatch(/Startroid › Inertia/);
    type(gravity, '0.4');
    expect(editor.doc()!.settings.gravity).toBe(0.4);
    type(gravity, '101');
    expect(q(host, 'setting-error')!.textContent).toBe(`Gravity must be a number from 0 to ${LIMITS.gravity} (101); kept 0.4.`);
    expect(editor.doc()!.settings.gravity).toBe(0.4);
    editor.undo();
    expect(editor.doc()!.settings).not.toHaveProperty('gravity');
  });

  it('the flight ceiling: Epic Path (› Three Dimensional Movement); elsewhere only when the file sets one, to be cleared', async () => {
    const editor = await setUp('epic-path');
    const host = mount(editor, 'properties');
    const ceiling = q(host, 'setting-flight-ceiling')!;
    expect(ceiling.title).toMatch(/Epic Path › Three Dimensional Movement/);
    expect(q(host, 'setting-gravity')).toBeNull();
    type(ceiling, '30');
    expect(editor.doc()!.settings.flightCeiling).toBe(30);
    type(ceiling, '-10');
    expect(q(host, 'setting-error')!.textContent).toBe('The flight ceiling must be a number from 0 to 100000 (-10); kept 30.');
    editor.undo();
    expect(editor.doc()!.settings).not.toHaveProperty('flightCeiling');
    dispose!();

    const d20 = await setUp('d20-35');
    const h = mount(d20, 'properties');
    expect(q(h, 'setting-flight-ceiling')).toBeNull();
    d20.execute({ type: 'setSettings', settings: { flightCeiling: 20 } });
    type(q(h, 'setting-flight-ceiling')!, '');
    expect(d20.doc()!.settings).not.toHaveProperty('flightCeiling');
  });
});
