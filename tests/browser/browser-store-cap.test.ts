import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { serializeEncounter } from '../../src-shared/io';
import { createEncounter } from '../../src-shared/model';
import { LibraryDb } from '../../src-renderer/store/db';
import { createBrowserBridge, RECENT_FILES_KEPT } from '../../src-renderer/platform/browser-bridge';

/** Issue 19 › 9: the browser edition kept every file ever opened (2,000+ seen) while showing 12. */
const opened: LibraryDb[] = [];
afterEach(async () => {
  delete (window as unknown as Record<string, unknown>)['showSaveFilePicker'];
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

describe('the browser edition’s stored files', () => {
  it('keeps only the files the recent list shows', async () => {
    const db = new LibraryDb(`eb-cap-${Math.random()}`);
    opened.push(db);
    let n = 0;
    (window as unknown as Record<string, unknown>)['showSaveFilePicker'] = async () => ({
      name: `map ${n++}.encounter`,
      async createWritable() {
        return { async write() {}, async close() {} };
      },
    });
    const bridge = createBrowserBridge(db);
    const total = RECENT_FILES_KEPT + 8;
    for (let i = 0; i < total; i++) {
      await bridge.saveEncounter({ file: null, suggestedName: `Map ${i}`, text: serializeEncounter(createEncounter({ name: `Map ${i}`, ruleset: 'd20-35', width: 3, height: 3 })) });
    }
    expect(RECENT_FILES_KEPT).toBe(12);
    expect(await db.files.count()).toBe(RECENT_FILES_KEPT);
    const recent = await bridge.recentFiles();
    expect(recent.map((f) => f.name)).toEqual(Array.from({ length: RECENT_FILES_KEPT }, (_, k) => `map ${total - 1 - k}.encounter`));
  });
});
