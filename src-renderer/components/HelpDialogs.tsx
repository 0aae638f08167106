import { For, Show } from 'solid-js';
import { RULESET_IDS, RULESETS } from '../../src-shared/model';
import { CURSOR_KEYS } from '../canvas/keyboard-cursor';
import { PLAY_TOOLS, TOOLS } from '../canvas/tools';
import { ACTIONS, displayKeys } from '../state/actions';
import type { Editor } from '../state/editor';
import { Dialog } from '../ui/Dialog';

const GESTURES: [string, string][] = [
  ['Mouse wheel', 'Zoom around the cursor'],
  ['Space + drag, middle drag', 'Pan the map'],
  ['Arrow keys (Shift: faster)', 'Pan the map (outside the keyboard cursor)'],
  ['Right-click; Shift + F10 or the Menu key on the map', 'The map menu: edit, duplicate, delete a creature or bring it to the front; pick a square\'s value; open, close or remove a door'],
  ['[ / ]', 'Smaller / larger brush (Brush, Eraser)'],
  ['Shift + drag or click', 'Erase edges (Walls and doors tool)'],
  ['Esc', 'Close a menu or dialog'],
  ['Alt + underlined letter, F10', 'Open a menu (arrows move inside it, Enter runs an item)'],
  ['Shift + click', 'Add a creature to the selection, or take it out (Select tool)'],
  ['Drag from an empty square', 'Select the creatures in a box (Select tool)'],
  ['Tab, Shift + Tab', 'Select the next / previous creature in the inspected square (Select tool)'],
  ['PageUp, PageDown', 'Raise / lower the selected creatures by one square of altitude'],
  ['R, Shift+R, H, V, Esc', 'Turn, mirror or put away a stamp picked in the Stamps palette (a click drops it)'],
];

export function ShortcutsDialog(props: { editor: Editor }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={() => props.editor.setDialog(null)} testId="shortcuts-dialog" wide>
      <table class="shortcuts">
        <tbody>
          <For each={ACTIONS.filter((a) => a.keys)}>
            {(a) => (
              <tr>
                <td>{a.shortcutLabel ?? a.label(props.editor)}</td>
                <td>
                  <For each={a.keys}>{(k) => <kbd>{displayKeys(k)}</kbd>}</For>
                </td>
              </tr>
            )}
          </For>
          <For each={TOOLS}>
            {(t) => (
              <>
                <tr title={t.tooltip}>
                  <td>{t.label} tool</td>
                  <td>
                    <kbd>{t.key}</kbd>
                  </td>
                </tr>
                <For each={t.keys ?? []}>
                  {([keys, what]) => (
                    <tr>
                      <td>
                        {what} ({t.label} tool)
                      </td>
                      <td>
                        <kbd>{keys}</kbd>
                      </td>
                    </tr>
                  )}
                </For>
              </>
            )}
          </For>
          <tr class="section">
            <th colspan="2">Keyboard cursor (K, or Enter on the map): a map built without a mouse</th>
          </tr>
          <For each={CURSOR_KEYS}>
            {([keys, what]) => (
              <tr data-testid="shortcut-cursor">
                <td>{what}</td>
                <td>
                  <kbd>{keys}</kbd>
                </td>
              </tr>
            )}
          </For>
          <tr class="section">
            <th colspan="2">Play mode (F5): its tools' keys work only while playing</th>
          </tr>
          <For each={PLAY_TOOLS}>
            {(t) => (
              <>
                <tr title={t.tooltip} data-testid={`shortcut-${t.id}`}>
                  <td>{t.label} tool (Play mode)</td>
                  <td>
                    <kbd>{t.key}</kbd>
                  </td>
                </tr>
                <For each={t.keys}>
                  {([keys, what]) => (
                    <tr>
                      <td>
                        {what} ({t.label} tool)
                      </td>
                      <td>
                        <kbd>{keys}</kbd>
                      </td>
                    </tr>
                  )}
                </For>
              </>
            )}
          </For>
          <tr class="section">
            <th colspan="2">Everywhere</th>
          </tr>
          <For each={GESTURES}>
            {([keys, what]) => (
              <tr>
                <td>{what}</td>
                <td>
                  <kbd>{keys}</kbd>
                </td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </Dialog>
  );
}

export function AboutDialog(props: { editor: Editor }) {
  return (
    <Dialog title="About Encounter Builder" onClose={() => props.editor.setDialog(null)} testId="about-dialog">
      <p>
        Encounter Builder {__APP_VERSION__} ({props.editor.platform.edition} edition): paint battle maps, place creatures and
        see exactly where they can move under each ruleset.
      </p>
      <ul class="rulesets">
        <For each={[...RULESET_IDS]}>
          {(id) => (
            <li>
              <strong>{RULESETS[id].name}</strong> — <code>{RULESETS[id].text}</code>
            </li>
          )}
        </For>
      </ul>
    </Dialog>
  );
}

export function ConfirmDialog(props: { editor: Editor }) {
  const state = () => props.editor.confirmState()!;
  return (
    <Dialog title="Please confirm" onClose={() => props.editor.answerConfirm(false)} testId="confirm-dialog">
      <p>{state().text}</p>
      <div class="dialog-actions">
        <button type="button" class="primary" data-testid="confirm-no" onClick={() => props.editor.answerConfirm(false)}>
          {/* In Play mode there is nothing being edited: the GM goes on playing. */}
          {props.editor.playing() ? 'Keep playing' : 'Keep editing'}
        </button>
        <Show when={state().otherLabel}>
          {(label) => (
            <button type="button" data-testid="confirm-other" title="Save the encounter, then go on" onClick={() => props.editor.answerConfirm('other')}>
              {label()}
            </button>
          )}
        </Show>
        <button type="button" class="danger" data-testid="confirm-yes" onClick={() => props.editor.answerConfirm(true)}>
          {state().confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
