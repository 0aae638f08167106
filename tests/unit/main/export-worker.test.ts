import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderInProcess, renderInWorker } from '../../../src-main/services/export-runner';
import { createHandlers } from '../../../src-main/services/handlers';
import { RecentFiles } from '../../../src-main/services/recent';
import { parseScenario, serializeEncounter } from '../../../src-shared/io';
import { CHANNELS } from '../../../src-shared/ipc';
import { createEncounter, Terrain } from '../../../src-shared/model';
import { exportWorkerScript } from './export-worker-build';

const small = serializeEncounter(parseScenario('ruleset: d20-35\nname: Gate\nmap:\n  A . #\n  . ~ .\ncreatures:\n  A: side=party\nwalls:\n  door 0,0 0,1\n'));

function bigText(): string {
  const e = createEncounter({ name: 'Big', ruleset: 'd20-35', width: 256, height: 256 });
  for (let i = 0; i < e.map.terrain.length; i += 7) e.map.terrain[i] = Terrain.difficult;
  return serializeEncounter(e);
}

describe('exports in a worker thread', () => {
  it('gives the same files, byte for byte, as drawing in this thread', async () => {
    const render = renderInWorker(await exportWorkerScript());
    for (const format of ['foundry', 'uvtt', 'tiled', 'png'] as const) {
      const request = { encounterText: small, format, fileName: 'gate', options: { pixelsPerSquare: 20 } };
      const [inWorker, here] = [await render(request), await renderInProcess(request)];
      expect(inWorker.ok && here.ok, format).toBe(true);
      if (!inWorker.ok || !here.ok) continue;
      expect(inWorker.files.map((f) => f.name)).toEqual(here.files.map((f) => f.name));
      for (const [i, f] of inWorker.files.entries()) expect(Buffer.from(f.bytes).equals(Buffer.from(here.files[i]!.bytes)), f.name).toBe(true);
    }
  });

  it('keeps the event loop free while it draws and encodes (timers run during the export; drawing in this thread, none do)', async () => {
    const text = bigText();
    const request = { encounterText: text, format: 'png' as const, fileName: 'big', options: { pixelsPerSquare: 8, grid: true } };
    const ticksDuring = async (render: typeof renderInProcess) => {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 1);
      // Let the interval start before the export does.
      await new Promise((r) => setTimeout(r, 5));
      const before = ticks;
      const result = await render(request);
      const during = ticks - before;
      clearInterval(timer);
      expect(result.ok).toBe(true);
      return during;
    };
    const script = await exportWorkerScript();
    expect(await ticksDuring(renderInWorker(script))).toBeGreaterThan(2);
    expect(await ticksDuring(renderInProcess)).toBe(0);
  }, 60_000);

  it('answers a problem with a sentence, and a thread that dies fails the export without writing', async () => {
    const render = renderInWorker(await exportWorkerScript());
    const tooBig = await render({ encounterText: bigText(), format: 'png', fileName: 'big', options: { pixelsPerSquare: 400 } });
    expect(!tooBig.ok && tooBig.error).toMatch(/^Not exported: .*pixels/);
    const bad = await render({ encounterText: '{"format":"encounter-builder"}', format: 'png', fileName: 'x', options: {} });
    expect(!bad.ok && bad.error).toMatch(/^Not exported: the encounter is not valid \(formatVersion/);

    const dir = mkdtempSync(path.join(tmpdir(), 'eb-export-crash-'));
    const crashing = path.join(dir, 'crash.mjs');
    writeFileSync(crashing, "import { parentPort } from 'node:worker_threads'; parentPort.once('message', () => process.exit(3));\n");
    const handlers = createHandlers({
      dialogs: { openFile: async () => null, saveFile: async () => path.join(dir, 'out.json'), openFolder: async () => null },
      recent: new RecentFiles(path.join(dir, 'recent.json')),
      exportRenderer: renderInWorker(crashing),
    });
    const r = await handlers[CHANNELS.exportEncounter]([{ encounterText: small, format: 'foundry', suggestedName: 'Gate' }]);
    expect(r).toEqual({ ok: false, error: 'Not exported: the export stopped (exit code 3).' });
    expect(() => readFileSync(path.join(dir, 'out.json'))).toThrow();
  });

  it('the export handler writes what the worker drew', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'eb-export-worker-'));
    const handlers = createHandlers({
      dialogs: { openFile: async () => null, saveFile: async () => path.join(dir, 'gate.dd2vtt'), openFolder: async () => null },
      recent: new RecentFiles(path.join(dir, 'recent.json')),
      exportRenderer: renderInWorker(await exportWorkerScript()),
    });
    const r = await handlers[CHANNELS.exportEncounter]([{ encounterText: small, format: 'uvtt', suggestedName: 'Gate', pixelsPerSquare: 20 }]);
    expect(r).toEqual({ ok: true, value: [{ id: path.join(dir, 'gate.dd2vtt'), name: 'gate.dd2vtt' }] });
    const uvtt = JSON.parse(readFileSync(path.join(dir, 'gate.dd2vtt'), 'utf8'));
    expect(uvtt.resolution.map_size).toEqual({ x: 3, y: 2 });
    expect(uvtt.portals).toHaveLength(1);
  });
});
