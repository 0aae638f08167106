import { For, onCleanup, onMount, Show } from 'solid-js';
import '../styles/map-keyboard.css';

export interface ContextMenuItem {
  id: string;
  label: string;
  /** Why it cannot be used now (shown as its tooltip); absent: it can. */
  disabled?: string;
  run: () => void;
}

export interface ContextMenuGroup {
  /** What the items act on ("Goblin", "Square 3, 4", "Closed door"). */
  heading: string;
  items: ContextMenuItem[];
}

/**
 * A context menu (WAI-ARIA menu pattern): role="menu" with its items as role="menuitem", opened
 * with the keyboard on its first item. Up / Down (wrapping), Home / End move between the items that
 * can be used, Enter or Space runs one, Esc or Tab closes it; either way the keyboard goes back to
 * where it was (the map), before the item runs, so an item may move it on (Edit → the panel).
 * A press outside closes it. No key reaches the map or the app shortcuts behind it.
 */
export function ContextMenu(props: { label: string; groups: ContextMenuGroup[]; at: { x: number; y: number }; onClose: () => void; testId?: string }) {
  let menu!: HTMLDivElement;
  const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const items = () => [...menu.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not([aria-disabled="true"])')];
  function close(): void {
    props.onClose();
    returnFocus?.focus();
  }
  function choose(item: ContextMenuItem): void {
    if (item.disabled) return;
    close();
    item.run();
  }
  const onKey = (e: KeyboardEvent) => {
    const list = items();
    const i = list.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp' || e.key === 'Home' || e.key === 'End') {
      const next = e.key === 'Home' ? 0 : e.key === 'End' ? list.length - 1 : e.key === 'ArrowDown' ? (i + 1) % list.length : (i - 1 + list.length) % list.length;
      list[next]?.focus();
    } else if (e.key === 'Escape' || e.key === 'Tab') close();
    else if (e.key === 'Enter' || e.key === ' ') {
      // The focused item's own click runs it; this only keeps the key from the map.
      e.stopPropagation();
      return;
    }
    e.preventDefault();
    e.stopPropagation();
  };
  const onDocumentDown = (e: MouseEvent) => {
    if (!menu.contains(e.target as Node)) close();
  };
  onMount(() => {
    // Kept inside the window: a menu opened near the right or bottom edge opens leftwards / upwards.
    const r = menu.getBoundingClientRect();
    const x = Math.max(0, Math.min(props.at.x, window.innerWidth - r.width - 4));
    const y = Math.max(0, Math.min(props.at.y, window.innerHeight - r.height - 4));
    Object.assign(menu.style, { left: `${x}px`, top: `${y}px` });
    (items()[0] ?? menu).focus();
    document.addEventListener('mousedown', onDocumentDown, true);
  });
  onCleanup(() => document.removeEventListener('mousedown', onDocumentDown, true));
  return (
    <div ref={menu} class="context-menu" role="menu" aria-label={props.label} tabIndex={-1} data-testid={props.testId} style={{ left: `${props.at.x}px`, top: `${props.at.y}px` }} onKeyDown={onKey} onContextMenu={(e) => e.preventDefault()}>
      <For each={props.groups}>
        {(g) => (
          <div role="group" aria-label={g.heading} class="context-menu-group">
            <div class="context-menu-heading" aria-hidden="true">
              {g.heading}
            </div>
            <For each={g.items}>
              {(item) => (
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  aria-disabled={item.disabled ? 'true' : undefined}
                  title={item.disabled}
                  data-testid={`menu-item-${item.id}`}
                  onClick={() => choose(item)}
                  // The pointer and the keyboard share one current item, as in the menu bar.
                  onMouseEnter={(e) => !item.disabled && e.currentTarget.focus()}
                >
                  {item.label}
                  <Show when={item.disabled}>
                    <span class="visually-hidden"> ({item.disabled})</span>
                  </Show>
                </button>
              )}
            </For>
          </div>
        )}
      </For>
    </div>
  );
}
