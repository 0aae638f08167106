// Runs sandboxed, so it is bundled to one CommonJS file that requires only `electron`.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { bridgeFromInvoke, CHANNELS, DROPPED_FILE_CHANNEL, type FileRef } from '../../src-shared/ipc/bridge';
import { createDropTracker, type DropTracker } from './drops';

/** The window, as far as the preload uses it (src-main is typed without the DOM library). */
interface DropTarget {
  addEventListener(type: 'drop', listener: (event: Parameters<DropTracker['onDrop']>[0]) => void, capture: boolean): void;
}

// A file dropped on the window: its path is read here, from the drop event, and only here. The
// capturing listener runs before the page's own drop handler, which then asks for the file.
const drops = createDropTracker((file: File) => webUtils.getPathForFile(file));
(globalThis as unknown as DropTarget).addEventListener('drop', (event) => drops.onDrop(event), true);

const bridge = bridgeFromInvoke(CHANNELS, (channel, args) => ipcRenderer.invoke(channel, ...args));
bridge.grantDroppedFile = async (index: number): Promise<FileRef | null> => {
  const filePath = drops.pathAt(index);
  if (!filePath) return null;
  const result = (await ipcRenderer.invoke(DROPPED_FILE_CHANNEL, filePath)) as { ok: boolean; value?: FileRef; error?: string };
  if (!result || typeof result !== 'object' || !result.ok) throw new Error(result?.error ?? 'The desktop app answered something unexpected.');
  return result.value ?? null;
};
contextBridge.exposeInMainWorld('encounterPlatform', bridge);
