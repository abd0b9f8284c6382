/**
 * The renderer's one door to the desktop app: components and hooks import
 * `platform` from here and never touch `window.kura` themselves.
 */
import type { KuraBridge } from '#shared/ipc';
import { browserBridge } from './browser-bridge';

declare global {
  interface Window {
    /** Exposed by the Electron preload; absent in a browser. */
    kura?: KuraBridge;
  }
}

export const isDesktop = window.kura !== undefined;

export const platform: KuraBridge = window.kura ?? browserBridge;
