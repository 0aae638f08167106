import { createMemo, createSignal, For, onCleanup, onMount, Show } from 'solid-js';
import { RULESET_IDS, RULESETS, type RulesetId } from '../../src-shared/model';
import { SORT_KEYS, SORT_LABELS, type SortKey } from '../../src-shared/library';
import type { CachedEntry } from '../store/db';
import type { Library } from './library-state';
import './library.css';

const CARD_W = 196;
const CARD_H = 212;
const GAP = 12;

const thumbCache = new Map<string, string | null>();

/** A card's picture, read from the thumbnail table only when the card is on screen. */
function Thumb(props: { library: Library; entry: CachedEntry }) {
  const [url, setUrl] = createSignal<string | null>(thumbCache.get(props.entry.id) ?? null);
  onMount(() => {
    const key = `${props.entry.id}@${props.entry.modified}`;
    if (thumbCache.has(key)) return setUrl(thumbCache.get(key)!);
    void props.library.db.thumbs
      .get(props.entry.id)
      .then((t) => {
        thumbCache.set(key, t?.url ?? null);
        setUrl(t?.url ?? null);
      })
      .catch(() => {}); // no picture is no reason for a message
  });
  return (
    <div class="library-thumb">
      <Show when={!props.entry.problem} fallback={<span class="library-broken-icon" aria-hidden="true">⚠</span>}>
        <Show when={url()}>{(u) => <img src={u()} alt="" draggable={false} />}</Show>
      </Show>
    </div>
  );
}

