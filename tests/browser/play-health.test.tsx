import Konva from 'konva';
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src-renderer/styles/app.css';
import { healthNodes, titleAt } from '../../src-renderer/canvas/layers/play-health';
import { MapCanvas } from '../../src-renderer/canvas/MapCanvas';
import { PlayPanel } from '../../src-renderer/play/PlayPanel';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import lair from '../../resources/encounters/drake-lair.epic-path.encounter?raw';
import goblins from '../../resources/encounters/goblin-ambush.d20-35.encounter?raw';

// Issue 17 › 3: hit points and conditions in the Play panel (every change a logged action) and on
// the tokens (a bar when hit points are known, a badge per condition), read from the Konva nodes.

const platform = { edition: 'browser', recentFiles: async () => [] } as unknown as PlatformBridge;
let cleanup: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
  document.body.innerHTML = '';
});
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

async function playing(text: string, name: string, scores: Record<string, number>) {
  const editor = createEditor(platform);
  cleanup.push(editor.dispose);
  await editor.openSample(name, text);
  editor.enterPlay();
  expect(editor.setPlaySeed(5)).toBe(true);
  expect(editor.playAct({ kind: 'initiative', scores })).not.toBeNull();
  return editor;
}
function mountPanel(editor: ReturnType<typeof createEditor>) {
  const host = document.createElement('div');
  document.body.append(host);
  cleanup.push(render(() => <PlayPanel editor={editor} />, host));
  return host;
}
const q = <T extends Element = HTMLElement>(host: HTMLElement, testid: string) => host.querySelector<T & HTMLElement>(`[data-testid="${testid}"]`)!;
function type(input: HTMLInputElement, value: string, event: 'change' | 'input') {
  input.value = value;
  input.dispatchEvent(new Event(event, { bubbles: true }));
}

const LAIR_ORDER = { K: 20, A: 15, D: 10, T: 5 };

describe('the Health section of the Play panel', () => {
  it('sets maximum and temporary hit points, damages and heals the current creature: each a log entry, undone by Undo', async () => {
    const editor = await playing(lair, 'lair', LAIR_ORDER);
    const host = mountPanel(editor);
    await frame();
    expect(q(host, 'health-edit').dataset['creature']).toBe('K');
    type(q<HTMLInputElement>(host, 'hp-K'), '12', 'change');
    type(q<HTMLInputElement>(host, 'temp-hp-K'), '3', 'change');
    type(q<HTMLInputElement>(host, 'health-amount'), '5', 'input');
    await frame();
    q<HTMLButtonElement>(host, 'health-damage').click();
    await frame();
    expect(editor.playState()!.health.get('K')).toEqual({ hitPoints: 12, damage: 2, nonlethal: 0, temporary: 0 });
    expect(editor.playEntries().map((e) => e.kind).slice(-3)).toEqual(['hit-points', 'temporary-hit-points', 'damage']);
    expect(q(host, 'hp-left-K').textContent).toBe('10 / 12');
    type(q<HTMLInputElement>(host, 'health-amount'), '1', 'input');
    await frame();
    q<HTMLButtonElement>(host, 'health-heal').click();
    await frame();
    expect(editor.playState()!.health.get('K')!.damage).toBe(1);
    editor.playUndo();
    await frame();
    expect(editor.playState()!.health.get('K')!.damage).toBe(2);
  });

  it('toggles the conditions the ruleset names for a creature the GM picks; a fatigued creature cannot run', async () => {
    const editor = await playing(lair, 'lair', LAIR_ORDER);
    const host = mountPanel(editor);
    await frame();
    const labels = [...q(host, 'health-conditions').querySelectorAll('label')].map((l) => l.textContent!.trim());
    expect(labels).toEqual(['Prone', 'Fatigued', 'Blinded', 'Stunned', 'Unconscious', 'Dead']);
    const fatigued = q<HTMLInputElement>(host, 'condition-fatigued');
    expect(fatigued.parentElement!.title).toContain("can't run or charge (Epic Path › Overland Travel)");
    fatigued.click();
    await frame();
    expect(editor.playEntries().at(-1)!.kind).toBe('condition');
    expect(editor.playState()!.conditions.get('K')).toEqual(['fatigued']);
    expect(q(host, 'health-K').textContent).toContain('fatigued');
    expect(editor.playAct({ kind: 'move', creature: 'K', action: 'run', path: [{ x: 7, y: 1 }] })).toBeNull();
    expect(editor.playRefusal()!.reason).toContain('epic-path.txt › Overland Travel');
    // Another creature: picked from the list; its own boxes.
    const select = q<HTMLSelectElement>(host, 'health-creature');
    select.value = 'D';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await frame();
    expect(q(host, 'health-edit').dataset['creature']).toBe('D');
    expect(q<HTMLInputElement>(host, 'condition-fatigued').checked).toBe(false);
    q<HTMLInputElement>(host, 'condition-prone').click();
    await frame();
    expect(editor.playState()!.board.creatures.find((c) => c.id === 'D')!.prone).toBe(true);
  });

  it('d20 3.5 offers only what its chapter backs (prone, helpless, dead), with temporary hit points and nonlethal damage', async () => {
    const editor = await playing(goblins, 'goblins', { O: 30, A: 25, B: 20, G: 15, H: 10, W: 5 });
    const host = mountPanel(editor);
    await frame();
    const labels = [...q(host, 'health-conditions').querySelectorAll('label')].map((l) => l.textContent!.trim());
    expect(labels).toEqual(['Prone', 'Helpless', 'Dead']);
    expect(q(host, 'temp-hp-O')).not.toBeNull();
    expect(q(host, 'health-nonlethal')).not.toBeNull();
  });
});

