/** The part of electron-store the services use; tests pass a Map-backed fake. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** A Map-backed store: tests, and the fallback while no persistent store can be opened. */
export function createMemoryStore(
  initial: Record<string, unknown> = {},
): KeyValueStore & { dump(): Record<string, unknown> } {
  const map = new Map<string, unknown>(Object.entries(initial));
  return {
    get: (key) => map.get(key),
    set: (key, value) => void map.set(key, value),
    delete: (key) => void map.delete(key),
    dump: () => Object.fromEntries(map),
  };
}
