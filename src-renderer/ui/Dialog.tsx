import { onCleanup, onMount, type JSX } from 'solid-js';

/** A modal dialog: traps nothing fancy, but focuses its first field and closes on Escape. */
export function Dialog(props: { title: string; onClose: () => void; children: JSX.Element; testId?: string; wide?: boolean }) {
  let panel!: HTMLDivElement;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      props.onClose();
    }
  };
  onMount(() => {
    document.addEventListener('keydown', onKey, true);
    // The first field, else the main button — never the header's ×, so Enter after Ctrl+N creates.
    const inBody = (selector: string) =>
      [...panel.querySelectorAll<HTMLElement>(selector)].find((el) => !el.closest('.dialog-header'));
    (inBody('input, select, textarea') ?? inBody('button.primary') ?? inBody('button') ?? panel.querySelector<HTMLElement>('button'))?.focus();
  });
  onCleanup(() => document.removeEventListener('keydown', onKey, true));
  return (
    <div class="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && props.onClose()}>
      <div class="dialog" classList={{ wide: !!props.wide }} role="dialog" aria-modal="true" aria-label={props.title} ref={panel} data-testid={props.testId}>
        <header class="dialog-header">
          <h2>{props.title}</h2>
          <button class="icon-button" aria-label="Close" title="Close (Esc)" onClick={() => props.onClose()}>
            ×
          </button>
        </header>
        {props.children}
      </div>
    </div>
  );
}
