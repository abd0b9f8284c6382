/**
 * The one way to change rows that already exist: lock them, then read, check and write in the
 * same transaction, and record the audit entry in that transaction too.
 *
 *   return db.transaction().execute(async (trx) => {
 *     if (!(await lockRow(trx, 'issues', id))) throw notFound();
 *     const before = await findIssue(trx, id);   // the latest committed state
 *     …check, write, recordAudit(trx, …)
 *   });
 *
 * Why: on PostgreSQL (READ COMMITTED, a pool of connections) a read-check-write without a lock
 * loses updates. Two requests read the same row, both pass the check, both write: a request is
 * resolved twice with two audit entries, two admins demote each other and none is left. With
 * the row lock the second request waits for the first to commit and then reads its result.
 *
 * - PostgreSQL: `SELECT id … ORDER BY id FOR UPDATE`. Rows are locked in id order, so two bulk
 *   changes over overlapping rows queue instead of deadlocking.
 * - SQLite: no row locks are needed. Kysely runs SQLite on one connection behind a mutex, so a
 *   transaction has the database to itself from begin to commit, and connect.ts begins every
 *   transaction IMMEDIATE so another process (a second app) waits for the write lock as well.
 *
 * Rows that may not exist yet (a user's first preference, the very first account) cannot be
 * locked: lock their parent row (the user) or, as a last resort, the table.
 */
import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database } from './database';

/** Tables whose rows are addressed by a text `id`. */
export type LockableTable = {
  [T in keyof Database]: Database[T] extends { id: string } ? T : never;
}[keyof Database];

const isPostgres = (trx: Transaction<Database>) => trx.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Locks the rows with these ids until the transaction ends (in id order) and returns the ids
 * that exist; a missing id is simply absent from the result (deleted meanwhile, or never there).
 */
export async function lockRows(
  trx: Transaction<Database>,
  table: LockableTable,
  ids: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) return new Set();
  const forUpdate = isPostgres(trx) ? sql` for update` : sql``;
  const { rows } = await sql<{ id: string }>`select id from ${sql.table(table)} where id in (${sql.join(
    unique,
  )}) order by id${forUpdate}`.execute(trx);
  return new Set(rows.map((row) => row.id));
}

/** {@link lockRows} for one row: true when it exists (and is now locked). */
export async function lockRow(
  trx: Transaction<Database>,
  table: LockableTable,
  id: string,
): Promise<boolean> {
  return (await lockRows(trx, table, [id])).has(id);
}

/**
 * Blocks other writers of the whole table until the transaction ends, for checks about rows
 * that do not exist yet ("is this the first account?"). Reads go on. Prefer a row lock.
 */
export async function lockTable(trx: Transaction<Database>, table: keyof Database): Promise<void> {
  if (isPostgres(trx)) await sql`lock table ${sql.table(table)} in share row exclusive mode`.execute(trx);
}

/**
 * Keeps the table's writers out until the transaction ends while its other readers go on:
 * for a read whose result is copied into another table, so the copy cannot be made from a
 * value a concurrent writer is replacing. An order takes the exchange rate of its date this
 * way, and a rate's writer ({@link lockTable}) updates the orders it governs: one waits for
 * the other, whichever comes first. Take it before the transaction writes anything a writer
 * of the table also writes (orders), or the two could wait for each other.
 */
export async function shareTable(trx: Transaction<Database>, table: keyof Database): Promise<void> {
  if (isPostgres(trx)) await sql`lock table ${sql.table(table)} in share mode`.execute(trx);
}
