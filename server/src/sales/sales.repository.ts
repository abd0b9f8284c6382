/**
 * Sales: every SQL statement of the area (docs/architecture.md, "Sales"). The kept daily
 * totals (`sales_daily`), their refresh, the summary and chart reads, the sales list's keys,
 * the export's lines and the OTZ sales.
 */
import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Platform } from '#shared/constants';
import type { Database } from '../db/database';
import type { ListColumns } from '../http/list';
import { SALE_STATUSES_SQL, SALES_DAILY_COLUMNS, salesDailySums } from './sales.sql';

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

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
 * Exported for the exchange rates: recomputes every day from `from` up to (not including)
 * `until` (open-ended when null) on the INR platforms, as a rate change rewrites the rates of
 * the orders dated then. The triggers already note the orders whose rate changed, so calling
 * {@link flushSalesDays} is enough; this is for a caller that wants the range refreshed as such.
 */
export async function refreshSalesRange(
  trx: Transaction<Database>,
  from: string,
  until: string | null,
): Promise<void> {
  let query = trx
    .selectFrom('sales_daily')
    .select(['order_date', 'platform_code'])
    .where('order_date', '>=', from);
  if (until !== null) query = query.where('order_date', '<', until);
  const kept = await query.execute();
  let orders = trx
    .selectFrom('orders')
    .select(['order_date', 'platform_code'])
    .distinct()
    .where(sql<SqlBool>`orders.shipment_status in ${SALE_STATUSES_SQL}`)
    .where('order_date', '>=', from);
  if (until !== null) orders = orders.where('order_date', '<', until);
  const selling = await orders.execute();
  await refreshSalesDays(
    trx,
    [...kept, ...selling].map((r) => ({ date: r.order_date, platform: r.platform_code })),
  );
  await flushSalesDays(trx);
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
  const kept = await sql<Record<string, unknown>>`select * from sales_daily where no_of_orders > 0
    order by order_date, platform_code`.execute(db);
  const computed = await sql<Record<string, unknown>>`select * from (${salesDailySums(sql`1 = 1`)}) t
    order by order_date, platform_code`.execute(db);
  return { kept: kept.rows, computed: computed.rows };
}

export interface SalesSums {
  no_of_orders: number;
  sales_value: number;
  amazon_commission: number;
  shipping_fee: number;
  custom_fee: number;
  cost_of_goods: number;
  profit: number;
  without_yen_value: number;
  without_purchase_price: number;
}

const sumsOf = () =>
  sql.join(
    SALES_DAILY_COLUMNS.map(
      (c) => sql`cast(coalesce(sum(${sql.ref(`sales_daily.${c}`)}), 0) as bigint) as ${sql.id(c)}`,
    ),
    sql`, `,
  );

/** The cards over a range: the kept rows of its days (at most three a day), summed. */
export async function salesSums(db: Kysely<Database>, range: SalesRange): Promise<SalesSums> {
  const platform = range.platformCode ? sql`and platform_code = ${range.platformCode}` : sql``;
  const { rows } = await sql<SalesSums>`select ${sumsOf()} from sales_daily
    where order_date >= ${range.from} and order_date <= ${range.to} ${platform}`.execute(db);
  return rows[0] as SalesSums;
}

/** The chart: each day of the range with sales, its orders, sales value and profit. */
export async function salesDays(db: Kysely<Database>, range: SalesRange) {
  let query = db
    .selectFrom('sales_daily')
    .select([
      'order_date',
      sql<number>`cast(sum(no_of_orders) as bigint)`.as('no_of_orders'),
      sql<number>`cast(sum(sales_value) as bigint)`.as('sales_value'),
      sql<number>`cast(sum(profit) as bigint)`.as('profit'),
    ])
    .where('order_date', '>=', range.from)
    .where('order_date', '<=', range.to)
    .where('no_of_orders', '>', 0);
  if (range.platformCode) query = query.where('platform_code', '=', range.platformCode);
  return query.groupBy('order_date').orderBy('order_date').execute();
}

