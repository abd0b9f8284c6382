/**
 * Sales: every SQL statement of the area (docs/architecture.md, "Sales"). The kept daily
 * totals (`sales_daily`), their refresh, the summary and chart reads, the sales list's keys,
 * the export's lines and the OTZ sales.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Platform } from '#shared/constants';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';
import { lockSelected } from '../db/locking';
import type { ListColumns } from '../http/list';
import { SALES_DAILY_COLUMNS, exportLinesOf, saleFlag, salesDailySums, saleValuesOf } from './sales.sql';

/** A CSV line: bytes on SQLite (read as a blob), text on PostgreSQL. */
export type ExportLine = Buffer | string;

export interface SalesDayKey {
  date: string;
  platform: Platform;
}

export interface SalesRange {
  from: string;
  to: string;
  platformCode?: Platform;
}

/** Keys per statement: far below both databases' bound on parameters. */
const REFRESH_CHUNK = 400;

const keyText = (k: SalesDayKey) => `${k.date} ${k.platform}`;

/**
 * Recomputes the `sales_daily` rows of these (day, platform) keys from the orders, in the
 * caller's transaction. Each chunk of keys (in key order) is first written as zeros with an
 * insert-or-update, which on PostgreSQL locks those rows, in key order, until the transaction
 * ends; only then are they summed from the orders, by a statement whose snapshot is taken after
 * the locks: a concurrent transaction refreshing the same day has committed by then, so its
 * orders are counted and neither refresh is lost. Two refreshes lock their rows in the same
 * order, so they queue and never deadlock.
 */
export async function refreshSalesDays(trx: Kysely<Database>, keys: readonly SalesDayKey[]): Promise<void> {
  const unique = [...new Map(keys.map((k) => [keyText(k), k])).values()].sort((a, b) =>
    a.date === b.date ? (a.platform < b.platform ? -1 : 1) : a.date < b.date ? -1 : 1,
  );
  const zeros = sql.join(SALES_DAILY_COLUMNS.map(() => sql`0`));
  const columns = sql.join(['order_date', 'platform_code', ...SALES_DAILY_COLUMNS].map((c) => sql.id(c)));
  const reset = sql.join(
    SALES_DAILY_COLUMNS.map((c) => sql`${sql.id(c)} = 0`),
    sql`, `,
  );
  const assign = sql.join(
    SALES_DAILY_COLUMNS.map((c) => sql`${sql.id(c)} = t.${sql.id(c)}`),
    sql`, `,
  );
  for (let start = 0; start < unique.length; start += REFRESH_CHUNK) {
    const chunk = unique.slice(start, start + REFRESH_CHUNK);
    const values = sql.join(chunk.map((k) => sql`(${k.date}, ${k.platform}, ${zeros})`));
    await sql`insert into sales_daily (${columns}) values ${values}
      on conflict (order_date, platform_code) do update set ${reset}`.execute(trx);
    await sql`update sales_daily set ${assign}
      from (${salesDailySums(keysCondition(chunk))}) t
      where sales_daily.order_date = t.order_date and sales_daily.platform_code = t.platform_code`.execute(
      trx,
    );
  }
}

/** `o` (an order) is on one of these days of its platform: per platform, an IN list of dates. */
function keysCondition(keys: readonly SalesDayKey[]): RawBuilder<unknown> {
  const byPlatform = new Map<Platform, string[]>();
  for (const k of keys) {
    const dates = byPlatform.get(k.platform) ?? [];
    dates.push(k.date);
    byPlatform.set(k.platform, dates);
  }
  const parts = [...byPlatform].map(
    ([platform, dates]) => sql`(o.platform_code = ${platform} and o.order_date in (${sql.join(dates)}))`,
  );
  return sql.join(parts, sql` or `);
}

/**
 * Takes the keys the transaction's writes left in `sales_daily_dirty` (its triggers: 014_sales)
 * and recomputes those days. Every transaction that writes orders, their fee shares, a rate or
 * a purchase price calls it last, before it commits, so the kept totals change with the orders
 * or not at all. A no-op (one delete of nothing) when nothing moved.
 */
