import type { PlatformBridge } from '../../src-shared/ipc';
import { createBrowserBridge } from './browser-bridge';

/** The desktop preload provides the bridge; without it the page is the browser edition. */
export function choosePlatform(): PlatformBridge {
  return window.encounterPlatform ?? createBrowserBridge();
}
