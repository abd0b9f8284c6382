/**
 * Totals from the kept order counts (020_order_counts): orders per day, status and platform,
 * and per product, status and platform, kept exact by the database in every writing
 * transaction. A list's total over a date window, a status tab and a platform, the status tabs'
 * counts, and a search's matches among the orders of the products its text names are sums of
 * these rows: a few hundred rows at most, whatever the filters, where counting the orders
 * themselves read every matching index entry (docs/architecture.md, "Kept counts").
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { ORDER_STATUSES, PLATFORMS, type OrderStatus } from '#shared/constants';
import type { Filter, ListQuery } from '#shared/query';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';
import { filterExpression, type ListColumns } from '../http/list';

/** The list filters a day count row can answer, and the columns they read there. */
const DAY_COLUMNS: ListColumns = {
  columns: {
    shipmentStatus: 'order_day_counts.shipment_status',
    platformCode: 'order_day_counts.platform_code',
    orderDate: 'order_day_counts.order_date',
  },
  tieBreaker: 'order_day_counts.order_date',
};

/** The list filters a product count row can answer. */
const PRODUCT_COLUMNS: ListColumns = {
  columns: {
    shipmentStatus: 'order_product_counts.shipment_status',
    platformCode: 'order_product_counts.platform_code',
  },
  tieBreaker: 'order_product_counts.product_key',
};

const answers = (columns: ListColumns, filters: readonly Filter[]) =>
  filters.every((filter) => Object.hasOwn(columns.columns, filter.field));

/** True when the day counts can give the total of these filters (status, platform, order date only). */
export const dayCountsAnswer = (filters: readonly Filter[]) => answers(DAY_COLUMNS, filters);

/** True when the product counts can give a search's matches under these filters (status, platform only). */
export const productCountsAnswer = (filters: readonly Filter[]) => answers(PRODUCT_COLUMNS, filters);

const where = (columns: ListColumns, filters: readonly Filter[]): Expression<SqlBool> =>
  filters.length === 0
    ? sql<SqlBool>`1 = 1`
    : sql<SqlBool>`${sql.join(
        filters.map((f) => filterExpression(columns, f)),
        sql` and `,
      )}`;

