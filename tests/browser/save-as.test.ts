import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { serializeEncounter } from '../../src-shared/io';
import { createEncounter } from '../../src-shared/model';
import { LibraryDb } from '../../src-renderer/store/db';
import { createBrowserBridge } from '../../src-renderer/platform/browser-bridge';
import { answerSaveName, nameRequest } from '../../src-renderer/platform/save-as';

const text = (name: string) => serializeEncounter(createEncounter({ name, ruleset: 'd20-35', width: 5, height: 5 }));
const opened: LibraryDb[] = [];
afterEach(async () => {
  delete (window as unknown as Record<string, unknown>)['showSaveFilePicker'];
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});
function store() {
  const db = new LibraryDb(`eb-save-${Math.random()}`);
  opened.push(db);
  return db;
}

/** A stand-in for a file the save picker chose: it records what is written. */
function fakeHandle(name: string) {
  const writes: string[] = [];
  return {
    writes,
    handle: {
      name,
      async createWritable() {
        let data = '';
        return {
          async write(d: Blob | string) {
            data += typeof d === 'string' ? d : await d.text();
          },
          async close() {
            writes.push(data);
          },
        };
      },
    },
  };
}

describe('Save As in the browser edition', () => {
  it('uses the save picker where there is one, and Save writes to the same file again', async () => {
    const file = fakeHandle('river crossing.encounter');
    const asked: string[] = [];
    (window as unknown as Record<string, unknown>)['showSaveFilePicker'] = async (o: { suggestedName: string }) => {
      asked.push(o.suggestedName);
      return file.handle;
    };
    const bridge = createBrowserBridge(store());
    const ref = await bridge.saveEncounter({ file: null, suggestedName: 'River', text: text('River') });
    expect(asked).toEqual(['River.encounter']);
    expect(ref?.name).toBe('river crossing.encounter');
    await bridge.saveEncounter({ file: ref, suggestedName: 'River', text: text('River, later') });
    expect(file.writes).toEqual([text('River'), text('River, later')]);
  });

  it('a cancelled picker saves nothing', async () => {
    (window as unknown as Record<string, unknown>)['showSaveFilePicker'] = async () => {
      throw new DOMException('cancelled', 'AbortError');
    };
    expect(await createBrowserBridge(store()).saveEncounter({ file: null, suggestedName: 'X', text: text('X') })).toBeNull();
  });

  it('without a picker it asks for the download name first', async () => {
    const bridge = createBrowserBridge(store());
    const saving = bridge.saveEncounter({ file: null, suggestedName: 'Goblin: ford?', text: text('G') });
    await new Promise((r) => setTimeout(r, 0));
    expect(nameRequest()?.suggested).toBe('Goblin ford.encounter');
    answerSaveName('my ford.encounter');
    expect((await saving)?.name).toBe('my ford.encounter');
    const cancelled = bridge.saveEncounter({ file: null, suggestedName: 'G', text: text('G') });
    await new Promise((r) => setTimeout(r, 0));
    answerSaveName(null);
    expect(await cancelled).toBeNull();
  });
});
