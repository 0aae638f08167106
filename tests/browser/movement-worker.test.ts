import { describe, expect, it } from 'vitest';
import { createEditor } from '../../src-renderer/state/editor';
import { RELEASE_AFTER_MS, WORKER_MIN_SQUARES } from '../../src-renderer/state/movement';
import type { PlatformBridge } from '../../src-shared/ipc';
import { makeCreature, squareIndex, Terrain } from '../../src-shared/model';
import { movementMemoryBytes, reachableSquares } from '../../src-shared/rules';

// On a big map the movement engine runs in a Web Worker (the same src-shared code), so a click on
// a creature does not block; the answer must be the engine's own, and memory is given back after.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;

async function until<T>(read: () => T | null | undefined, ms = 10_000): Promise<T> {
  const end = performance.now() + ms;
  for (;;) {
    const v = read();
    if (v) return v;
    if (performance.now() > end) throw new Error('timed out waiting for the worker');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('movement in a worker', () => {
  it('answers the same reach and path as the engine on the main thread, and says it is working meanwhile', async () => {
    const editor = createEditor(noPlatform);
    const side = Math.ceil(Math.sqrt(WORKER_MIN_SQUARES));
    await editor.newEncounter({ ruleset: 'd20-35', width: side, height: side, name: 'Big' });
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: [squareIndex(editor.doc()!.map, 15, 10)], values: [Terrain.blocked] });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', name: 'Gargantuan', size: 'gargantuan', x: 10, y: 10 }) });
    editor.setMoveRequest({ action: 'run' });
    editor.selectCreatures(['G']);
    expect(editor.reach()).toBeNull();
    expect(editor.movementPending()).toBe(true);
    const answer = await until(() => editor.reach());
    expect(editor.movementPending()).toBe(false);
    const direct = reachableSquares(editor.doc()!, 'G', { action: 'run' });
    expect(answer).toEqual({ reach: direct });
    editor.setHover({ x: 20, y: 14 });
    const path = await until(() => editor.hoverPath());
    expect(path.steps.at(-1)).toMatchObject({ x: 20, y: 14 });
    // A fast sweep over twenty squares asks the worker for a few paths, not twenty, and ends on the last.
    const posted: unknown[] = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, m: unknown, ...rest: never[]) {
      posted.push(m);
      return post.call(this, m, ...(rest as []));
    };
    try {
      for (let x = 11; x <= 30; x++) editor.setHover({ x, y: 14 });
      const last = await until(() => (editor.hoverPath()?.steps.at(-1)?.x === 30 ? editor.hoverPath() : null));
      expect(last.steps.at(-1)).toMatchObject({ x: 30, y: 14 });
    } finally {
      Worker.prototype.postMessage = post;
    }
    const pathJobs = posted.filter((m) => (m as { job?: { kind: string } }).job?.kind === 'path');
    expect(pathJobs.length).toBeGreaterThan(0);
    expect(pathJobs.length).toBeLessThan(20);
    // Deselected: the main thread's search buffers are given back.
    expect(movementMemoryBytes()).toBeGreaterThan(1_000_000);
    editor.selectCreatures([]);
    expect(editor.reach()).toBeNull();
    // Not at once (the next click may come soon), but shortly after.
    expect(movementMemoryBytes()).toBeGreaterThan(1_000_000);
    await until(() => movementMemoryBytes() < 100_000, RELEASE_AFTER_MS + 3000);
  });
});

