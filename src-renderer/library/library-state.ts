import { batch, createMemo, createSignal, onCleanup } from 'solid-js';
import type { FileRef, FolderRef, LibraryEntry, LibraryEvent, PlatformBridge } from '../../src-shared/ipc';
import { LibrarySearch, parseTagList, type SortKey } from '../../src-shared/library';
import { exportLibraryZip, importLibraryZip } from '../store/browser-library';
import { cachedEntries, clearLibraryCache, storedLibraries, deleteEntries, knownFiles, putEntries, reconcile, toCached, writeSnapshot, type CachedEntry, type LibraryDb } from '../store/db';

export interface LibraryDeps {
  platform: PlatformBridge;
  db: LibraryDb;
  notify: (kind: 'error' | 'info', text: string) => void;
  /** Opens an encounter in the editor (asking first about unsaved changes). */
  openFile: (file: FileRef) => Promise<void>;
  confirm: (text: string, confirmLabel: string) => Promise<boolean>;
  /** Saves bytes as a download (the browser edition's zip export). */
  download?: (name: string, bytes: Uint8Array) => void;
  /** Asks for a file (the browser edition's zip import). */
  pickFile?: (accept: string) => Promise<File | null>;
}

export interface ScanProgress {
  done: number;
  total: number;
}

interface UndoStep {
  label: string;
  run: () => Promise<void>;
}

/**
 * The library browser's state: the cached index (shown at once, from IndexedDB, even offline),
 * the search over it, scans and the main process's news, and the file operations with undo.
 */