describe('hit-point bars and condition badges on the tokens', () => {
  it('a bar only where hit points are known; empty and "0 HP" at 0; a badge per condition naming it', async () => {
    const editor = await playing(lair, 'lair', LAIR_ORDER);
    editor.playAct({ kind: 'hit-points', creature: 'A', hitPoints: 20 });
    editor.playAct({ kind: 'damage', creature: 'A', amount: 5 });
    editor.playAct({ kind: 'hit-points', creature: 'D', hitPoints: 8 });
    editor.playAct({ kind: 'damage', creature: 'D', amount: 8 });
    editor.playAct({ kind: 'condition', creature: 'K', condition: 'fatigued', on: true });
    editor.playAct({ kind: 'condition', creature: 'K', condition: 'prone', on: true });
    const view = { zoom: 1, panX: 0, panY: 0 } as ReturnType<typeof editor.view>;
    const groups = healthNodes(editor.playState()!, { ...editor.view(), ...view }, { width: 2000, height: 2000 });
    const byCreature = new Map(groups.map((g) => [g.getAttr('creature') as string, g]));
    expect([...byCreature.keys()].sort()).toEqual(['A', 'D', 'K']);
    const barA = byCreature.get('A')!.findOne<Konva.Group>('.hp-bar')!;
    expect(barA.getAttrs()).toMatchObject({ left: 15, maximum: 20, down: false });
    const back = barA.findOne<Konva.Rect>('.hp-back')!;
    const left = barA.findOne<Konva.Rect>('.hp-left')!;
    expect(left.width() / back.width()).toBeCloseTo(15 / 20, 5);
    const barD = byCreature.get('D')!.findOne<Konva.Group>('.hp-bar')!;
    expect(barD.getAttrs()).toMatchObject({ left: 0, down: true });
    expect(barD.findOne('.hp-left')).toBeUndefined();
    expect(barD.findOne<Konva.Text>('.hp-down')!.text()).toBe('0 HP');
    // The kobold: no hit points entered, so no bar; two badges, in the ruleset's order.
    expect(byCreature.get('K')!.findOne('.hp-bar')).toBeUndefined();
    const badges = byCreature.get('K')!.find('.condition-badge');
    expect(badges.map((b) => b.getAttr('condition'))).toEqual(['prone', 'fatigued']);
    expect(badges[1]!.getAttr('title')).toBe("Fatigued: can't run or charge (Epic Path › Overland Travel)");
    expect((badges[1] as Konva.Label).getText().text()).toBe('F');
  });

  it('on the map in Play: the creatures layer holds them, and the tooltip names the badge under the pointer', async () => {
    const editor = await playing(lair, 'lair', LAIR_ORDER);
    const host = document.createElement('div');
    host.style.cssText = 'position:relative;width:900px;height:600px';
    document.body.append(host);
    cleanup.push(render(() => <MapCanvas editor={editor} />, host));
    await frame();
    editor.playAct({ kind: 'condition', creature: 'A', condition: 'stunned', on: true });
    editor.playAct({ kind: 'hit-points', creature: 'A', hitPoints: 10 });
    await frame();
    const stage = Konva.stages.find((s) => host.contains(s.container()))!;
    const layer = stage.getLayers().find((l) => l.getNativeCanvasElement().dataset['layer'] === 'creatures')!;
    const badge = layer.findOne('.condition-badge')!;
    expect(badge.getAttr('creature')).toBe('A');
    expect(layer.find('.hp-bar').map((b) => b.getAttr('creature'))).toEqual(['A']);
    const group = layer.findOne<Konva.Group>('.play-health')!;
    const r = badge.getClientRect();
    expect(titleAt(group, r.x + r.width / 2, r.y + r.height / 2)).toContain('Stunned: cannot prevent another creature from squeezing');
    // Leaving Play mode takes them off the map.
    editor.leavePlay();
    await frame();
    expect(layer.find('.condition-badge')).toHaveLength(0);
  });
});