export async function flushSalesDays(trx: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{
    order_date: string;
    platform_code: Platform;
  }>`delete from sales_daily_dirty returning order_date, platform_code`.execute(trx);
  if (rows.length === 0) return;
  await refreshSalesDays(
    trx,
    rows.map((r) => ({ date: r.order_date, platform: r.platform_code })),
  );
}

/**
 * Locks the orders a purchase price of these products prices (all but the cancelled ones, in id
 * order, a thousand products a statement), for a writer of those prices which holds the
 * products' locks: the kept figures of its
 * sales (each sale's row and its day's totals) read the price and the order together. An order
 * being written meanwhile is waited for, so the price's triggers read it as committed; an order
 * written later waits for the price. Orders that are not sales yet are taken too, because a
 * concurrent shipment can make them sales.
 */
export async function lockOrdersPricedBy(
  trx: Transaction<Database>,
  productIds: readonly string[],
): Promise<void> {
  for (let i = 0; i < productIds.length; i += 1000) {
    await lockSelected(
      trx,
      'orders',
      trx
        .selectFrom('orders')
        .select('orders.id')
        .where('orders.product_id', 'in', productIds.slice(i, i + 1000))
        .where('orders.shipment_status', '<>', 'CANCELLED'),
    );
  }
}

/** Recomputes every row of `sales_daily` from the orders (after a bulk load). */
export async function rebuildSalesDaily(db: Kysely<Database>): Promise<void> {
  const columns = sql.join(['order_date', 'platform_code', ...SALES_DAILY_COLUMNS].map((c) => sql.id(c)));
  await db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await sql`lock table sales_daily in exclusive mode`.execute(trx);
    await sql`delete from sales_daily_dirty`.execute(trx);
    await sql`delete from sales_daily`.execute(trx);
    await sql`insert into sales_daily (${columns}) ${salesDailySums(sql`1 = 1`)}`.execute(trx);
  });
}

/**
 * Keys left by a transaction that did not flush them (none should): the reads recompute them
 * first, so a report never shows totals behind the orders.
 */
export async function repairSalesDaily(db: Kysely<Database>): Promise<void> {
  const left = await db.selectFrom('sales_daily_dirty').select('order_date').limit(1).executeTakeFirst();
  if (left) await db.transaction().execute((trx) => flushSalesDays(trx));
}

/** Every row of `sales_daily` with sales, and the same sums recomputed from the orders (tests). */
export async function salesDailyBothWays(db: Kysely<Database>) {
  // A day of sales without a rate alone counts them in without_yen_value only.
  const kept = await sql<Record<string, unknown>>`select * from sales_daily
    where no_of_orders > 0 or without_yen_value > 0 order by order_date, platform_code`.execute(db);
  const computed = await sql<Record<string, unknown>>`select * from (${salesDailySums(sql`1 = 1`)}) t
    order by order_date, platform_code`.execute(db);
  return { kept: kept.rows, computed: computed.rows };
}

export type SalesSums = Record<(typeof SALES_DAILY_COLUMNS)[number], bigint>;

/**
 * A kept column summed over many rows, exactly, as text. PostgreSQL sums a bigint into a
 * numeric, which holds any sum. SQLite sums into a 64-bit integer and refuses ("integer
 * overflow") a sum past it rather than rounding: only then (three days each near 2⁶³: never in
 * business) is the sum taken again in two parts ({@link sumParts}). Always summing in parts cost
 * a three-year summary twice as much (1.06 against 0.46 ms at a million orders).
 */
const sumWhole = (column: string, as = column) =>
  sql`cast(coalesce(sum(${sql.ref(column)}), 0) as text) as ${sql.id(as)}`;

/**
 * The same sum as its high part v / 2³² (truncated: below 2³¹ in magnitude) and its low part
 * v % 2³² (below 2³²), which JavaScript puts together as a BigInt ({@link partsTotal}). Neither
 * sum can leave 64 bits before 2³¹ rows, three a day.
 */
