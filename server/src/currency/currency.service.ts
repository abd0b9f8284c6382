/**
 * INR→JPY exchange rates: the rate in effect today, the dated list, and setting a date's rate.
 *
 * A rate is in effect from its date until the next dated one, and an order's stored rate is
 * the one in effect on its order date. So setting a rate (new or replaced) also sets it on
 * every rupee order of its range, in the same transaction as the rate and its audit entry.
 *
 * Locking (docs/architecture.md, changing state): the writer takes the rates' table lock
 * (PostgreSQL SHARE ROW EXCLUSIVE) before reading anything, so writers of any date queue and
 * each one reads the next dated rate as committed. Order creation reads the rate of its date
 * under SHARE (orders.service.ts, the import): the two exclude each other, so an order is
 * never created with a rate that a concurrent writer is replacing.
 */
import type { Kysely, Transaction } from 'kysely';
import { toRateMicro } from '#shared/domain/money';
import { todayIso } from '#shared/domain/periods';
import { exchangeRatesListSpec } from '#shared/list-specs';
import type { SessionUser } from '#shared/schemas/auth';
import type { CurrencyToday, ExchangeRate } from '#shared/schemas/currency';
import { recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { lockTable } from '../db/locking';
import { writeTransaction } from '../db/write-transaction';
import { parseList, runList, type ListColumns } from '../http/list';
import type { OrdersContext } from '../orders/orders.service';
import {
  applyRateToOrders,
  exchangeRatesQuery,
  findRate,
  nextRateDate,
  rateNumber,
  rateOn,
  toExchangeRate,
  upsertRate,
} from './currency.repository';

/** GET /currency: today in the business's time zone and the rate in effect on it (or null). */
export async function currentRate(db: Kysely<Database>, ctx: OrdersContext): Promise<CurrencyToday> {
  const date = todayIso(new Date(), ctx.timeZone);
  const micro = await rateOn(db, date);
  return { date, from: 'INR', to: 'JPY', rate: micro === null ? null : rateNumber(micro) };
}

/**
 * The rate of `date` among `rates` (oldest first, as {@link ratesUpTo} reads them): the latest
 * dated on or before it, or null. For a caller that reads the rates once for many dates (the
 * import); one date reads its own with {@link rateOn}.
 */
export function rateOfDate(rates: readonly { date: string; rate: number }[], date: string): number | null {
  let low = 0;
  let high = rates.length - 1;
  let found: number | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const entry = rates[middle] as { date: string; rate: number };
    if (entry.date <= date) {
      found = entry.rate;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

// The date is the primary key: it is its own tie breaker, and its index serves every query.
const exchangeRatesColumns: ListColumns = {
  columns: { date: 'exchange_rates.rate_date' },
  tieBreaker: 'exchange_rates.rate_date',
};

export function listExchangeRates(db: Kysely<Database>, rawQuery: unknown) {
  const query = parseList(rawQuery, exchangeRatesListSpec);
  return runList(exchangeRatesQuery(db), query, exchangeRatesColumns, toExchangeRate);
}

/**
 * What a changed rate changes besides itself, for the dates from `from` up to (not including)
 * `until` (null: no later rate): the rupee orders of those dates. The sales report's kept daily
 * totals of the days whose orders changed (noted by the orders' triggers) are recomputed when
 * the transaction ends (writeTransaction).
 */
async function applyRateToDates(
  trx: Transaction<Database>,
  range: { from: string; until: string | null },
  micro: number,
): Promise<void> {
  await applyRateToOrders(trx, range.from, range.until, micro);
}

/**
 * PUT /currency/rates/{date}: creates or replaces the date's rate (validated by the route's
 * schema: positive, at most 6 decimals), with the orders of its range and an audit entry, in
 * one transaction. The same rate again changes nothing and records nothing.
 */
export function putExchangeRate(
  db: Kysely<Database>,
  actor: SessionUser,
  date: string,
  rate: number,
): Promise<ExchangeRate> {
  const micro = toRateMicro(rate);
  return writeTransaction(db, async (trx) => {
    await lockTable(trx, 'exchange_rates');
    const beforeRow = await findRate(trx, date);
    if (beforeRow && Number(beforeRow.inr_jpy_micro) === micro) return toExchangeRate(beforeRow);
    const after = toExchangeRate(await upsertRate(trx, date, micro));
    await applyRateToDates(trx, { from: date, until: await nextRateDate(trx, date) }, micro);
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'exchangeRate',
      entityId: date,
      entityName: date,
      action: beforeRow ? 'update' : 'create',
      ...(beforeRow ? { before: toExchangeRate(beforeRow) } : {}),
      after,
    });
    return after;
  });
}
