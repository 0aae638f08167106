import { describe, expect, it } from 'vitest';
import { createEditor } from '../../src-renderer/state/editor';
import { engineWorker } from '../../src-renderer/state/engine-worker';
import { RELEASE_AFTER_MS } from '../../src-renderer/state/movement';
import { READ_IN_WORKER_CHARS, readEncounterFile } from '../../src-renderer/state/read-file';
import { SAMPLES } from '../../src-renderer/state/samples';
import { encounterToFile, parseEncounter, readEncounterText, serializeEncounter } from '../../src-shared/io';
import type { PlatformBridge } from '../../src-shared/ipc';
import { editorBenchMap } from '../bench/editor-maps';

// Big files are read in the engine worker (state/read-file.ts): the document that comes back must
// be the one the main thread reads, a bad file must get the same words, the worker keeps what it
// read (so the map is not sent back in for the first selection), and its search memory is given
// back when the selection ends.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;

async function until<T>(read: () => T | null | undefined | Promise<T | null | undefined>, ms = 10_000): Promise<T> {
  const end = performance.now() + ms;
  for (;;) {
    const v = await read();
    if (v) return v;
    if (performance.now() > end) throw new Error('timed out waiting for the worker');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Records what is posted to workers while `body` runs. */
async function posted<T>(body: () => Promise<T>): Promise<{ result: T; messages: { type: string }[] }> {
  const messages: { type: string }[] = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, m: unknown, ...rest: never[]) {
    messages.push(m as { type: string });
    return post.call(this, m, ...(rest as []));
  };
  try {
    return { result: await body(), messages };
  } finally {
    Worker.prototype.postMessage = post;
  }
}

const big = editorBenchMap(256, 120);

describe('reading files in the engine worker', () => {
  it('reads every sample to the same encounter as the main thread (and the same text named .txt to the same scenario message)', async () => {
    expect(engineWorker()).not.toBeNull();
    for (const s of SAMPLES) {
      for (const [name, text] of [
        [s.file, s.text],
        [s.file.replace(/\.encounter$/, '.txt'), s.text],
      ] as const) {
        const { result, messages } = await posted(() => readEncounterFile(text, name, 0));
        expect(messages.map((m) => m.type)).toContain('read');
        expect(result).toEqual(readEncounterText(text, name));
      }
    }
  });

  it('a big file goes to the worker by itself and comes back equal, typed arrays and all', async () => {
    expect(big.text.length).toBeGreaterThan(READ_IN_WORKER_CHARS);
    const { result, messages } = await posted(() => readEncounterFile(big.text, 'big.encounter'));
    expect(messages.filter((m) => m.type === 'read')).toHaveLength(1);
    const here = parseEncounter(big.text);
    expect(result.ok && here.ok).toBe(true);
    if (!result.ok || !here.ok) return;
    expect(result.encounter).toEqual(here.encounter);
    expect(result.encounter.map.elevation).toBeInstanceOf(Float32Array);
    expect(result.encounter.map.terrain).toBeInstanceOf(Uint8Array);
    expect(serializeEncounter(result.encounter)).toBe(serializeEncounter(here.encounter));
    // Asked again for the same text (the browser bridge checks a file, then the document opens it): read once.
    const again = await posted(() => readEncounterFile(big.text, 'big.encounter'));
    expect(again.messages).toHaveLength(0);
    expect(again.result).toBe(result);
  });

  it('a bad file gets the same message through the worker as on the main thread', async () => {
    const good = parseEncounter(big.text);
    if (!good.ok) throw new Error(good.error);
    const file = encounterToFile(good.encounter);
    const bad: [string, string][] = [
      ['truncated', big.text.slice(0, big.text.length - 5000)],
      ['runs over the map', JSON.stringify({ ...file, map: { ...file.map, layers: { ...file.map.layers, terrain: [...file.map.layers.terrain, 5, 0] } } })],
      ['a creature off the map', JSON.stringify({ ...file, creatures: [{ ...file.creatures[0]!, x: 400 }, ...file.creatures.slice(1)] })],
      ['a bad field', JSON.stringify({ ...file, creatures: [{ ...file.creatures[0]!, size: 'colossal-ish' }, ...file.creatures.slice(1)] })],
    ];
    for (const [what, text] of bad) {
      expect(text.length, what).toBeGreaterThan(READ_IN_WORKER_CHARS);
      const { result, messages } = await posted(() => readEncounterFile(text, `${what}.encounter`));
      expect(messages.map((m) => m.type), what).toContain('read');
      const here = readEncounterText(text, `${what}.encounter`);
      expect(here.ok, what).toBe(false);
      expect(result, what).toEqual(here);
    }
  });

  it('a document read in the worker is not sent back to it when a creature is selected, and the search memory is given back after', async () => {
    const editor = createEditor(noPlatform);
    await editor.openSample('big.encounter', big.text);
    const d = editor.doc()!;
    expect(d.map.width).toBe(256);
    const target = d.creatures.find((c) => c.x === big.gargantuans[0]!.x && c.y === big.gargantuans[0]!.y)!;
    expect(target.size).toBe('gargantuan');
    editor.setMoveRequest({ action: 'run' });
    const { messages } = await posted(async () => {
      editor.selectCreatures([target.id]);
      return until(() => editor.reach());
    });
    const types = messages.map((m) => m.type);
    expect(types).toContain('job');
    expect(types).not.toContain('doc');
    const worker = engineWorker()!;
    expect(await worker.memoryBytes()).toBeGreaterThan(1_000_000);
    editor.selectCreatures([]);
    // Not at once (the next click may come soon), but shortly after the selection ends.
    expect(await worker.memoryBytes()).toBeGreaterThan(1_000_000);
    await until(async () => (await worker.memoryBytes()) < 100_000, RELEASE_AFTER_MS + 3000);
  });
});
