import { createSignal, For, onCleanup, onMount, Show } from 'solid-js';
import { ACTIONS, displayKeys, MENUS, type MenuId } from '../state/actions';
import type { Editor } from '../state/editor';
import { SAMPLES } from '../state/samples';

/**
 * The application menu, drawn by the page so it is the same in the desktop and browser editions.
 * Click a title to open it; once open, hovering another title switches menus, Escape closes.
 * From the keyboard: Alt + the underlined letter opens a menu, F10 opens the first; inside an open
 * menu Up / Down move between items, Left / Right to the next menu, Home / End, Enter or Space
 * runs the item, Escape closes and gives the keyboard back. While a menu is open no key reaches
 * the map behind it (the arrows do not pan).
 */
export function MenuBar(props: { editor: Editor }) {
  const editor = props.editor;
  const [openMenu, setOpenMenu] = createSignal<MenuId | null>(null);
  let bar!: HTMLElement;

  /** Where the keyboard was before a menu took it, to give it back on Escape. */
  let returnFocus: HTMLElement | null = null;
  const close = () => {
    setOpenMenu(null);
  };
  const items = () => [...bar.querySelectorAll<HTMLButtonElement>('.menu-items button:not(:disabled)')];
  /** Opens a menu and puts the keyboard on its first item (or `last`). */
  function openWithKeyboard(id: MenuId, last = false): void {
    if (!openMenu()) returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpenMenu(id);
    if (id === 'file') void editor.refreshRecent();
    queueMicrotask(() => {
      const list = items();
      // A menu with nothing to run (Edit before any encounter is open) keeps the keyboard on its
      // title, so the focus is never lost to the page and the arrows still read as being in the menu.
      const target = (last ? list[list.length - 1] : list[0]) ?? bar.querySelector<HTMLButtonElement>(`[data-testid="menu-${id}"]`);
      target?.focus();
    });
  }
  function closeAndReturn(): void {
    close();
    returnFocus?.focus();
    returnFocus = null;
  }
  const onDocumentDown = (e: MouseEvent) => {
    if (!bar.contains(e.target as Node)) close();
  };
  // Capture, so an open menu takes its keys before the map and the app shortcuts see them.
  const onKey = (e: KeyboardEvent) => {
    const open = openMenu();
    const mnemonic = e.altKey && !e.ctrlKey && !e.metaKey ? MENUS.find((m) => m.label[0]!.toLowerCase() === e.key.toLowerCase()) : undefined;
    if (mnemonic) {
      openWithKeyboard(mnemonic.id);
    } else if (e.key === 'F10' && !e.shiftKey) {
      if (open) closeAndReturn();
      else openWithKeyboard(MENUS[0]!.id);
    } else if (!open) {
      return;
    } else if (e.key === 'Escape') {
      closeAndReturn();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp' || e.key === 'Home' || e.key === 'End') {
      const list = items();
      const i = list.indexOf(document.activeElement as HTMLButtonElement);
      const next =
        e.key === 'Home' ? 0 : e.key === 'End' ? list.length - 1 : e.key === 'ArrowDown' ? (i + 1) % list.length : (i - 1 + list.length) % list.length;
      list[next]?.focus();
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const k = MENUS.findIndex((m) => m.id === open);
      const next = MENUS[(k + (e.key === 'ArrowRight' ? 1 : MENUS.length - 1)) % MENUS.length]!;
      openWithKeyboard(next.id);
    } else if (e.key === 'Enter' || e.key === ' ' || e.key === 'Tab') {
      // Enter and Space run the focused item (the button's own click); Tab stays in the menu.
      if (e.key === 'Tab') {
        e.preventDefault();
        e.stopImmediatePropagation();
      }
      return;
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey) {
      // Letters do not reach the tools behind an open menu.
    } else return;
    e.preventDefault();
    e.stopImmediatePropagation();
  };
  onMount(() => {
    document.addEventListener('mousedown', onDocumentDown);
    window.addEventListener('keydown', onKey, true);
  });
  onCleanup(() => {
    document.removeEventListener('mousedown', onDocumentDown);
    window.removeEventListener('keydown', onKey, true);
  });

  return (
    <nav class="menubar" ref={bar} role="menubar" aria-label="Application menu">
      <For each={MENUS}>
        {(menu) => (
          <div class="menu">
            <button
              class="menu-title"
              role="menuitem"
              aria-haspopup="true"
              aria-expanded={openMenu() === menu.id}
              data-testid={`menu-${menu.id}`}
              title={`${menu.label} menu (Alt+${menu.label[0]})`}
              aria-keyshortcuts={`Alt+${menu.label[0]}`}
              onClick={() => {
                setOpenMenu(openMenu() === menu.id ? null : menu.id);
                if (menu.id === 'file') void editor.refreshRecent();
              }}
              onMouseEnter={() => openMenu() && setOpenMenu(menu.id)}
            >
              <span class="mnemonic">{menu.label[0]}</span>
              {menu.label.slice(1)}
            </button>
            <Show when={openMenu() === menu.id}>
              <div class="menu-items" role="menu" aria-label={menu.label} data-testid={`menu-items-${menu.id}`}>
                <For each={ACTIONS.filter((a) => a.menu === menu.id)}>
                  {(action) => (
                    <>
                      <Show when={action.separatorBefore}>
                        <div class="menu-separator" role="separator" />
                      </Show>
                      <button
                        class="menu-item"
                        role={action.checked ? 'menuitemcheckbox' : 'menuitem'}
                        aria-checked={action.checked ? action.checked(editor) : undefined}
                        data-testid={action.id}
                        disabled={action.enabled ? !action.enabled(editor) : false}
                        title={action.keys || action.toolKey ? `${action.label(editor)} (${displayKeys(action.keys?.[0] ?? action.toolKey!)})` : action.label(editor)}
                        onClick={() => {
                          closeAndReturn();
                          action.run(editor);
                        }}
                      >
                        <span class="menu-check">{action.checked?.(editor) ? '✓' : ''}</span>
                        <span class="menu-label">{action.label(editor)}</span>
                        <span class="menu-keys">{action.keys || action.toolKey ? displayKeys(action.keys?.[0] ?? action.toolKey!) : ''}</span>
                      </button>
                      <Show when={action.id === 'file.open'}>
                        <div class="menu-sub">
                          <span class="menu-heading" role="presentation">Open recent</span>
                          <Show when={editor.recent().length > 0} fallback={<span class="menu-empty">No recent files</span>}>
                            <For each={editor.recent()}>
                              {(ref) => (
                                <button
                                  class="menu-item recent"
                                  role="menuitem"
                                  title={`Open ${ref.id}`}
                                  onClick={() => {
                                    closeAndReturn();
                                    void editor.openRecent(ref);
                                  }}
                                >
                                  <span class="menu-check" />
                                  <span class="menu-label">{ref.name}</span>
                                  <span class="menu-keys" />
                                </button>
                              )}
                            </For>
                          </Show>
                          <span class="menu-heading" role="presentation">Samples</span>
                          <For each={SAMPLES}>
                            {(sample) => (
                              <button
                                class="menu-item"
                                role="menuitem"
                                title={`Open the sample ${sample.file}`}
                                onClick={() => {
                                  closeAndReturn();
                                  void editor.openSample(sample.file, sample.text);
                                }}
                              >
                                <span class="menu-check" />
                                <span class="menu-label">{sample.title}</span>
                                <span class="menu-keys" />
                              </button>
                            )}
                          </For>
                        </div>
                      </Show>
                    </>
                  )}
                </For>
              </div>
            </Show>
          </div>
        )}
      </For>
      <div class="menubar-title" title={editor.file()?.id ?? ''}>
        {editor.doc() ? `${editor.doc()!.name}${editor.dirty() ? ' •' : ''}` : 'Encounter Builder'}
      </div>
    </nav>
  );
}
