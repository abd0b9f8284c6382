/**
 * The one way to change rows that already exist: lock them, then read, check and write in the
 * same transaction, and record the audit entry in that transaction too. The lock is the read:
 * {@link lockRowsReading} answers the locked rows' columns in the statement that locks them.
 *
 *   return writeTransaction(db, async (trx) => {
 *     const [before] = await lockRowsReading(trx, 'issues', [id], (q) => q.selectAll());
 *     if (!before) throw notFound();             // the latest committed state
 *     …check, write, recordAudit(trx, …)
 *   });
 *
 * Why: on PostgreSQL (READ COMMITTED, a pool of connections) a read-check-write without a lock
 * loses updates. Two requests read the same row, both pass the check, both write: a request is
 * resolved twice with two audit entries, two admins demote each other and none is left. With
 * the row lock the second request waits for the first to commit and then reads its result.
 *
 * - PostgreSQL: `SELECT … ORDER BY id FOR NO KEY UPDATE`. Rows are locked in id order, so two
 *   bulk changes over overlapping rows queue instead of deadlocking. A transaction takes all
 *   the rows of one table it will write in one such statement (or in statements of ascending
 *   ids): a second, earlier id taken later would undo the order. NO KEY UPDATE is the lock an
 *   UPDATE of non-key columns takes itself: it excludes other writers and lockers, but not a
 *   row being inserted elsewhere that references the locked one (an order naming a product, a
 *   product naming a supplier), which only checks that the key stays.
 * - Tables are taken in one order: the record being changed (a setting, an OTZ order, a
 *   shipment), then products, then the exchange rates (a table lock), then orders; the sales
 *   report's kept days and the lists' versions last (db/write-transaction.ts). Whatever writes
 *   product rows locks them before it writes them, through a trigger too (a supplier's rename
 *   rewrites its products): an UPDATE of several rows takes them in the order it reads them. A
 *   status change that moves stock therefore locks the orders' products before the orders
 *   (`lockOrderProducts` in products/stock.repository.ts), and a purchase price's writer locks
 *   the product, then its orders, then writes the price (`lockOrdersPricedBy`: the kept sales
 *   figures read both).
 * - SQLite: no row locks are needed. Kysely runs SQLite on one connection behind a mutex, so a
 *   transaction has the database to itself from begin to commit, and connect.ts begins every
 *   transaction IMMEDIATE so another process (a second app) waits for the write lock as well.
 *   The same select runs without the lock clause.
 *
 * Rows that may not exist yet (a user's first preference, the very first account) cannot be
 * locked: lock their parent row (the user) or, as a last resort, the table.
 */
import { sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database } from './database';
import { isPostgres } from './dialect';

/** Tables whose rows are addressed by a text `id`. */
export type LockableTable = {
  [T in keyof Database]: Database[T] extends { id: string } ? T : never;
}[keyof Database];

/**
 * The rows `query` selects from `table`, locked until the transaction ends, in id order, and
 * read by the same statement. `query` reads one table (a join would lock the joined rows too);
 * its conditions may use subqueries of others, which are read, not locked.
 */
export function lockSelected<T extends LockableTable, O>(
  trx: Transaction<Database>,
  table: T,
  query: SelectQueryBuilder<Database, T, O>,
): Promise<O[]> {
  const ordered = query.orderBy(sql.ref(`${table}.id`));
  return (isPostgres(trx) ? ordered.forNoKeyUpdate() : ordered).execute();
}

/**
 * The rows of these ids, locked until the transaction ends (in id order), with the columns
 * `select` picks: `(q) => q.selectAll()`, `(q) => q.select(['id', 'name'])`. A missing id is
 * simply absent from the result (deleted meanwhile, or never there).
 */
export async function lockRowsReading<T extends LockableTable, O>(
  trx: Transaction<Database>,
  table: T,
  ids: readonly string[],
  select: (from: SelectQueryBuilder<Database, T, object>) => SelectQueryBuilder<Database, T, O>,
): Promise<O[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const from = trx.selectFrom(table as LockableTable) as unknown as SelectQueryBuilder<Database, T, object>;
  return lockSelected(trx, table, select(from).where(sql.ref(`${table}.id`), 'in', unique));
}

/**
 * Locks the rows with these ids until the transaction ends (in id order) and returns the ids
 * that exist. Prefer {@link lockRowsReading} when the rows are read next.
 */
export async function lockRows(
  trx: Transaction<Database>,
  table: LockableTable,
  ids: readonly string[],
): Promise<Set<string>> {
  const rows = await lockRowsReading(trx, table, ids, (q) => q.select(sql<string>`id`.as('id')));
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
