import type { Editor } from '../state/editor';

/** The Edit / Play switch over the map (F5 toggles it). */
export function ModeSwitch(props: { editor: Editor }) {
  const editor = props.editor;
  return (
    <div class="mode-switch" role="radiogroup" aria-label="Mode" data-testid="mode-switch">
      <button role="radio" aria-checked={!editor.playing()} classList={{ active: !editor.playing() }} data-testid="mode-edit" title="Edit the map and the creatures (F5)" onClick={() => editor.leavePlay()}>
        Edit
      </button>
      <button role="radio" aria-checked={editor.playing()} classList={{ active: editor.playing() }} data-testid="mode-play" title="Play the fight from the planned layout: turns, moves, falls, log (F5)" onClick={() => editor.enterPlay()}>
        ▶ Play
      </button>
      {editor.playing() && (
        <button data-testid="play-reset" title="Back to the planned layout: the log is emptied (the seed stays)" onClick={() => void confirmReset(editor)}>
          Reset
        </button>
      )}
    </div>
  );
}

async function confirmReset(editor: Editor): Promise<void> {
  if (editor.playSession()?.log.length && !(await editor.confirm('Reset play: back to the planned layout, and the log is emptied. Continue?', 'Reset'))) return;
  editor.resetPlay();
}
