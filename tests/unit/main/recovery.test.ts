import { mkdtempSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../../src-main/services/handlers';
import { RecentFiles } from '../../../src-main/services/recent';
import { RecoveryStore } from '../../../src-main/services/recovery';
import { CHANNELS } from '../../../src-shared/ipc';

const dialogs = { openFile: async () => null, saveFile: async () => null, openFolder: async () => null };

describe('autosave recovery store (desktop)', () => {
  it('writes, reads back and clears the unsaved work, leaving no temporary files', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'eb-recovery-'));
    const store = new RecoveryStore(path.join(dir, 'recovery', 'unsaved.json'));
    expect(await store.read()).toBeNull();
    await store.write({ name: 'Draft', text: '{"x":1}', saved: 42, fileName: 'draft.encounter' });
    await store.write({ name: 'Draft 2', text: '{"x":2}', saved: 43, fileName: null });
    expect(await store.read()).toEqual({ name: 'Draft 2', text: '{"x":2}', saved: 43, fileName: null });
    expect(readdirSync(path.join(dir, 'recovery'))).toEqual(['unsaved.json']);
    await store.clear();
    expect(await store.read()).toBeNull();
  });

  it('says a damaged store could not be read, instead of treating it as nothing to recover (issue 19 › 8)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'eb-recovery-'));
    writeFileSync(path.join(dir, 'unsaved.json'), '{"name": 3');
    await expect(new RecoveryStore(path.join(dir, 'unsaved.json')).read()).rejects.toThrow(/could not be read \(it is damaged/);
    writeFileSync(path.join(dir, 'unsaved.json'), '{"name": "x", "text": 5, "saved": 1}');
    await expect(new RecoveryStore(path.join(dir, 'unsaved.json')).read()).rejects.toThrow(/could not be read \(it is damaged: no name or text\)/);
  });

  it('goes through the validated handlers; wrong shapes are refused', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'eb-recovery-'));
    const h = createHandlers({ dialogs, recent: new RecentFiles(path.join(dir, 'recent.json')), recovery: new RecoveryStore(path.join(dir, 'unsaved.json')) });
    expect(await h[CHANNELS.writeRecovery]([{ name: 'A', text: 't', saved: 1, fileName: null }])).toEqual({ ok: true, value: undefined });
    expect(await h[CHANNELS.readRecovery]([])).toEqual({ ok: true, value: { name: 'A', text: 't', saved: 1, fileName: null } });
    for (const bad of [[{ name: 'A', text: 't', saved: 1 }], [{ name: 'A', text: 't', saved: 1, fileName: null, path: '/etc/passwd' }], ['x']]) {
      const r = await h[CHANNELS.writeRecovery](bad);
      expect(r.ok).toBe(false);
    }
    await h[CHANNELS.clearRecovery]([]);
    expect(await h[CHANNELS.readRecovery]([])).toEqual({ ok: true, value: null });
  });
});