function sizeLabel(e: CachedEntry): string {
  return e.width ? `${e.width} × ${e.height}` : '';
}
function rulesetName(id: string | null): string {
  return id && id in RULESETS ? RULESETS[id as RulesetId].name : (id ?? '');
}
function bytesLabel(n: number): string {
  return n < 1024 ? `${n} B` : n < 1048576 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1048576).toFixed(1)} MiB`;
}

function numberOrNull(v: string): number | null {
  const n = Number(v);
  return v.trim() === '' || !Number.isFinite(n) ? null : n;
}

/**
 * The library browser: every encounter in the user's libraries as a grid of thumbnails, filtered
 * as you type. Only the rows on screen are drawn, so ten thousand entries open as fast as ten.
 */
export function LibraryPanel(props: { library: Library }) {
  const lib = props.library;
  let grid!: HTMLDivElement;
  let search!: HTMLInputElement;
  const [scrollTop, setScrollTop] = createSignal(0);
  const [box, setBox] = createSignal({ width: 900, height: 600 });
  const [prompt, setPrompt] = createSignal<{ kind: 'rename' | 'tags'; entry: CachedEntry; value: string } | null>(null);

  const columns = () => Math.max(1, Math.floor((box().width - GAP) / (CARD_W + GAP)));
  const rows = () => Math.ceil(lib.results().length / columns());
  const visible = createMemo(() => {
    const cols = columns();
    // The columns centred in the grid's width.
    const left = Math.max(GAP, Math.floor((box().width - cols * (CARD_W + GAP) + GAP) / 2));
    const first = Math.max(0, Math.floor(scrollTop() / (CARD_H + GAP)) - 1);
    const last = Math.min(rows(), Math.ceil((scrollTop() + box().height) / (CARD_H + GAP)) + 1);
    const list = lib.results();
    const out: { entry: CachedEntry; x: number; y: number }[] = [];
    for (let r = first; r < last; r++) {
      for (let c = 0; c < cols; c++) {
        const entry = list[r * cols + c];
        if (entry) out.push({ entry, x: left + c * (CARD_W + GAP), y: GAP + r * (CARD_H + GAP) });
      }
    }
    return out;
  });
  const selectedEntry = () => lib.results().find((e) => e.id === lib.selected()) ?? null;

  const observer = new ResizeObserver(() => setBox({ width: grid.clientWidth, height: grid.clientHeight }));
  onMount(() => {
    observer.observe(grid);
    setBox({ width: grid.clientWidth, height: grid.clientHeight });
    search.focus();
  });
  onCleanup(() => observer.disconnect());

  function move(delta: number): void {
    const list = lib.results();
    if (!list.length) return;
    const at = list.findIndex((e) => e.id === lib.selected());
    const next = list[Math.max(0, Math.min(list.length - 1, at < 0 ? 0 : at + delta))]!;
    lib.setSelected(next.id);
    const row = Math.floor(list.indexOf(next) / columns());
    const top = GAP + row * (CARD_H + GAP);
    if (top < grid.scrollTop) grid.scrollTop = top - GAP;
    else if (top + CARD_H > grid.scrollTop + grid.clientHeight) grid.scrollTop = top + CARD_H + GAP - grid.clientHeight;
  }

  // The panel's keys stay in the panel: the editor's shortcuts are not for it.
  const onKeyDown = (e: KeyboardEvent) => {
    if (document.querySelector('[data-testid="confirm-dialog"]')) return;
    e.stopPropagation();
    const typing = (e.target as HTMLElement).tagName === 'INPUT' || (e.target as HTMLElement).tagName === 'SELECT';
    const current = selectedEntry();
    if (e.key === 'Escape') {
      if (prompt()) setPrompt(null);
      else lib.hide();
    } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z' && !typing) {
      e.preventDefault();
      void lib.undo();
    } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f') {
      e.preventDefault();
      search.focus();
      search.select();
    } else if (prompt()) {
      return;
    } else if (e.key === 'Enter' && current && (!typing || e.target === search)) {
      e.preventDefault();
      void lib.openEntry(current);
    } else if (e.key === 'Enter' && e.target === search && !current && lib.results().length) {
      // Typed a search and pressed Enter: one match opens; several select the first, so a second
      // Enter (or the arrows) goes on from there.
      e.preventDefault();
      if (lib.results().length === 1) void lib.openEntry(lib.results()[0]!);
      else move(0);
    } else if (typing && e.target !== search) {
      return;
    } else if (e.key === 'ArrowRight' || (e.key === 'ArrowDown' && e.target === search && !current)) {
      e.preventDefault();
      move(e.key === 'ArrowDown' ? 0 : 1);
    } else if (e.key === 'ArrowLeft' && !typing) {
      e.preventDefault();
      move(-1);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      move(columns());
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      move(-columns());
    } else if (e.key === 'F2' && current) {
      e.preventDefault();
      setPrompt({ kind: 'rename', entry: current, value: current.file.name.replace(/\.encounter$/i, '') });
    } else if (e.key === 'Delete' && current && !typing) {
      e.preventDefault();
      void lib.trash(current);
    }
  };

  async function submitPrompt(e: Event): Promise<void> {
    e.preventDefault();
    const p = prompt();
    if (!p) return;
    const ok = p.kind === 'rename' ? await lib.rename(p.entry, p.value) : await lib.setTags(p.entry, p.value);
    if (ok) setPrompt(null);
  }

  return (
    <div class="library-backdrop" onKeyDown={onKeyDown}>
      {/* tabIndex: a click on a card focuses the panel, so its keys (Enter, F2, Delete, arrows) reach it. */}
      <section class="library-panel" role="dialog" aria-modal="true" aria-label="Library" data-testid="library-panel" tabIndex={-1}>
        <header class="library-toolbar">
          <h2>Library</h2>
          <input
            ref={search}
            type="search"
            class="library-search"
            placeholder="Search names, tags, rulesets, creatures…"
            aria-label="Search the library"
            title="Every word must begin a word of the name, a tag, the ruleset or a creature's name (Ctrl+F)"
            data-testid="library-search"
            value={lib.text()}
            onInput={(e) => lib.setText(e.currentTarget.value)}
          />
          <select aria-label="Ruleset" title="Only this ruleset" data-testid="library-ruleset" value={lib.ruleset() ?? ''} onChange={(e) => lib.setRuleset(e.currentTarget.value || null)}>
            <option value="">All rulesets</option>
            <For each={RULESET_IDS}>{(id) => <option value={id}>{RULESETS[id].name}</option>}</For>
          </select>
          <label class="library-range" title="The map's longer side, in squares">
            <span>Size</span>
            <input type="number" min="1" aria-label="Smallest map side" placeholder="min" data-testid="library-min" value={lib.minSide() ?? ''} onInput={(e) => lib.setMinSide(numberOrNull(e.currentTarget.value))} />
            <span>–</span>
            <input type="number" min="1" aria-label="Largest map side" placeholder="max" data-testid="library-max" value={lib.maxSide() ?? ''} onInput={(e) => lib.setMaxSide(numberOrNull(e.currentTarget.value))} />
          </label>
          <select aria-label="Sort by" title="Sort by" data-testid="library-sort" value={lib.sort()} onChange={(e) => lib.setSort(e.currentTarget.value as SortKey)}>
            <For each={SORT_KEYS}>{(k) => <option value={k}>{SORT_LABELS[k]}</option>}</For>
          </select>
          <button title={lib.descending() ? 'Descending: click for ascending' : 'Ascending: click for descending'} aria-label="Sort direction" onClick={() => lib.setDescending(!lib.descending())}>
            {lib.descending() ? '↓' : '↑'}
          </button>
          <button disabled={!lib.undoLabel()} title="Undo the last rename, duplicate or tag change (Ctrl+Z)" data-testid="library-undo" onClick={() => void lib.undo()}>
            {lib.undoLabel() ? `Undo ${lib.undoLabel()}` : 'Undo'}
          </button>
          <button class="icon-button" aria-label="Close" title="Close (Esc)" onClick={() => lib.hide()}>
            ×
          </button>
        </header>
        <div class="library-body">
          <aside class="library-folders" aria-label="Libraries">
            <For each={lib.folders()} fallback={<p class="hint">No libraries yet. Add a folder of encounter files.</p>}>
              {(folder) => {
                const p = () => lib.progress()[folder.id];
                return (
                  <div class="library-folder" data-testid="library-folder" title={folder.id}>
                    <div class="library-folder-name">{folder.name}</div>
                    <Show
                      when={p()}
                      fallback={
                        <div class="library-folder-actions">
                          <button
                            title={
                              lib.edition === 'browser'
                                ? 'Read this library again from the copies the browser keeps (files saved since are not in it: add their folder again)'
                                : 'Look for new, changed and removed files'
                            }
                            onClick={() => void lib.scan(folder, false, true)}>
                            Rescan
                          </button>
                          <button title="Forget the cached index and read every file again" onClick={() => void lib.scan(folder, true, true)}>
                            Rebuild
                          </button>
                          <Show when={lib.edition === 'browser'}>
                            <button title="Download the whole library as a zip" onClick={() => void lib.exportZip(folder)}>
                              Export zip
                            </button>
                          </Show>
                          <button title={lib.edition === 'browser' ? 'Remove the library from this browser' : 'Stop listing this folder (its files stay)'} onClick={() => void lib.removeLibrary(folder)}>
                            Remove
                          </button>
                        </div>
                      }
                    >
                      {(prog) => (
                        <div class="library-progress" data-testid="library-progress">
                          <progress max={Math.max(1, prog().total)} value={prog().done} />
                          <span>{prog().total ? `${prog().done} / ${prog().total}` : 'Listing…'}</span>
                          <button data-testid="library-cancel" onClick={() => void lib.cancel(folder)}>
                            Cancel
                          </button>
                        </div>
                      )}
                    </Show>
                  </div>
                );
              }}
            </For>
            <button class="primary" data-testid="library-add" title={lib.edition === 'browser' ? 'Import a folder of encounter files into this browser' : 'Add a folder of encounter files'} onClick={() => void lib.addLibrary()}>
              Add library folder…
            </button>
            <Show when={lib.edition === 'browser'}>
              <button data-testid="library-import-zip" title="Import a library zip (as Export zip writes it)" onClick={() => void lib.importZip()}>
                Import zip…
              </button>
            </Show>
          </aside>
          <div class="library-grid" ref={grid} data-testid="library-grid" data-results={lib.results().length} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
            <div class="library-grid-space" style={{ height: `${GAP + rows() * (CARD_H + GAP)}px` }} />
            <For each={visible()}>
              {(cell) => {
                const e = cell.entry;
                return (
                  <div
                    class="library-card"
                    classList={{ selected: lib.selected() === e.id, broken: !!e.problem }}
                    style={{ transform: `translate(${cell.x}px, ${cell.y}px)` }}
                    data-testid="library-card"
                    data-file={e.file.name}
                    title={e.problem ? `${e.file.id}\nCannot be read: ${e.problem}` : e.file.id}
                    onClick={() => lib.setSelected(e.id)}
                    onDblClick={() => void lib.openEntry(e)}
                  >
                    <Thumb library={lib} entry={e} />
                    <div class="library-card-title">{e.title ?? e.file.name}</div>
                    <Show
                      when={!e.problem}
                      fallback={
                        <div class="library-problem" data-testid="library-problem">
                          {e.problem}
                        </div>
                      }
                    >
                      <div class="library-card-meta">
                        {rulesetName(e.ruleset)} · {sizeLabel(e)}
                      </div>
                      <div class="library-card-meta" title="Party · enemies · neutral">
                        <span class="side party">●</span> {e.sides.party} <span class="side enemy">●</span> {e.sides.enemy} <span class="side neutral">●</span> {e.sides.neutral}
                      </div>
                      <div class="library-tags">
                        <For each={e.tags}>{(t) => <span class="library-tag">{t}</span>}</For>
                      </div>
                    </Show>
                  </div>
                );
              }}
            </For>
            <Show when={lib.loaded() && lib.results().length === 0}>
              <p class="library-empty hint">
                {lib.total() ? 'Nothing matches.' : Object.keys(lib.progress()).length ? 'Reading the library…' : lib.folders().length ? 'No encounter files in these folders.' : 'Add a folder of encounter files to start a library.'}
              </p>
            </Show>
          </div>
        </div>
        <footer class="library-footer">
          <span data-testid="library-count">
            {lib.results().length} of {lib.total()} encounters{lib.broken() ? ` · ${lib.broken()} cannot be read` : ''}
          </span>
          <Show when={selectedEntry()}>
            {(sel) => (
              <div class="library-actions">
                <span class="muted library-selected-name" title={sel().file.id}>
                  {sel().file.name} · {bytesLabel(sel().bytes)} · {new Date(sel().modified).toLocaleString()}
                </span>
                <button class="primary" disabled={!!sel().problem} data-testid="library-open" title="Open in the editor (Enter, or double-click)" onClick={() => void lib.openEntry(sel())}>
                  Open
                </button>
                <button data-testid="library-rename" title="Rename the file (F2)" onClick={() => setPrompt({ kind: 'rename', entry: sel(), value: sel().file.name.replace(/\.encounter$/i, '') })}>
                  Rename…
                </button>
                <button data-testid="library-duplicate" title="Make a copy beside it" onClick={() => void lib.duplicate(sel())}>
                  Duplicate
                </button>
                <button disabled={!!sel().problem} data-testid="library-tags" title="Tags, separated by commas" onClick={() => setPrompt({ kind: 'tags', entry: sel(), value: sel().tags.join(', ') })}>
                  Tags…
                </button>
                <button class="danger" data-testid="library-delete" title={lib.edition === 'browser' ? 'Delete from this browser (Delete)' : 'Move to the system trash (Delete)'} onClick={() => void lib.trash(sel())}>
                  {lib.edition === 'browser' ? 'Delete' : 'Move to trash'}
                </button>
              </div>
            )}
          </Show>
        </footer>
        <Show when={prompt()}>
          {(p) => (
            <form class="library-prompt" data-testid="library-prompt" onSubmit={(e) => void submitPrompt(e)}>
              <label>
                <span>{p().kind === 'rename' ? `New name for ${p().entry.file.name}` : `Tags for ${p().entry.file.name}, separated by commas`}</span>
                <input type="text" value={p().value} ref={(el) => queueMicrotask(() => el.select())} onInput={(e) => setPrompt({ ...p(), value: e.currentTarget.value })} data-testid="library-prompt-input" />
              </label>
              <div class="dialog-actions">
                <button type="button" onClick={() => setPrompt(null)}>
                  Cancel
                </button>
                <button type="submit" class="primary" data-testid="library-prompt-ok">
                  {p().kind === 'rename' ? 'Rename' : 'Save tags'}
                </button>
              </div>
            </form>
          )}
        </Show>
      </section>
    </div>
  );
}
