/**
 * The one way to open a transaction that writes: `writeTransaction(db, async (trx) => …)` runs
 * the work and then, still inside the transaction and last, what every commit needs, so that no
 * caller has to remember it:
 *
 * - the sales report's kept daily totals: the days the work's writes noted in
 *   `sales_daily_dirty` (triggers of 014_sales) are recomputed (`flushSalesDays`);
 * - the lists' versions (`list_versions`, which every cached total and kept search set is keyed
 *   by): the tables the work wrote are bumped in name order (PostgreSQL; 019_list_versions_in_
 *   order), where the commit would otherwise bump them in the order they were first written and
 *   deadlock with a transaction that wrote them the other way round.
 *
 * Both lock rows every writer shares (a day's totals, a table's version) in one fixed order, and
 * must be the last rows a transaction locks (db/locking.ts), which is why they run here. A write
 * that moves no sale costs one delete of nothing, and one call on PostgreSQL. On SQLite the
 * transaction begins IMMEDIATE (connect.ts), as every transaction does, and versions are bumped
 * by the writing statements themselves.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { flushSalesDays } from '../sales/sales.repository';
import type { Database } from './database';
import { isPostgres } from './dialect';

export function writeTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await work(trx);
    await flushSalesDays(trx);
    if (isPostgres(trx)) {
      await sql`select kura_bump_noted_lists()`.execute(trx);
    }
    return result;
  });
}
