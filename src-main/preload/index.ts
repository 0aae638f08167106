// Runs sandboxed, so it is bundled to one CommonJS file that requires only `electron`.
import { contextBridge, ipcRenderer } from 'electron';
import { bridgeFromInvoke, CHANNELS } from '../../src-shared/ipc/bridge';

contextBridge.exposeInMainWorld(
  'encounterPlatform',
  bridgeFromInvoke(CHANNELS, (channel, args) => ipcRenderer.invoke(channel, ...args)),
);
