import { createEffect, createSignal, onCleanup } from 'solid-js';
import type { RecoveryData } from '../../src-shared/ipc';
import { MAX_FILE_BYTES, serializeEncounter } from '../../src-shared/io';
import { fileIsPicture, readPicture } from '../store/picture-files';
import { readEncounterFile } from './read-file';
import type { Editor } from './editor';

/** How long after the last change the open document is written to the recovery store. */
export const AUTOSAVE_DELAY_MS = 3000;

/**
 * Autosave: a few seconds after each change, the open document goes to the recovery store (the
 * app's data folder on the desktop, IndexedDB in the browser); a save, or opening something else
 * unchanged, clears it. Call inside a component or root.
 */
/** Whether the recovery store holds this page's work (written here, or recovered from it). */
let stored = false;

export function startAutosave(editor: Editor, delayMs = AUTOSAVE_DELAY_MS): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  createEffect(() => {
    const doc = editor.doc();
    const dirty = editor.dirty();
    cancel();
    if (doc && dirty) {
      timer = setTimeout(() => {
        timer = null;
        const current = editor.doc();
        if (!current || !editor.dirty()) return;
        stored = true;
        void editor.platform
          .writeRecovery({ name: current.name, text: serializeEncounter(current), saved: Date.now(), fileName: editor.file()?.name ?? null })
          .catch((e: Error) => editor.notify('error', `Autosave failed: ${e.message}`));
      }, delayMs);
    } else if (stored) {
      // Saved (or replaced by a document without changes): nothing left to recover.
      stored = false;
      void editor.platform.clearRecovery().catch(() => {});
    }
  });
  onCleanup(cancel);
}

/** The unsaved work offered back at start, while the recovery dialog asks. */
const [pendingRecovery, setPendingRecovery] = createSignal<{ data: RecoveryData; answer: (recover: boolean) => void } | null>(null);
export { pendingRecovery };
export function answerRecovery(recover: boolean): void {
  const p = pendingRecovery();
  setPendingRecovery(null);
  p?.answer(recover);
}

/** At start: offers back work that was autosaved but never saved (the app crashed or was closed). */
export async function offerRecovery(editor: Editor): Promise<void> {
  let data;
  try {
    data = await editor.platform.readRecovery();
  } catch (e) {
    // Never silent: the store was there but could not be read (the message says where it is kept).
    editor.notify('error', (e as Error).message);
    return;
  }
  if (!data) return;
  const found = data;
  const recover = await new Promise<boolean>((answer) => setPendingRecovery({ data: found, answer }));
  if (!recover) {
    await editor.platform.clearRecovery().catch(() => {});
    return;
  }
  const read = await readEncounterFile(found.text, 'recovered.encounter');
  if (!read.ok) {
    editor.notify('error', `The unsaved work could not be recovered: ${read.error}`);
    return;
  }
  // The copy stays in the store until the recovered work is saved.
  if (await editor.openUnsaved(read.encounter, `Recovered “${found.name}”: save it to keep it.`, true)) stored = true;
}

/** Drag and drop: an encounter file or text scenario dropped on the window opens (size-checked first); a picture asks where it goes. */
export function installDropOpen(editor: Editor): () => void {
  const onDragOver = (e: DragEvent) => {
    if (e.dataTransfer?.types.includes('Files')) {
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    }
  };
  const onDrop = async (e: DragEvent) => {
    const file = e.dataTransfer?.files[0];
    if (!file) return;
    e.preventDefault();
    // A picture (PNG, JPEG, WebP by its first bytes) asks where it goes (state/pictures.ts). On the
    // desktop the main process reads and checks it; in the browser the page does.
    if (await fileIsPicture(file)) {
      try {
        const ref = editor.platform.grantDroppedFile ? await editor.platform.grantDroppedFile(0) : null;
        const opened = ref ? await editor.platform.readEncounter(ref) : null;
        const picture = opened?.picture ?? (await readPicture(file));
        await editor.pictureOpened({ file: opened?.file ?? { id: file.name, name: file.name }, picture });
      } catch (err) {
        editor.notify('error', (err as Error).message);
      }
      return;
    }
    // On the desktop a dropped file is opened as the file it is (the preload read its path from
    // this drop), so Save writes back to it; without a path on disk it opens as a new encounter.
    if (editor.platform.grantDroppedFile) {
      let ref;
      try {
        ref = await editor.platform.grantDroppedFile(0);
      } catch (err) {
        // The main process's sentence names the file and the problem (missing, a folder, too large).
        editor.notify('error', (err as Error).message);
        return;
      }
      if (ref) {
        await editor.openRecent(ref);
        return;
      }
    }
    if (file.size > MAX_FILE_BYTES) {
      editor.notify('error', `${file.name} is ${(file.size / 1048576).toFixed(1)} MiB, over the ${MAX_FILE_BYTES / 1048576} MiB limit for an encounter file; nothing was opened.`);
      return;
    }
    // A big file is read off the main thread (read-file.ts).
    const read = await readEncounterFile(await file.text(), file.name);
    if (!read.ok) {
      editor.notify('error', `${file.name} could not be opened: ${read.error}`);
      return;
    }
    await editor.openUnsaved(read.encounter, `Opened ${file.name} (Save asks where to keep it)`, false);
  };
  window.addEventListener('dragover', onDragOver);
  window.addEventListener('drop', onDrop);
  return () => {
    window.removeEventListener('dragover', onDragOver);
    window.removeEventListener('drop', onDrop);
  };
}