export function createLibrary(deps: LibraryDeps) {
  const { platform, db } = deps;
  const [isOpen, setOpen] = createSignal(false);
  const [folders, setFolders] = createSignal<FolderRef[]>([]);
  const byId = new Map<string, CachedEntry>();
  const [version, setVersion] = createSignal(0);
  const [text, setText] = createSignal('');
  const [ruleset, setRuleset] = createSignal<string | null>(null);
  const [minSide, setMinSide] = createSignal<number | null>(null);
  const [maxSide, setMaxSide] = createSignal<number | null>(null);
  const [sort, setSort] = createSignal<SortKey>('name');
  const [descending, setDescending] = createSignal(false);
  const [progress, setProgress] = createSignal<Record<string, ScanProgress>>({});
  const [selected, setSelected] = createSignal<string | null>(null);
  const [undoLabel, setUndoLabel] = createSignal<string | null>(null);
  const [loaded, setLoaded] = createSignal(false);
  const undoSteps: UndoStep[] = [];
  let cursor = 0;
  let listening = false;

  /** Rebuilt when entries change, not on keystrokes: a keystroke only queries it. */
  const index = createMemo(() => {
    version();
    return new LibrarySearch([...byId.values()]);
  });
  const results = createMemo(() => index().query({ text: text(), ruleset: ruleset(), minSide: minSide(), maxSide: maxSide(), sort: sort(), descending: descending() }));
  const total = () => index().entries.length;
  const broken = createMemo(() => index().entries.filter((e) => e.problem).length);
  /** The stamps among the cached entries (readable ones), for the Stamps palette. */
  const stampEntries = createMemo(() => index().entries.filter((e) => e.stamp && !e.problem));

  // Changes made here (events, file operations) reach the library's snapshot soon after.
  const dirtyLibraries = new Set<string>();
  let snapshotTimer: ReturnType<typeof setTimeout> | null = null;
  function changed(libraries: Iterable<string> = []): void {
    setVersion((v) => v + 1);
    for (const l of libraries) dirtyLibraries.add(l);
    if (dirtyLibraries.size && !snapshotTimer) {
      snapshotTimer = setTimeout(() => {
        snapshotTimer = null;
        const todo = [...dirtyLibraries];
        dirtyLibraries.clear();
        for (const l of todo) void writeSnapshot(db, l, [...byId.values()].filter((e) => e.library === l)).catch(() => {});
      }, 500);
    }
  }
  onCleanup(() => {
    if (snapshotTimer) clearTimeout(snapshotTimer);
  });
  function replaceAll(list: readonly CachedEntry[]): void {
    byId.clear();
    for (const e of list) byId.set(e.id, e);
    changed();
  }
  function upsert(list: readonly LibraryEntry[]): void {
    for (const e of list) byId.set(e.file.id, toCached(e));
    changed(list.map((e) => e.library));
  }
  function drop(ids: readonly string[]): void {
    const libraries = ids.flatMap((id) => byId.get(id)?.library ?? []);
    for (const id of ids) byId.delete(id);
    changed(libraries);
  }

  /** The cache alone: no disk, no main process; what the browser shows the moment it opens. */
  async function loadCache(): Promise<void> {
    const list = await storedLibraries(db);
    const cached = await cachedEntries(db, list);
    batch(() => {
      setFolders(list);
      replaceAll(cached);
      setLoaded(true);
    });
    // The word index, once the entries are on screen: ready before the first keystroke.
    setTimeout(() => index().prepare(), 50);
  }

  /** Asks the platform for the libraries, mirrors them into the cache, and scans each. */
  async function refresh(): Promise<void> {
    let list: FolderRef[];
    try {
      list = await platform.libraries();
    } catch (e) {
      deps.notify('error', `The libraries could not be listed: ${(e as Error).message}`);
      return;
    }
    const mirrored = new Set((await db.libraries.toArray()).map((l) => l.id));
    await db.libraries.bulkPut(list.filter((l) => !mirrored.has(l.id)).map((l) => ({ ...l, added: Date.now() })));
    const listed = new Set(list.map((l) => l.id));
    for (const id of mirrored) {
      if (listed.has(id)) continue;
      await db.libraries.delete(id);
      await clearLibraryCache(db, id);
    }
    setFolders(list);
    drop([...byId.values()].filter((e) => !listed.has(e.library)).map((e) => e.id));
    for (const f of list) await scan(f);
  }

  /** Reads the folder's new and changed files; `report`: the user asked, so say what was found. */
  async function scan(folder: FolderRef, rebuild = false, report = false): Promise<void> {
    listen();
    if (rebuild) {
      await clearLibraryCache(db, folder.id);
      drop([...byId.values()].filter((e) => e.library === folder.id).map((e) => e.id));
    }
    setProgress((p) => ({ ...p, [folder.id]: { done: 0, total: 0 } }));
    try {
      const result = await platform.scanLibrary(folder, await knownFiles(db, folder.id));
      await reconcile(db, folder.id, result);
      const present = new Set(result.present);
      batch(() => {
        if (!result.cancelled) drop([...byId.values()].filter((e) => e.library === folder.id && !present.has(e.id)).map((e) => e.id));
        upsert(result.entries);
      });
      if (result.cancelled) deps.notify('info', `Scan of ${folder.name} cancelled; ${result.entries.length} files read.`);
      else if (report) {
        // A rescan that finds nothing new would otherwise look like a button that does nothing.
        const files = `${result.present.length} encounter file${result.present.length === 1 ? '' : 's'}`;
        const read = rebuild ? 'all read again' : result.entries.length ? `${result.entries.length} new or changed` : 'nothing new or changed';
        deps.notify('info', `${folder.name}: ${files}, ${read}.`);
      }
    } catch (e) {
      deps.notify('error', `${folder.name} could not be scanned: ${(e as Error).message}`);
    } finally {
      setProgress((p) => {
        const { [folder.id]: _, ...rest } = p;
        return rest;
      });
    }
  }

  async function cancel(folder: FolderRef): Promise<void> {
    await platform.cancelLibraryScan(folder).catch(() => {});
  }

  async function apply(event: LibraryEvent): Promise<void> {
    if (event.type === 'progress') {
      setProgress((p) => (event.library in p ? { ...p, [event.library]: { done: event.done, total: event.total } } : p));
    } else if (event.type === 'changed') {
      await putEntries(db, [event.entry]);
      upsert([event.entry]);
    } else {
      await deleteEntries(db, [event.file]);
      drop([event.file]);
    }
  }

  /** Follows the platform's news (scan progress, files changed on disk) for as long as the page lives. */
  function listen(): void {
    if (listening) return;
    listening = true;
    void (async () => {
      for (;;) {
        try {
          const batchOf = await platform.libraryEvents(cursor, 20_000);
          cursor = batchOf.cursor;
          for (const e of batchOf.events) await apply(e);
        } catch {
          await new Promise((r) => setTimeout(r, 2000));
        }
      }
    })();
  }

  async function show(): Promise<void> {
    setOpen(true);
    if (!loaded()) await loadCache().catch((e: Error) => deps.notify('error', `The library cache could not be read: ${e.message}`));
    void refresh().catch((e: Error) => deps.notify('error', `The libraries could not be refreshed: ${e.message}`));
  }
  function hide(): void {
    setOpen(false);
  }

  async function addLibrary(): Promise<void> {
    try {
      const folder = await platform.chooseLibraryFolder();
      if (!folder) return;
      await db.libraries.put({ ...folder, added: Date.now() });
      setFolders((list) => (list.some((l) => l.id === folder.id) ? list : [...list, folder].sort((a, b) => a.name.localeCompare(b.name))));
      await scan(folder);
    } catch (e) {
      deps.notify('error', (e as Error).message);
    }
  }

  async function removeLibrary(folder: FolderRef): Promise<void> {
    const browser = platform.edition === 'browser';
    const ok = await deps.confirm(
      browser ? `Remove the library “${folder.name}” and its files from this browser?` : `Stop listing “${folder.name}”? Its files stay on disk.`,
      'Remove library',
    );
    if (!ok) return;
    try {
      await platform.removeLibrary(folder);
      await db.libraries.delete(folder.id);
      await clearLibraryCache(db, folder.id);
      batch(() => {
        setFolders((list) => list.filter((l) => l.id !== folder.id));
        drop([...byId.values()].filter((e) => e.library === folder.id).map((e) => e.id));
      });
    } catch (e) {
      deps.notify('error', (e as Error).message);
    }
  }

  function pushUndo(step: UndoStep): void {
    undoSteps.push(step);
    if (undoSteps.length > 50) undoSteps.shift();
    setUndoLabel(step.label);
  }
  async function undo(): Promise<void> {
    const step = undoSteps.pop();
    setUndoLabel(undoSteps.at(-1)?.label ?? null);
    if (!step) return;
    try {
      await step.run();
      deps.notify('info', `Undone: ${step.label}`);
    } catch (e) {
      deps.notify('error', `Could not undo ${step.label}: ${(e as Error).message}`);
    }
  }

  /** Replaces an entry after an operation (a rename changes its id). */
  async function replaced(oldId: string | null, next: LibraryEntry): Promise<void> {
    if (oldId && oldId !== next.file.id) await deleteEntries(db, [oldId]);
    await putEntries(db, [next]);
    batch(() => {
      if (oldId && oldId !== next.file.id) drop([oldId]);
      upsert([next]);
      setSelected(next.file.id);
    });
  }

  async function openEntry(e: CachedEntry): Promise<void> {
    if (e.problem) {
      deps.notify('error', `${e.file.name} cannot be opened: ${e.problem}`);
      return;
    }
    hide();
    await deps.openFile(e.file);
  }

  async function rename(e: CachedEntry, newName: string): Promise<boolean> {
    try {
      const next = await platform.renameLibraryFile(e.file, newName);
      await replaced(e.id, next);
      const oldName = e.file.name;
      pushUndo({
        label: `rename to ${next.file.name}`,
        run: async () => replaced(next.file.id, await platform.renameLibraryFile(next.file, oldName)),
      });
      return true;
    } catch (err) {
      deps.notify('error', (err as Error).message);
      return false;
    }
  }

  async function duplicate(e: CachedEntry): Promise<void> {
    try {
      const copy = await platform.duplicateLibraryFile(e.file);
      await replaced(null, copy);
      pushUndo({
        label: `duplicate ${e.file.name}`,
        run: async () => {
          await platform.trashLibraryFile(copy.file);
          await deleteEntries(db, [copy.file.id]);
          drop([copy.file.id]);
        },
      });
    } catch (err) {
      deps.notify('error', (err as Error).message);
    }
  }

  async function setTags(e: CachedEntry, tagText: string): Promise<boolean> {
    try {
      const before = [...e.tags];
      const next = await platform.tagLibraryFile(e.file, parseTagList(tagText));
      await replaced(e.id, next);
      pushUndo({ label: `tags of ${e.file.name}`, run: async () => replaced(next.file.id, await platform.tagLibraryFile(next.file, before)) });
      return true;
    } catch (err) {
      deps.notify('error', (err as Error).message);
      return false;
    }
  }

  async function trash(e: CachedEntry): Promise<void> {
    const browser = platform.edition === 'browser';
    const ok = await deps.confirm(
      browser ? `Delete “${e.file.name}” from this browser’s library? This cannot be undone.` : `Move “${e.file.name}” to the trash? You can restore it from there.`,
      browser ? 'Delete' : 'Move to trash',
    );
    if (!ok) return;
    try {
      await platform.trashLibraryFile(e.file);
      await deleteEntries(db, [e.id]);
      drop([e.id]);
      deps.notify('info', browser ? `Deleted ${e.file.name}` : `Moved ${e.file.name} to the trash`);
    } catch (err) {
      deps.notify('error', (err as Error).message);
    }
  }

  async function exportZip(folder: FolderRef): Promise<void> {
    try {
      deps.download?.(`${folder.name}.zip`, await exportLibraryZip(db, folder));
    } catch (e) {
      deps.notify('error', `The library could not be exported: ${(e as Error).message}`);
    }
  }

  async function importZip(): Promise<void> {
    const file = await deps.pickFile?.('.zip,application/zip');
    if (!file) return;
    try {
      const { folder, skipped } = await importLibraryZip(db, file.name, new Uint8Array(await file.arrayBuffer()));
      setFolders((list) => [...list, folder].sort((a, b) => a.name.localeCompare(b.name)));
      if (skipped.length) deps.notify('info', `Skipped ${skipped.length} entries that are not encounter files: ${skipped.slice(0, 3).join(', ')}${skipped.length > 3 ? '…' : ''}`);
      await scan(folder);
    } catch (e) {
      deps.notify('error', (e as Error).message);
    }
  }

  return {
    isOpen,
    show,
    hide,
    loaded,
    folders,
    results,
    total,
    broken,
    stampEntries,
    text,
    setText,
    ruleset,
    setRuleset,
    minSide,
    setMinSide,
    maxSide,
    setMaxSide,
    sort,
    setSort,
    descending,
    setDescending,
    progress,
    selected,
    setSelected,
    undoLabel,
    undo,
    loadCache,
    refresh,
    scan,
    cancel,
    addLibrary,
    removeLibrary,
    openEntry,
    rename,
    duplicate,
    setTags,
    trash,
    exportZip,
    importZip,
    db,
    edition: platform.edition,
  };
}

export type Library = ReturnType<typeof createLibrary>;