const sumParts = (column: string, as = column) => {
  const ref = sql.ref(column);
  return sql`cast(coalesce(sum(${ref} / 4294967296), 0) as text) as ${sql.id(`${as}_hi`)},
    cast(coalesce(sum(${ref} % 4294967296), 0) as text) as ${sql.id(`${as}_lo`)}`;
};

/** The exact sum of `column` from a row of {@link sumParts}. */
const partsTotal = (row: Record<string, unknown>, column: string): bigint =>
  BigInt(String(row[`${column}_hi`])) * 4294967296n + BigInt(String(row[`${column}_lo`]));

/**
 * Runs `query` with whole sums, or (SQLite, past 64 bits) with sums in parts, and answers each
 * row with `columns` as exact BigInts.
 */
async function exactSums<R extends Record<string, unknown>>(
  db: Kysely<Database>,
  columns: readonly string[],
  query: (sum: (column: string, as?: string) => RawBuilder<unknown>) => RawBuilder<R>,
): Promise<(R & Record<string, bigint>)[]> {
  const exact = (rows: R[], total: (row: R, column: string) => bigint) =>
    rows.map((row) => ({ ...row, ...Object.fromEntries(columns.map((c) => [c, total(row, c)])) }));
  try {
    const { rows } = await query(sumWhole).execute(db);
    return exact(rows, (row, c) => BigInt(String(row[c]))) as (R & Record<string, bigint>)[];
  } catch (error) {
    if (!/integer overflow/i.test(String(error))) throw error;
    const { rows } = await query(sumParts).execute(db);
    return exact(rows, partsTotal) as (R & Record<string, bigint>)[];
  }
}

/** The cards over a range: the kept rows of its days (at most three a day), summed exactly. */
export async function salesSums(db: Kysely<Database>, range: SalesRange): Promise<SalesSums> {
  const platform = range.platformCode ? sql`and platform_code = ${range.platformCode}` : sql``;
  const [row] = await exactSums(
    db,
    SALES_DAILY_COLUMNS,
    (sum) => sql<Record<string, unknown>>`select ${sql.join(
      SALES_DAILY_COLUMNS.map((c) => sum(`sales_daily.${c}`, c)),
      sql`, `,
    )} from sales_daily
      where order_date >= ${range.from} and order_date <= ${range.to} ${platform}`,
  );
  return Object.fromEntries(SALES_DAILY_COLUMNS.map((c) => [c, row?.[c] ?? 0n])) as SalesSums;
}

/** The chart: each day of the range with sales, its orders, sales value and profit, exactly. */
export async function salesDays(db: Kysely<Database>, range: SalesRange) {
  const platform = range.platformCode ? sql`and platform_code = ${range.platformCode}` : sql``;
  const columns = ['no_of_orders', 'sales_value', 'profit'] as const;
  const rows = await exactSums(
    db,
    columns,
    (sum) => sql<{ order_date: string }>`
      select order_date, ${sql.join(
        columns.map((c) => sum(c)),
        sql`, `,
      )} from sales_daily
      where order_date >= ${range.from} and order_date <= ${range.to} and no_of_orders > 0 ${platform}
      group by order_date order by order_date`,
  );
  return rows.map((row) => ({
    order_date: row.order_date,
    no_of_orders: row.no_of_orders as bigint,
    sales_value: row.sales_value as bigint,
    profit: row.profit as bigint,
  }));
}

/**
 * The sales list's rows: sales in the range, through the sale indexes. With `walk`, the range is
 * tested row by row on SQLite (`+order_date` is no index constraint) so that a sort other than
 * the order date walks its own sale index and stops after the page, instead of fetching the
 * range's every sale and sorting them: the cheaper plan when the range holds many. PostgreSQL
 * weighs the two plans itself.
 */