describe('which thread answers, on a big map', () => {
  it('a one-square creature walking is answered at once on the main thread; a flyer, a Gargantuan and an enormous speed in the worker, and again at once when clicked back to', async () => {
    const editor = createEditor(noPlatform);
    const side = Math.ceil(Math.sqrt(WORKER_MIN_SQUARES));
    await editor.newEncounter({ ruleset: 'd20-35', width: side, height: side, name: 'Big' });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'M', name: 'Medium', size: 'medium', x: 40, y: 40 }) });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'F', name: 'Flyer', size: 'medium', x: 60, y: 40, speed: { walk: 30, fly: 60, maneuverability: 'good' } }) });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', name: 'Gargantuan', size: 'gargantuan', x: 10, y: 10 }) });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'S', name: 'Swift', size: 'medium', x: 90, y: 90, speed: { walk: 2000 } }) });
    editor.setMoveRequest({ action: 'run' });
    const posted: { type: string; job?: { kind: string; creature: string } }[] = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, m: unknown, ...rest: never[]) {
      posted.push(m as (typeof posted)[number]);
      return post.call(this, m, ...(rest as []));
    };
    try {
      // The Medium walker: no round trip, the engine's own answer in the click's task.
      editor.selectCreatures(['M']);
      expect(editor.movementPending()).toBe(false);
      expect(editor.reach()).toEqual({ reach: reachableSquares(editor.doc()!, 'M', { action: 'run' }) });
      // Its hover path too.
      const to = editor.reachOnMap().find((q) => q.y === 40 && q.x > 41)!;
      editor.setHover({ x: to.x, y: to.y });
      expect(editor.hoverPath()?.steps.at(-1)).toMatchObject({ x: to.x, y: to.y });
      expect(posted.filter((m) => m.type === 'job')).toHaveLength(0);
      // A flyer (its default mode can fly) and a Gargantuan creature go to the worker.
      editor.setHover(null);
      editor.selectCreatures(['F']);
      expect(editor.reach()).toBeNull();
      await until(() => editor.reach());
      editor.selectCreatures(['G']);
      expect(editor.reach()).toBeNull();
      const g = await until(() => editor.reach());
      const reachJobs = () => posted.filter((m) => m.job?.kind === 'reach').map((m) => m.job!.creature);
      expect(reachJobs()).toEqual(['F', 'G']);
      // So does a one-square creature with an enormous speed (its search spans the map).
      editor.selectCreatures(['S']);
      expect(editor.reach()).toBeNull();
      await until(() => editor.reach());
      expect(reachJobs()).toEqual(['F', 'G', 'S']);
      // Back to the flyer, then the Gargantuan: their answers are kept for this document version.
      editor.selectCreatures(['F']);
      expect(editor.reach()).not.toBeNull();
      editor.selectCreatures(['G']);
      expect(editor.reach()).toBe(g);
      expect(reachJobs()).toEqual(['F', 'G', 'S']);
      // An edit makes a new version: asked again.
      editor.execute({ type: 'setSquares', layer: 'terrain', indices: [squareIndex(editor.doc()!.map, 16, 12)], values: [Terrain.blocked] });
      expect(editor.reach()).toBeNull();
      const after = await until(() => editor.reach());
      expect(after).toEqual({ reach: reachableSquares(editor.doc()!, 'G', { action: 'run' }) });
      expect(after).not.toEqual(g);
    } finally {
      Worker.prototype.postMessage = post;
    }
  });
});

describe('asking ahead', () => {
  it('the pointer resting on a Gargantuan creature asks the worker for its reach, so the click finds it ready', async () => {
    const editor = createEditor(noPlatform);
    const side = Math.ceil(Math.sqrt(WORKER_MIN_SQUARES));
    await editor.newEncounter({ ruleset: 'd20-35', width: side, height: side, name: 'Big' });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', name: 'Gargantuan', size: 'gargantuan', x: 10, y: 10 }) });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'M', name: 'Medium', size: 'medium', x: 40, y: 40 }) });
    editor.setMoveRequest({ action: 'run' });
    const posted: { type: string; job?: { kind: string; creature: string } }[] = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, m: unknown, ...rest: never[]) {
      posted.push(m as (typeof posted)[number]);
      return post.call(this, m, ...(rest as []));
    };
    const jobs = () => posted.filter((m) => m.job?.kind === 'reach').map((m) => m.job!.creature);
    try {
      // Over the Medium creature: answered on the main thread when clicked, nothing asked ahead.
      editor.setHover({ x: 40, y: 40 });
      // Over a square of the Gargantuan's footprint (not its corner).
      editor.setHover({ x: 12, y: 13 });
      await until(() => (jobs().length ? true : null));
      expect(jobs()).toEqual(['G']);
      // Moving within it asks nothing more.
      editor.setHover({ x: 11, y: 11 });
      await new Promise((r) => setTimeout(r, 300));
      editor.selectCreatures(['G']);
      const shown = await until(() => editor.reach());
      expect(shown).toEqual({ reach: reachableSquares(editor.doc()!, 'G', { action: 'run' }) });
      expect(jobs()).toEqual(['G']);
    } finally {
      Worker.prototype.postMessage = post;
    }
  });
});
