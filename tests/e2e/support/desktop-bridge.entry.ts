// Bundled into the page by desktop.ts: the preload's bridge, with its transport backed by a
// Playwright binding to the main-process router instead of ipcRenderer.
import { createBridge } from '../../../electron/src/preload/bridge';

type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();
const host = window as unknown as {
  __kuraInvoke(channel: string, payload: unknown): Promise<unknown>;
  __kuraEmit(event: string, payload: unknown): void;
  kura: unknown;
};

host.kura = Object.freeze(
  createBridge({
    invoke: (channel, payload) => host.__kuraInvoke(channel, payload),
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  }),
);
host.__kuraEmit = (event, payload) => listeners.get(event)?.forEach((l) => l(payload));
