import { createSignal } from 'solid-js';

/**
 * Save As in the browser edition: Chromium's File System Access API where the page has it (the
 * user picks name and place, and later saves go back to the same file), otherwise a download
 * under a name the user types first.
 */

/** The parts of the File System Access API used here (not yet in TypeScript's DOM types). */
export interface WritableFileHandle {
  readonly name: string;
  createWritable(): Promise<{ write(data: Blob | string): Promise<void>; close(): Promise<void> }>;
  queryPermission?(options: { mode: 'readwrite' }): Promise<PermissionState>;
  requestPermission?(options: { mode: 'readwrite' }): Promise<PermissionState>;
}
type SavePicker = (options: { suggestedName: string; types: { description: string; accept: Record<string, string[]> }[] }) => Promise<WritableFileHandle>;

export function savePicker(): SavePicker | null {
  const picker = (window as unknown as { showSaveFilePicker?: SavePicker }).showSaveFilePicker;
  return typeof picker === 'function' ? picker.bind(window) : null;
}

/** Asks the picker for a file; null when the user cancels. */
export async function pickSaveFile(suggestedName: string, extension: string): Promise<WritableFileHandle | null> {
  const picker = savePicker()!;
  try {
    return await picker({ suggestedName, types: [{ description: 'Encounter', accept: { 'application/json': [`.${extension}`] } }] });
  } catch (e) {
    if ((e as Error).name === 'AbortError') return null;
    throw e;
  }
}

/** Writes to a file the user picked before; false when the browser no longer lets us. */
export async function writeToHandle(handle: WritableFileHandle, text: string): Promise<boolean> {
  if (handle.queryPermission && (await handle.queryPermission({ mode: 'readwrite' })) !== 'granted') {
    if (!handle.requestPermission || (await handle.requestPermission({ mode: 'readwrite' })) !== 'granted') return false;
  }
  const writable = await handle.createWritable();
  await writable.write(new Blob([text], { type: 'application/json' }));
  await writable.close();
  return true;
}

// The name prompt for the download fallback, answered by `SaveNameDialog` in the page.
interface NameRequest {
  suggested: string;
  resolve: (name: string | null) => void;
}
const [nameRequest, setNameRequest] = createSignal<NameRequest | null>(null);
export { nameRequest };

export function askSaveName(suggested: string): Promise<string | null> {
  return new Promise((resolve) => setNameRequest({ suggested, resolve }));
}
export function answerSaveName(name: string | null): void {
  const request = nameRequest();
  setNameRequest(null);
  request?.resolve(name);
}
