/**
 * The `list_versions` of some tables (one counter per table, bumped by triggers in every writing
 * transaction), read once for a request that checks several caches keyed by them: on PostgreSQL
 * each read is a round trip.
 */
import type { Kysely } from 'kysely';
import { executeCompiled } from './compiled';

export type TableVersions = ReadonlyMap<string, number>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any area's database type
type AnyDb = Kysely<any>;

/** The tables' versions (0 for a table never written). */
export async function readTableVersions(db: AnyDb, tables: readonly string[]): Promise<TableVersions> {
  const rows = await executeCompiled(
    db,
    `list.versions:${tables.length}`,
    () => db.selectFrom('list_versions').select(['name', 'version']).where('name', 'in', tables),
    tables,
  );
  const versions = new Map(tables.map((table) => [table, 0]));
  for (const row of rows as { name: string; version: number | string }[]) {
    versions.set(row.name, Number(row.version));
  }
  return versions;
}