export function salesKeysBase(db: Kysely<Database>, range: { from: string; to: string }, walk = false) {
  const date = walk && !isPostgres(db) ? sql`+orders.order_date` : sql`orders.order_date`;
  return db
    .selectFrom('orders')
    .where(sql<SqlBool>`${saleFlag('orders')} = true`)
    .where(sql<SqlBool>`${date} >= ${range.from}`)
    .where(sql<SqlBool>`${date} <= ${range.to}`);
}

/** The sales list's columns; each sort is served by a sale index of 014_sales. */
export const salesColumns: ListColumns = {
  columns: {
    platformCode: 'orders.platform_code',
    shipmentStatus: 'orders.shipment_status',
    orderDate: 'orders.order_date',
    orderId: 'orders.order_id',
    createdAt: 'orders.created_at',
  },
  tieBreaker: 'orders.id',
  countedTables: ['orders'],
};

/** The same for a search by text, which matches products too (as `ordersSearchColumns`). */
export const salesSearchColumns: ListColumns = { ...salesColumns, countedTables: ['orders', 'products'] };

/** The sorts by a kept yen figure (026_sale_sort_values). */
export const SALE_FIGURE_SORTS: readonly string[] = ['orderPrice', 'profit'];

/**
 * The null sentinels of the kept figures' sort indexes (026_sale_sort_values), beyond any
 * sale's figure (below 2⁴⁴ in magnitude): an unknown figure sorts last both ways.
 */
const FIGURE_SENTINELS = { high: 1_000_000_000_000_000, low: -1_000_000_000_000_000 } as const;

/**
 * The sales list sorted by Order price or Profit: the kept rows alone (`k`), which carry the
 * list's filters. The total changes with the orders only (a purchase price moves a figure,
 * never which sales there are).
 */
export const salesFigureColumns: ListColumns = {
  columns: {
    platformCode: 'k.platform_code',
    shipmentStatus: 'k.shipment_status',
    orderPrice: 'k.order_price_yen',
    profit: 'k.profit_yen',
  },
  nullSentinels: { orderPrice: FIGURE_SENTINELS, profit: FIGURE_SENTINELS },
  tieBreaker: 'k.id',
  countedTables: ['orders'],
};

/** The same for a search by text: the orders (as {@link salesSearchColumns}) joined to their kept figures. */
export const salesFigureSearchColumns: ListColumns = {
  ...salesSearchColumns,
  columns: { ...salesSearchColumns.columns, orderPrice: 'k.order_price_yen', profit: 'k.profit_yen' },
  nullSentinels: salesFigureColumns.nullSentinels,
};

/**
 * The sales list's rows by their kept figures. A range of few sales is found by date and its
 * figures sorted; with `walk` the range is tested row by row on SQLite (`+order_date`), so a
 * range of many walks the figure's index in the sort's order and stops after the page.
 */
export function salesFigureKeysBase(db: Kysely<Database>, range: { from: string; to: string }, walk = false) {
  const date = walk && !isPostgres(db) ? sql`+k.order_date` : sql`k.order_date`;
  return db
    .selectFrom('sale_sort_values as k')
    .where(sql<SqlBool>`${date} >= ${range.from}`)
    .where(sql<SqlBool>`${date} <= ${range.to}`);
}

/** Every kept figure row, and the same figures computed from the orders now (tests, invariants). */
export async function saleSortValuesBothWays(db: Kysely<Database>) {
  const kept = await sql<Record<string, unknown>>`select id, order_date, platform_code, shipment_status,
      order_price_yen, profit_yen from sale_sort_values order by id`.execute(db);
  const computed = await sql<Record<string, unknown>>`select s.id, s.order_date, s.platform_code,
      o.shipment_status, s.sales_value as order_price_yen, s.profit as profit_yen
    from (${saleValuesOf(sql`1 = 1`)}) s join orders o on o.id = s.id order by s.id`.execute(db);
  return { kept: kept.rows, computed: computed.rows };
}

