import { createMemo, createSignal, For, onMount, Show } from 'solid-js';
import { parseEncounter } from '../../src-shared/io';
import type { LibraryEntry } from '../../src-shared/ipc';
import { LibrarySearch } from '../../src-shared/library';
import { RULESETS, type Encounter, type RulesetId } from '../../src-shared/model';
import type { Editor } from '../state/editor';
import type { Library } from './library-state';
import { starterStamps, STARTER_LIBRARY } from './starter-stamps';
import './library.css';

/** A stamp's picture: the starters carry theirs; a library stamp's is read from the thumbnail cache. */
function StampThumb(props: { library: Library; entry: LibraryEntry }) {
  const [url, setUrl] = createSignal<string | null>(props.entry.thumbnail);
  onMount(() => {
    if (url()) return;
    void props.library.db.thumbs
      .get(props.entry.file.id)
      .then((t) => setUrl(t?.url ?? null))
      .catch(() => {}); // no picture is no reason for a message
  });
  return (
    <div class="stamp-thumb">
      <Show when={url()}>{(u) => <img src={u()} alt="" draggable={false} />}</Show>
    </div>
  );
}

/**
 * The Stamps palette (View › Stamps palette, or the stamp button under the tools): the starter set
 * and every stamp in the user's libraries, searched by name and tags and filtered by a tag. A click
 * picks one to drop (state/stamps.ts): refused with the reason when it was made for a ruleset whose
 * layers mean something else.
 */
export function StampsPalette(props: { editor: Editor; library: Library }) {
  const editor = props.editor;
  const library = props.library;
  const [text, setText] = createSignal('');
  const [tag, setTag] = createSignal('');
  onMount(() => {
    // The libraries' stamps: the cache at once, then whatever changed on disk (or in this browser).
    void (async () => {
      if (!library.loaded()) await library.loadCache().catch(() => {});
      await library.refresh().catch(() => {});
    })();
  });
  const all = createMemo(() => [...starterStamps().map((s) => s.entry), ...library.stampEntries()]);
  const index = createMemo(() => new LibrarySearch(all()));
  const tags = createMemo(() => [...new Set(all().flatMap((e) => e.tags))].sort());
  const shown = createMemo(() => {
    const t = tag();
    return index()
      .query({ text: text(), sort: 'name' })
      .filter((e) => !t || e.tags.includes(t));
  });

  async function stampText(entry: LibraryEntry): Promise<string> {
    if (entry.library === STARTER_LIBRARY) return starterStamps().find((s) => s.entry.file.id === entry.file.id)!.text;
    // In the browser the stamp is a record of the library itself: reading it there keeps it off the recent files.
    const stored = editor.platform.edition === 'browser' ? await library.db.libraryFiles.get(entry.file.id) : undefined;
    return stored?.text ?? (await editor.platform.readEncounter(entry.file)).text;
  }

  async function pick(entry: LibraryEntry): Promise<void> {
    let stamp: Encounter;
    try {
      const parsed = parseEncounter(await stampText(entry));
      if (!parsed.ok) throw new Error(parsed.error);
      stamp = parsed.encounter;
    } catch (e) {
      editor.notify('error', `The stamp ${entry.title ?? entry.file.name} could not be read: ${(e as Error).message}`);
      return;
    }
    // The keys R, H, V and Esc go to the map, not to the card just clicked.
    if (editor.pickStamp(stamp) && document.activeElement instanceof HTMLElement) document.activeElement.blur();
  }

  const rulesetName = (id: string | null) => (id && id in RULESETS ? RULESETS[id as RulesetId].name : (id ?? ''));

  return (
    <aside class="stamps-palette" aria-label="Stamps" data-testid="stamps-palette">
      <header class="stamps-header">
        <h2>Stamps</h2>
        <button class="icon-button" aria-label="Close the stamps palette" title="Close" onClick={() => editor.setStampsPaletteOpen(false)}>
          ×
        </button>
      </header>
      <input type="text" role="searchbox" placeholder="Search names and tags" aria-label="Search stamps" value={text()} onInput={(e) => setText(e.currentTarget.value)} data-testid="stamps-search" />
      <select aria-label="Tag" value={tag()} onChange={(e) => setTag(e.currentTarget.value)} data-testid="stamps-tag">
        <option value="">Every tag</option>
        <For each={tags()}>{(t) => <option value={t}>{t}</option>}</For>
      </select>
      <p class="hint">
        Click a stamp, then the map: R turns it, H and V mirror it, Esc puts it away.
        <Show when={editor.placingStamp()}>{(p) => <strong data-testid="stamp-placing"> Dropping “{p().name}”.</strong>}</Show>
      </p>
      <div class="stamps-grid" role="list">
        <For each={shown()} fallback={<p class="hint">No stamp matches.</p>}>
          {(entry) => (
            <button
              class="stamp-card"
              role="listitem"
              title={`${entry.title ?? entry.file.name} — ${rulesetName(entry.ruleset)}, ${entry.width} × ${entry.height}${entry.tags.length ? ` — ${entry.tags.join(', ')}` : ''}`}
              disabled={!editor.doc() || editor.playing()}
              onClick={() => void pick(entry)}
              data-testid="stamp-card"
            >
              <StampThumb library={library} entry={entry} />
              <span class="stamp-name">{entry.title ?? entry.file.name}</span>
              <span class="stamp-tags">{entry.tags.join(', ')}</span>
            </button>
          )}
        </For>
      </div>
    </aside>
  );
}
