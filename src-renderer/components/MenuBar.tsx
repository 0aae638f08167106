import { createSignal, For, onCleanup, onMount, Show } from 'solid-js';
import { ACTIONS, displayKeys, MENUS, type MenuId } from '../state/actions';
import type { Editor } from '../state/editor';
import { SAMPLES } from '../state/samples';

/**
 * The application menu, drawn by the page so it is the same in the desktop and browser editions.
 * Click a title to open it; once open, hovering another title switches menus, Escape closes.
 */
export function MenuBar(props: { editor: Editor }) {
  const editor = props.editor;
  const [openMenu, setOpenMenu] = createSignal<MenuId | null>(null);
  let bar!: HTMLElement;

  const close = () => setOpenMenu(null);
  const onDocumentDown = (e: MouseEvent) => {
    if (!bar.contains(e.target as Node)) close();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') close();
  };
  onMount(() => {
    document.addEventListener('mousedown', onDocumentDown);
    document.addEventListener('keydown', onKey);
  });
  onCleanup(() => {
    document.removeEventListener('mousedown', onDocumentDown);
    document.removeEventListener('keydown', onKey);
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
              onClick={() => {
                setOpenMenu(openMenu() === menu.id ? null : menu.id);
                if (menu.id === 'file') void editor.refreshRecent();
              }}
              onMouseEnter={() => openMenu() && setOpenMenu(menu.id)}
            >
              {menu.label}
            </button>
            <Show when={openMenu() === menu.id}>
              <div class="menu-items" role="menu">
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
                        onClick={() => {
                          close();
                          action.run(editor);
                        }}
                      >
                        <span class="menu-check">{action.checked?.(editor) ? '✓' : ''}</span>
                        <span class="menu-label">{action.label(editor)}</span>
                        <span class="menu-keys">{action.keys ? displayKeys(action.keys[0]!) : ''}</span>
                      </button>
                      <Show when={action.id === 'file.open'}>
                        <div class="menu-sub">
                          <span class="menu-sub-title">Open recent</span>
                          <Show when={editor.recent().length > 0} fallback={<span class="menu-empty">No recent files</span>}>
                            <For each={editor.recent()}>
                              {(ref) => (
                                <button
                                  class="menu-item recent"
                                  role="menuitem"
                                  title={ref.id}
                                  onClick={() => {
                                    close();
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
                          <span class="menu-sub-title">Samples</span>
                          <For each={SAMPLES}>
                            {(sample) => (
                              <button
                                class="menu-item"
                                role="menuitem"
                                title={sample.file}
                                onClick={() => {
                                  close();
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
