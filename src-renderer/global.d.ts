import type { PlatformBridge } from '../src-shared/ipc';

declare global {
  interface Window {
    /** Set by the desktop preload (or the e2e harness standing in for it). */
    encounterPlatform?: PlatformBridge;
  }
  const __APP_VERSION__: string;
}
export {};
