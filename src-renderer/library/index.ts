import { createRoot } from 'solid-js';
import type { Editor } from '../state/editor';
import { download } from '../platform/browser-bridge';
import { libraryDb } from '../store/db';
import { createLibrary, type Library } from './library-state';

let shared: Library | null = null;


function pickFile(accept: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.hidden = true;
    const done = (f: File | null) => {
      input.remove();
      resolve(f);
    };
    input.addEventListener('change', () => done(input.files?.[0] ?? null), { once: true });
    input.addEventListener('cancel', () => done(null), { once: true });
    document.body.append(input);
    input.click();
  });
}

/** The page's library browser, wired to the editor (opening a file, notices, confirmations). */
export function libraryFor(editor: Editor): Library {
  // Its own reactive root: it lives as long as the page, whichever component first asked for it.
  shared ??= createRoot(() => createLibrary({
    platform: editor.platform,
    db: libraryDb(),
    notify: editor.notify,
    openFile: (file) => editor.openRecent(file),
    confirm: editor.confirm,
    download: (name: string, bytes: Uint8Array) => download(name, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' })),
    pickFile,
  }));
  return shared;
}
