import { Show } from 'solid-js';
import { LIMITS } from '../../src-shared/io/limits';
import { PICTURE_MIMES, type Creature } from '../../src-shared/model';
import type { Editor } from '../state/editor';
import '../styles/tokens-labels.css';

const MIB = 1024 * 1024;

/**
 * The creature panel's token picture: "Token picture…" picks a PNG, JPEG or WebP for every selected
 * creature (one undo step), "Remove token picture" takes it off. A plain file input, which both
 * editions have: the renderer may read a file the user picked.
 */
export function TokenPictureField(props: { editor: Editor; creature: Creature }) {
  const editor = props.editor;
  let input!: HTMLInputElement;
  const ids = () => [...editor.selectedIds()];
  const image = () => editor.doc()?.tokenImages?.find((t) => t.id === props.creature.token);
  const anyShown = () => ids().some((id) => editor.creatureById(id)?.token !== undefined);
  async function pick(file: File | undefined): Promise<void> {
    input.value = '';
    if (!file) return;
    // Refused before reading: a 2 GB file is not loaded to be told it is too big.
    if (file.size > LIMITS.pictureBytes) {
      editor.notify('error', `${file.name} cannot be a token picture: the picture is ${(file.size / MIB).toFixed(1)} MiB, over the ${LIMITS.pictureBytes / MIB} MiB limit for a picture.`);
      return;
    }
    editor.setTokenPicture(ids(), new Uint8Array(await file.arrayBuffer()), file.name);
  }
  return (
    <div class="field-row token-picture" data-testid="token-picture">
      <Show when={image()}>
        {(t) => <img class="token-thumb" src={`data:${t().mime};base64,${t().data}`} alt={`${props.creature.name}'s token`} data-testid="token-picture-thumb" />}
      </Show>
      <button type="button" data-testid="token-picture-choose" title="A PNG, JPEG or WebP picture for the selected creatures' tokens, cropped to a circle" onClick={() => input.click()}>
        Token picture…
      </button>
      <input ref={input} type="file" accept={PICTURE_MIMES.join(',')} hidden data-testid="token-picture-input" onChange={(e) => void pick(e.currentTarget.files?.[0])} />
      <Show when={anyShown()}>
        <button type="button" class="link" data-testid="token-picture-remove" title="Draw the selected creatures as labelled discs again" onClick={() => editor.removeTokenPicture(ids())}>
          Remove token picture
        </button>
      </Show>
    </div>
  );
}
