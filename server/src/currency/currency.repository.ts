/**
 * Exchange rates: every SQL statement of the area, the rate an order's date takes and a rate
 * set on the rupee orders of its dates included. A rate is kept per date as integer
 * micro-units (yen per rupee × 1,000,000) and becomes the API's number in
 * {@link toExchangeRate} only, through its exact decimal text.
 */
import { type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from 'kysely';
import { formatRate } from '#shared/domain/money';
import type { ExchangeRate } from '#shared/schemas/currency';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';
import { lockSelected } from '../db/locking';
import type { ExchangeRateTable } from './currency.table';

export type ExchangeRateRow = Selectable<ExchangeRateTable>;

/** Micro-units as the API's number: 1_734_512 → 1.734512, read from its decimal text. */
export const rateNumber = (micro: number | string) => Number(formatRate(Number(micro)));

export const toExchangeRate = (row: ExchangeRateRow): ExchangeRate => ({
  _id: row.rate_date,
  date: row.rate_date,
  rate: rateNumber(row.inr_jpy_micro),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const exchangeRatesQuery = (db: Kysely<Database>) => db.selectFrom('exchange_rates').selectAll();

export function findRate(db: Kysely<Database>, date: string) {
  return exchangeRatesQuery(db).where('rate_date', '=', date).executeTakeFirst();
}

/** The first date after `date` that has a rate of its own (where `date`'s rate stops), or null. */
export async function nextRateDate(db: Kysely<Database>, date: string): Promise<string | null> {
  const row = await db
    .selectFrom('exchange_rates')
    .select('rate_date')
    .where('rate_date', '>', date)
    .orderBy('rate_date')
    .limit(1)
    .executeTakeFirst();
  return row?.rate_date ?? null;
}

/**
 * Creates the date's rate or replaces it, in one statement: two writers of a new date cannot
 * both insert (the second updates), whatever else holds them apart. Answers the stored row.
 */
export async function upsertRate(
  db: Kysely<Database>,
  date: string,
  micro: number,
): Promise<ExchangeRateRow> {
  const now = new Date().toISOString();
  return db
    .insertInto('exchange_rates')
    .values({ rate_date: date, inr_jpy_micro: micro, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('rate_date').doUpdateSet((eb) => ({
        inr_jpy_micro: eb.ref('excluded.inr_jpy_micro'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The INR→JPY rate (micro-units) in force on `date`: the latest dated on or before it. */
export async function rateOn(db: Kysely<Database>, date: string): Promise<number | null> {
  const row = await db
    .selectFrom('exchange_rates')
    .select('inr_jpy_micro')
    .where('rate_date', '<=', date)
    .orderBy('rate_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.inr_jpy_micro) : null;
}

/**
 * Gives every rupee order dated from `from` up to (not including) `until` (the next dated
 * rate; null when none follows) the rate `micro`: the rate in effect on its order date, as a
 * new or replaced rate makes it. One index range of ix_orders__order_date. Only rows whose
 * rate changes are written (their updatedAt moves, so the integrations' sync sees them).
 * Answers how many changed.
 *
 * The caller holds the exchange rates' table lock. On PostgreSQL the range's rows are locked
 * first in id order, as every order write locks them, so this never deadlocks with a bulk
 * status change over some of the same orders.
 */
export async function applyRateToOrders(
  trx: Transaction<Database>,
  from: string,
  until: string | null,
  micro: number,
): Promise<number> {
  const inRange = (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.and([
      eb('orders.order_date', '>=', from),
      ...(until === null ? [] : [eb('orders.order_date', '<', until)]),
      eb('orders.currency', '=', 'INR'),
      eb.or([eb('orders.exchange_rate', 'is', null), eb('orders.exchange_rate', '<>', micro)]),
    ]);
  if (isPostgres(trx)) {
    await lockSelected(trx, 'orders', trx.selectFrom('orders').select('orders.id').where(inRange));
  }
  const result = await trx
    .updateTable('orders')
    .set({ exchange_rate: micro, updated_at: new Date().toISOString() })
    .where(inRange)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Every INR→JPY rate dated on or before `date`, oldest first (micro-units). */
export async function ratesUpTo(
  db: Kysely<Database>,
  date: string,
): Promise<{ date: string; rate: number }[]> {
  const rows = await db
    .selectFrom('exchange_rates')
    .select(['rate_date', 'inr_jpy_micro'])
    .where('rate_date', '<=', date)
    .orderBy('rate_date')
    .execute();
  return rows.map((row) => ({ date: row.rate_date, rate: Number(row.inr_jpy_micro) }));
}
