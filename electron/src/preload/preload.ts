/**
 * The preload script: exposes the bridge as `window.kura` and nothing else. It runs
 * sandboxed, where only `electron`'s renderer modules can be required, so the build
 * bundles everything else into one CommonJS file.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { ipcEvents } from '#shared/ipc';
import { createBridge } from './bridge';

contextBridge.exposeInMainWorld(
  'kura',
  createBridge({
    invoke: (channel, payload) => ipcRenderer.invoke(channel, payload),
    subscribe: (event, listener) => {
      if (!Object.hasOwn(ipcEvents, event)) throw new Error(`Unknown event ${event}`);
      // Never hand the page the raw IpcRendererEvent: it carries `sender` (ipcRenderer itself).
      const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      ipcRenderer.on(event, wrapped);
      return () => void ipcRenderer.off(event, wrapped);
    },
  }),
);