/** The number of orders the filters select; only for filters {@link dayCountsAnswer}. */
export async function countOrdersByDay(
  db: Kysely<Database>,
  query: Pick<ListQuery, 'filters'>,
): Promise<number> {
  const { rows } = await sql<{ n: number | string | null }>`select sum(n) as n from order_day_counts
    where ${where(DAY_COLUMNS, query.filters)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Orders per status: a status tab's count each. */
export type StatusCounts = Record<OrderStatus, number>;

export const noStatusCounts = (): StatusCounts =>
  Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as StatusCounts;

/** `a` and `b` added status by status. */
export const addStatusCounts = (a: StatusCounts, b: StatusCounts): StatusCounts =>
  Object.fromEntries(ORDER_STATUSES.map((s) => [s, a[s] + b[s]])) as StatusCounts;

export const sumStatusCounts = (counts: StatusCounts) =>
  ORDER_STATUSES.reduce((sum, s) => sum + counts[s], 0);

/** Rows of `status, n` as counts per status. */
export function statusCountsOf(rows: readonly { status: string; n: number | string | null }[]): StatusCounts {
  const counts = noStatusCounts();
  for (const row of rows) counts[row.status as OrderStatus] += Number(row.n ?? 0);
  return counts;
}

/** Orders per status among those the filters select; only for filters {@link dayCountsAnswer}. */
export async function countOrdersByStatus(
  db: Kysely<Database>,
  filters: readonly Filter[],
): Promise<StatusCounts> {
  const { rows } = await sql<{ status: string; n: number | string | null }>`
    select shipment_status as status, sum(n) as n from order_day_counts
    where ${where(DAY_COLUMNS, filters)} group by shipment_status`.execute(db);
  return statusCountsOf(rows);
}

/**
 * The matched products, as the kept counts read them: the keys of their count rows (a subquery
 * of the keys the counts use: `productKeysMatching`), or on PostgreSQL a condition on their rows
 * of per-product totals `product_order_totals t` (027_product_order_totals), which the trigram
 * index on those rows answers.
 */
export type MatchedProducts = { keys: RawBuilder<unknown> } | { totals: Expression<SqlBool> };

/** The per-product totals' count columns, one per status and platform (027_product_order_totals). */
const TOTAL_COLUMNS = ORDER_STATUSES.flatMap((status) =>
  PLATFORMS.map((platform) => ({
    status,
    platform,
    column: `n_${status.toLowerCase()}_${platform.toLowerCase()}`,
  })),
);

/**
 * The matched products' orders summed as rows of (status, platform, n) `v`: from the kept
 * counts' rows of those products, or from their totals' columns summed and turned into rows.
 */
function matchedCounts(db: Kysely<Database>, products: MatchedProducts) {
  if ('totals' in products) {
    const sums = sql.join(TOTAL_COLUMNS.map((c) => sql`sum(t.${sql.id(c.column)}) as ${sql.id(c.column)}`));
    const rows = sql.join(
      TOTAL_COLUMNS.map((c) => sql`(${sql.lit(c.status)}, ${sql.lit(c.platform)}, s.${sql.id(c.column)})`),
    );
    return sql`(select v.shipment_status, v.platform_code, v.n
      from (select ${sums} from product_order_totals t where ${products.totals}) s
      cross join lateral (values ${rows}) v (shipment_status, platform_code, n))`;
  }
  return sql`(select shipment_status, platform_code, n from order_product_counts where ${
    // PostgreSQL hashed the matched products and scanned every count (70 ms for 2,750 products);
    // given an array, it looks each product's counts up by their key.
    isPostgres(db) ? sql`product_key = any(array(${products.keys}))` : sql`product_key in (${products.keys})`
  })`;
}

/**
 * The orders of the matched products: per status those the filters select (`byStatus`, only
 * for filters {@link productCountsAnswer}), and all of them whatever the filters.
 */
export async function countProductOrders(
  db: Kysely<Database>,
  products: MatchedProducts,
  filters: readonly Filter[],
): Promise<{ byStatus: StatusCounts; all: number }> {
  const { rows } = await sql<{
    status: string;
    matching: number | string | null;
    all_orders: number | string | null;
  }>`
    select shipment_status as status, sum(case when ${where(PRODUCT_COLUMNS, filters)} then n else 0 end) as matching,
      sum(n) as all_orders
    from ${matchedCounts(db, products)} order_product_counts
    group by shipment_status`.execute(db);
  return {
    byStatus: statusCountsOf(rows.map((r) => ({ status: r.status, n: r.matching }))),
    all: rows.reduce((sum, r) => sum + Number(r.all_orders ?? 0), 0),
  };
}

/** Every kept count next to the same count made from the orders (tests and the integrity check). */
export async function orderCountsBothWays(db: Kysely<Database>) {
  const read = async (kept: RawBuilder<unknown>, computed: RawBuilder<unknown>) => ({
    kept: (await sql<Record<string, unknown>>`${kept}`.execute(db)).rows.map(numbered),
    computed: (await sql<Record<string, unknown>>`${computed}`.execute(db)).rows.map(numbered),
  });
  return {
    days: await read(
      sql`select order_date, shipment_status, platform_code, n from order_day_counts where n <> 0
        order by order_date, shipment_status, platform_code`,
      sql`select order_date, shipment_status, platform_code, count(*) as n from orders
        group by order_date, shipment_status, platform_code order by order_date, shipment_status, platform_code`,
    ),
    products: await read(
      isPostgres(db)
        ? sql`select product_key as product_id, shipment_status, platform_code, n from order_product_counts
            where n <> 0 order by product_key, shipment_status, platform_code`
        : sql`select k.product_id, c.shipment_status, c.platform_code, c.n from order_product_counts c
            join products_search_keys k on k.key = c.product_key
            where c.n <> 0 order by k.product_id, c.shipment_status, c.platform_code`,
      sql`select product_id, shipment_status, platform_code, count(*) as n from orders
        group by product_id, shipment_status, platform_code order by product_id, shipment_status, platform_code`,
    ),
    // PostgreSQL's per-product totals, one row per product, status and platform counted.
    totals: isPostgres(db)
      ? await read(
          sql`select t.product_id, v.shipment_status, v.platform_code, v.n from product_order_totals t
            cross join lateral (values ${sql.join(
              TOTAL_COLUMNS.map(
                (c) => sql`(${sql.lit(c.status)}, ${sql.lit(c.platform)}, t.${sql.id(c.column)})`,
              ),
            )}) v (shipment_status, platform_code, n)
            where v.n <> 0 order by t.product_id, v.shipment_status, v.platform_code`,
          sql`select product_id, shipment_status, platform_code, count(*) as n from orders
            group by product_id, shipment_status, platform_code order by product_id, shipment_status, platform_code`,
        )
      : { kept: [], computed: [] },
  };
}

const numbered = (row: Record<string, unknown>) => ({ ...row, n: Number(row.n) });
