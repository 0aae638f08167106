import { createSignal, type JSX } from 'solid-js';

/** The Play panel's folded sections, by id, for the whole session (kept when a section re-renders). */
const [folded, setFolded] = createSignal<ReadonlySet<string>>(new Set());

/**
 * A section of the Play panel whose heading folds it away, so the sections in use fit the panel:
 * the heading is a button with aria-expanded, and the body is hidden, not dropped (typed scores stay).
 */
export function PanelSection(props: { id: string; title: JSX.Element; testid?: string; children: JSX.Element }) {
  const open = () => !folded().has(props.id);
  const toggle = () => {
    const next = new Set(folded());
    if (open()) next.add(props.id);
    else next.delete(props.id);
    setFolded(next);
  };
  return (
    <section class="panel-section" classList={{ folded: !open() }} data-testid={props.testid}>
      <h2>
        <button
          type="button"
          class="fold"
          aria-expanded={open()}
          aria-controls={`section-${props.id}`}
          title={open() ? 'Fold this section away' : 'Show this section'}
          data-testid={`fold-${props.id}`}
          onClick={toggle}
        >
          <span class="fold-mark" aria-hidden="true">
            {open() ? '▾' : '▸'}
          </span>
          {props.title}
        </button>
      </h2>
      <div class="fold-body" id={`section-${props.id}`} hidden={!open()}>
        {props.children}
      </div>
    </section>
  );
}
