import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from '../../src-renderer/ui/Dialog';

// A newcomer pressed Ctrl+N then Enter and the dialog closed: focus had gone to the header's ×.
let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
  document.body.innerHTML = '';
});

function show(body: () => ReturnType<typeof Dialog>) {
  const root = document.createElement('div');
  document.body.append(root);
  dispose = render(body, root);
}

describe('Dialog focus', () => {
  it('focuses the first field, not the close button', () => {
    show(() => (
      <Dialog title="New encounter" onClose={() => {}}>
        <form>
          <input data-testid="first" />
          <button type="submit" class="primary">Create</button>
        </form>
      </Dialog>
    ));
    expect(document.activeElement?.getAttribute('data-testid')).toBe('first');
  });

  it('focuses the main button when there is no field', () => {
    show(() => (
      <Dialog title="A fall" onClose={() => {}}>
        <button type="button">Details</button>
        <button type="button" class="primary" data-testid="ok">OK</button>
      </Dialog>
    ));
    expect(document.activeElement?.getAttribute('data-testid')).toBe('ok');
  });
});