/**
 * One batch of the export: the stored CSV lines (014_sales keeps them by triggers) after the
 * last one read, in order date order, then id, from the lines' own clustered key, joined into
 * one value by the database (bytes on SQLite): a batch reaches JavaScript as one buffer, not a
 * line object each. With it come the number of lines and the batch's last key (the date is
 * ten characters, so the greatest `order_date || id` is the last in key order). After the first
 * batch the range starts at that key (a row-value bound the key serves), not at `from` again:
 * with both, SQLite walks from `from` every time.
 */
export async function salesExportBatch(
  db: Kysely<Database>,
  range: SalesRange,
  after: readonly [string, string] | null,
  limit: number,
): Promise<{ body: ExportLine | null; count: number; last: [string, string] | null }> {
  const pg = isPostgres(db);
  const start = after
    ? sql`(l.order_date, l.id) > (${after[0]}, ${after[1]})`
    : sql`l.order_date >= ${range.from}`;
  const platform = range.platformCode ? sql`and l.platform_code = ${range.platformCode}` : sql``;
  const joined = pg
    ? sql`string_agg(b.line, '' order by b.order_date, b.id)`
    : sql`cast(group_concat(b.line, '' order by b.order_date, b.id) as blob)`;
  const { rows } = await sql<{ body: ExportLine | null; count: number; last: string | null }>`
    select ${joined} as body, count(*) as count, max(b.order_date || b.id) as last
    from (select l.order_date, l.id, l.line from sales_export_lines l
      where ${start} and l.order_date <= ${range.to} ${platform}
      order by l.order_date, l.id limit ${limit}) b`.execute(db);
  const row = rows[0];
  const last = row?.last ?? null;
  return {
    body: row?.body ?? null,
    count: Number(row?.count ?? 0),
    last: last === null ? null : [last.slice(0, 10), last.slice(10)],
  };
}

/** Every stored export line, and the same lines formatted from the orders now (tests). */
export async function exportLinesBothWays(db: Kysely<Database>) {
  const kept = await sql<
    Record<string, unknown>
  >`select order_date, id, platform_code, line from sales_export_lines
    order by order_date, id`.execute(db);
  const computed = await sql<
    Record<string, unknown>
  >`select * from (${exportLinesOf(isPostgres(db), sql`1 = 1`)}) t
    order by order_date, id`.execute(db);
  return { kept: kept.rows, computed: computed.rows };
}

/** The OTZ sales list's rows: OTZ orders SHIPPED or COMPLETED in the range. */
export function otzSalesKeysBase(db: Kysely<Database>, range: { from: string; to: string }) {
  return db
    .selectFrom('otz_orders')
    .where(sql<SqlBool>`${saleFlag('otz_orders')} = true`)
    .where('otz_orders.order_date', '>=', range.from)
    .where('otz_orders.order_date', '<=', range.to);
}

export const otzSalesColumns: ListColumns = {
  columns: {
    shipmentStatus: 'otz_orders.shipment_status',
    orderDate: 'otz_orders.order_date',
    createdAt: 'otz_orders.created_at',
  },
  tieBreaker: 'otz_orders.id',
  countedTables: ['otz_orders'],
};

/**
 * What an OTZ sale's figures need beyond its row: the rate in effect on its order date (the
 * latest dated on or before it, by the rates' primary key) and the cost of its goods (null when
 * a line's product has no purchase price).
 */
export function otzSaleFigures(db: Kysely<Database>, range?: { from: string; to: string }) {
  return (range ? otzSalesKeysBase(db, range) : db.selectFrom('otz_orders')).select([
    'otz_orders.id',
    'otz_orders.currency',
    'otz_orders.amount',
    sql<
      number | null
    >`(select r.inr_jpy_micro from exchange_rates r where r.rate_date <= otz_orders.order_date
        order by r.rate_date desc limit 1)`.as('rate'),
    sql<number | null>`(select case when count(*) = count(p.purchase_price)
          then cast(coalesce(sum(cast(p.purchase_price as bigint) * i.order_quantity), 0) as bigint) end
        from otz_order_items i join products p on p.id = i.product_id
        where i.otz_order_id = otz_orders.id)`.as('cost_of_goods'),
  ]);
}
