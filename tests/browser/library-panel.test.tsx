import Dexie from 'dexie';
import { createRoot } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import type { FolderRef, LibraryEntry, LibraryEventBatch, LibraryScanResult, PlatformBridge } from '../../src-shared/ipc';
import { LibraryDb, reconcile } from '../../src-renderer/store/db';
import { createLibrary } from '../../src-renderer/library/library-state';
import { LibraryPanel } from '../../src-renderer/library/LibraryPanel';

const LIB: FolderRef = { id: '/maps', name: 'Maps' };
function entry(i: number, title: string, extra: Partial<LibraryEntry> = {}): LibraryEntry {
  return { file: { id: `/maps/${i}.encounter`, name: `${i}.encounter` }, library: LIB.id, title, ruleset: 'd20-35', width: 10 + i, height: 10, modified: i, bytes: 100, problem: null, tags: [], sides: { party: 1, enemy: 2, neutral: 0 }, creatureNames: [], thumbnail: null, ...extra };
}

/** A platform whose scan waits until it is cancelled, with progress through the event long poll. */
function slowPlatform() {
  const events: LibraryEventBatch['events'] = [];
  let wake: (() => void) | null = null;
  let cancel: (() => void) | null = null;
  const calls: string[] = [];
  const platform = {
    edition: 'desktop',
    libraries: async () => [LIB],
    scanLibrary: (folder: FolderRef): Promise<LibraryScanResult> => {
      calls.push(`scan ${folder.id}`);
      events.push({ type: 'progress', library: folder.id, done: 3, total: 10 });
      wake?.();
      return new Promise((resolve) => (cancel = () => resolve({ entries: [entry(9, 'Read before the cancel')], present: [], cancelled: true })));
    },
    cancelLibraryScan: async (folder: FolderRef) => {
      calls.push(`cancel ${folder.id}`);
      cancel?.();
    },
    libraryEvents: async (cursor: number): Promise<LibraryEventBatch> => {
      if (events.length <= cursor) await new Promise<void>((r) => (wake = r));
      return { cursor: events.length, events: events.slice(cursor) };
    },
  } as unknown as PlatformBridge;
  return { platform, calls };
}

const cleanup: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
  document.body.innerHTML = '';
});

async function mount(platform: PlatformBridge, seed: LibraryEntry[]) {
  const name = `eb-panel-${Math.random()}`;
  const db = new LibraryDb(name);
  cleanup.push(async () => {
    db.close();
    await Dexie.delete(name);
  });
  await db.libraries.put({ ...LIB, added: 1 });
  await reconcile(db, LIB.id, { entries: seed, present: seed.map((e) => e.file.id), cancelled: false });
  const notices: string[] = [];
  const lib = createRoot((dispose) => {
    cleanup.push(dispose);
    return createLibrary({ platform, db, notify: (_k, t) => notices.push(t), openFile: async () => {}, confirm: async () => true });
  });
  const host = document.createElement('div');
  host.style.cssText = 'width:1000px;height:700px';
  document.body.append(host);
  await lib.show();
  cleanup.push(render(() => <LibraryPanel library={lib} />, host));
  return { lib, host, notices };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};
const cards = (host: HTMLElement) => [...host.querySelectorAll<HTMLElement>('[data-testid=library-card]')].map((c) => c.dataset['file']);

describe('library browser panel', () => {
  it('shows the cache at once, while the scan is still running, with progress and a Cancel that stops it', async () => {
    const { platform, calls } = slowPlatform();
    const { host, notices } = await mount(platform, [entry(1, 'Goblin ford'), entry(2, 'Drake lair', { problem: 'not valid JSON' })]);
    // From the cache, before any scan answered.
    expect(cards(host).sort()).toEqual(['1.encounter', '2.encounter']);
    expect(host.querySelector('[data-testid=library-problem]')!.textContent).toBe('not valid JSON');
    await until(() => !!host.querySelector('[data-testid=library-progress]')?.textContent?.includes('3 / 10'));
    (host.querySelector('[data-testid=library-cancel]') as HTMLButtonElement).click();
    await until(() => !host.querySelector('[data-testid=library-progress]'));
    expect(calls).toEqual(['scan /maps', 'cancel /maps']);
    expect(notices.join()).toMatch(/cancelled; 1 files read/);
    // What was read before the cancel is kept, and nothing was dropped.
    expect(cards(host).sort()).toEqual(['1.encounter', '2.encounter', '9.encounter']);
  });

  it('filters as you type and sorts', async () => {
    const { platform } = slowPlatform();
    const { host, lib } = await mount(platform, [entry(1, 'Goblin ford', { tags: ['forest'] }), entry(2, 'Drake lair', { ruleset: 'epic-path' }), entry(3, 'Goblin cave')]);
    const search = host.querySelector<HTMLInputElement>('[data-testid=library-search]')!;
    search.value = 'gob';
    search.dispatchEvent(new InputEvent('input', { bubbles: true }));
    await until(() => cards(host).length === 2);
    expect(host.querySelector('[data-testid=library-count]')!.textContent).toContain('2 of 3 encounters');
    search.value = 'gob forest';
    search.dispatchEvent(new InputEvent('input', { bubbles: true }));
    await until(() => cards(host).length === 1);
    lib.setText('');
    lib.setSort('size');
    lib.setDescending(true);
    await until(() => cards(host)[0] === '3.encounter');
    expect(cards(host)).toEqual(['3.encounter', '2.encounter', '1.encounter']);
  });
});
