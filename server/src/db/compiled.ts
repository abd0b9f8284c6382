/**
 * Compiled SQL of hot queries whose text and parameters never change, by database: building
 * and compiling a Kysely query costs more CPU than SQLite takes to answer a small one, so a
 * query run on every list request is compiled once per database handle.
 */
import type { Compilable, CompiledQuery, Kysely } from 'kysely';

const byDb = new WeakMap<object, Map<string, CompiledQuery>>();

/** The compiled `build()` for `key` on `db`, compiled on first use. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any area's database type
export function compiledOnce<R>(db: Kysely<any>, key: string, build: () => Compilable<R>): CompiledQuery<R> {
  let queries = byDb.get(db);
  if (!queries) byDb.set(db, (queries = new Map()));
  let compiled = queries.get(key);
  if (!compiled) queries.set(key, (compiled = build().compile()));
  return compiled as CompiledQuery<R>;
}
