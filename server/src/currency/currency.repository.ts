/**
 * Exchange rates: every SQL statement of the area. A rate is kept per date as integer
 * micro-units (yen per rupee × 1,000,000) and becomes the API's number in
 * {@link toExchangeRate} only, through its exact decimal text.
 */
import type { Kysely, Selectable } from 'kysely';
import { formatRate } from '#shared/domain/money';
import type { ExchangeRate } from '#shared/schemas/currency';
import type { Database } from '../db/database';
import type { ExchangeRateTable } from '../orders/orders.table';

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