/** The sales list's rows: sales (as a literal, which the partial indexes match) in the range. */
export function salesKeysBase(db: Kysely<Database>, range: { from: string; to: string }) {
  return db
    .selectFrom('orders')
    .where(sql<SqlBool>`orders.shipment_status in ${SALE_STATUSES_SQL}`)
    .where('orders.order_date', '>=', range.from)
    .where('orders.order_date', '<=', range.to);
}

/** The sales list's columns; each sort is served by a partial index of 014_sales. */
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

/**
 * The export: each sale's CSV line, formatted by the database (bytes on SQLite, so they are
 * copied without being decoded), joined to its product for SKU, JAN and the ASIN of the
 * order's platform (the product's stored listing columns, 005_export_columns).
 */
export function salesExportQuery(db: Kysely<Database>, range: SalesRange) {
  const pg = isPostgres(db);
  const text = (value: RawBuilder<unknown>) => (pg ? sql`kura_csv_text(${value}::text)` : sqliteText(value));
  const big = (value: string) => sql`cast(${sql.raw(value)} as bigint)`;
  const money = (value: RawBuilder<unknown>) => {
    const abs = sql`abs(${value})`;
    const sign = sql`(case when ${value} < 0 then '-' else '' end)`;
    const rupees = pg
      ? sql`${sign} || (${abs} / 100)::text || '.' || lpad((${abs} % 100)::text, 2, '0')`
      : sql`${sign} || (${abs} / 100) || '.' || substr('0' || (${abs} % 100), -2)`;
    return sql`(case when orders.currency = 'JPY' then cast(${value} as text) else ${rupees} end)`;
  };
  const asin = sql`(case orders.platform_code when 'SHOPIFY' then products.export_asin_shopify
    when 'AMAZONJP' then products.export_asin_amazonjp else products.export_asin_amazonind end)`;
  const cells = [
    sql`orders.order_date`,
    text(sql`orders.order_id`),
    text(sql`products.sku_code`),
    text(asin),
    text(sql`products.jan_code`),
    sql`cast(orders.order_quantity as text)`,
    sql`orders.platform_code`,
    money(big('orders.base_order_price')),
    money(sql`(${big('orders.commission')} + ${big('orders.closing_fee')})`),
    sql`cast(orders.shipping_fee as text)`,
    money(big('orders.gst')),
    money(big('orders.handling_fee')),
    money(big('orders.discount')),
  ];
  const line = sql`${sql.join(cells, sql` || ',' || `)} || ${pg ? sql`chr(13) || chr(10)` : sql`char(13, 10)`}`;
  let query = salesKeysBase(db, range)
    .innerJoin('products', 'products.id', 'orders.product_id')
    .select(sql<ExportLine>`${pg ? line : sql`cast(${line} as blob)`}`.as('line'));
  if (range.platformCode) query = query.where('orders.platform_code', '=', range.platformCode);
  return query;
}

/** A CSV text cell on SQLite, as 006_export_records writes them (kura_csv_text on PostgreSQL). */
function sqliteText(value: RawBuilder<unknown>) {
  const guarded = sql`(case when substr(${value}, 1, 1) in ('=', '+', '-', '@', char(9), char(13))
    then '''' || ${value} else ${value} end)`;
  return sql`(case when ${value} is null or ${value} = '' then ''
    when instr(${value}, '"') or instr(${value}, ',') or instr(${value}, char(13)) or instr(${value}, char(10))
    then '"' || replace(${guarded}, '"', '""') || '"' else ${guarded} end)`;
}

/** The OTZ sales list's rows: OTZ orders SHIPPED or COMPLETED in the range. */
export function otzSalesKeysBase(db: Kysely<Database>, range: { from: string; to: string }) {
  return db
    .selectFrom('otz_orders')
    .where(sql<SqlBool>`otz_orders.shipment_status in ${SALE_STATUSES_SQL}`)
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
