/**
 * The two building blocks every cache of the server is made of, so each cache says only what it
 * keeps and why (docs/architecture.md, "What the server keeps in memory"):
 *
 * - {@link perDatabase}: a value per database handle, made on first use and dropped with the
 *   handle (tests and the bench open several databases in one process).
 * - {@link Lru}: a map with a bound, the least recently used entry out first.
 *
 * Nothing kept here may change an answer: what the database says is the truth, and a cache
 * holds what it compiled or counted from it, keyed by what it depends on.
 */
/** `make(db)` once per database handle (a Kysely instance); the same value for that handle after. */
export function perDatabase<D extends object, T>(make: (db: D) => T): (db: D) => T {
  const values = new WeakMap<D, T>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) {
      value = make(db);
      values.set(db, value);
    }
    return value;
  };
}

/** A map of at most `max` entries; reading or writing an entry makes it the most recent. */
export class Lru<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      // A Map keeps insertion order: moved to the end, it is the most recent.
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
