/**
 * The order search's SQL: what a text matches (order ids, customers, products), as subqueries
 * found by the trigram indexes inside the database, and the two ways to read a page of the
 * matches (docs/architecture.md, "Order search").
 */
import {
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Filter, ListQuery } from '#shared/query';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';
import { applyFilters, filterExpression, type ListColumns } from '../http/list';
import { statusCountsOf, type MatchedProducts, type StatusCounts } from './order-counts.repository';
import { ordersColumns } from './orders.repository';
import { productIdsMatching, productKeysMatching } from '../products/products.repository';

const characterCount = (text: string) => [...text].length;

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The FTS5 rowids of an order search index (`orders_fts` over order ids, `orders_customer_fts`
 * over customers' lower-cased names and emails) whose text contains `text`. FTS5 reads a
 * phrase by merging the posting lists of all its trigrams, and some trigrams are in a third of
 * the rows ("249" and "49-" begin every Amazon Japan order id; "exa" is in every email): a
 * whole order id cost 7 ms at a million orders, its digits alone 0.8 ms. So the index is asked
 * for the part of the text that is cheapest to look up ({@link cheapestPart}, from the share of
 * rows holding each trigram: search-trigrams.ts) and the rows found are checked for the whole
 * text.
 */
function ftsMatch(
  table: 'orders_fts' | 'orders_customer_fts',
  column: 'order_id' | 'customer',
  text: string,
  shares: TrigramShares,
) {
  const part = cheapestPart(text, shares);
  if (part === text) {
    return sql`select rowid from ${sql.table(table)} where ${sql.table(table)} match ${ftsPhrase(text)}`;
  }
  // SQLite's lower() folds ASCII only, as the customer text was lowered when it was indexed.
  return sql`select rowid from ${sql.table(table)} where ${sql.table(table)} match ${ftsPhrase(part)}
    and instr(lower(${sql.ref(column)}), lower(${text})) > 0`;
}

/**
 * How much more a row found and checked costs than a posting read. Measured at a million orders:
 * a check 0.79 µs, a posting 0.01 µs ("249-2": the whole phrase 6.8 ms; its part "49-2" 4.5 ms to
 * read and 25 ms to check its 32,000 rows), so 80; and the rows a part finds are undercounted
 * by the product of its trigrams' shares, as an order id's trigrams come together ("49-" and "9-2"
 * share the "249-2…" of a third of all ids). Over 500 fresh order id fragments, 1000 against 20:
 * mean 6.3 → 3.8 ms, p99 66 → 51 ms; a whole order id still asks for its rare digits alone.
 */
const CHECK_COST = 1000;

/**
 * The run of consecutive trigrams of `text` cheapest to look up, as a part of the text (the
 * text itself when that is cheapest): reading its posting lists costs the sum of their shares
 * of the rows; a part short of the whole text adds a check of every row it finds, about the
 * product of the shares (trigrams taken as independent).
 */
export function cheapestPart(text: string, shares: TrigramShares): string {
  const chars = [...text];
  const lower = [...text.toLowerCase()];
  const grams = lower.length === chars.length ? lower.length - 2 : 0;
  if (grams <= 1) return text;
  const share = (i: number) => shares.shares.get(lower.slice(i, i + 3).join('')) ?? shares.floor;
  let best = { cost: Infinity, from: 0, to: grams - 1 };
  for (let from = 0; from < grams; from++) {
    let read = 0;
    let found = 1;
    for (let to = from; to < grams; to++) {
      read += share(to);
      found *= share(to);
      const whole = from === 0 && to === grams - 1;
      const cost = read + (whole ? 0 : found * CHECK_COST);
      if (cost < best.cost) best = { cost, from, to };
    }
  }
  return best.from === 0 && best.to === grams - 1 ? text : chars.slice(best.from, best.to + 3).join('');
}

/** The share of an index's rows holding each trigram seen in a sample; `floor` for one not seen. */
export interface TrigramShares {
  shares: ReadonlyMap<string, number>;
  floor: number;
}

/** The trigram shares of the two order search indexes (SQLite); none known: every phrase as it is. */
export interface SearchTrigrams {
  orderIds: TrigramShares;
  customers: TrigramShares;
}
const UNKNOWN: TrigramShares = { shares: new Map(), floor: 0 };
const NO_TRIGRAMS: SearchTrigrams = { orderIds: UNKNOWN, customers: UNKNOWN };

/** Order ids containing the text, through the trigram index (a prefix below three characters). */
export function orderIdMatch(db: Kysely<Database>, text: string, trigrams: SearchTrigrams = NO_TRIGRAMS) {
  if (isPostgres(db)) {
    return sql`select k.order_row_id as id from orders_search_keys k where ${pgTextMatch('order_id', text)}`;
  }
  if (characterCount(text) < 3) {
    // No trigram to look up: order ids starting with the text, an index range.
    return sql`select orders.id from orders where orders.order_id >= ${text} and orders.order_id < ${`${text}\uffff`}`;
  }
  return sql`select k.order_row_id as id from orders_search_keys k
    where k.key in (${ftsMatch('orders_fts', 'order_id', text, trigrams.orderIds)})`;
}

/**
 * PostgreSQL: the search keys' lower-cased order id or customer contains the text (their trigram
 * indexes: 024_order_search_keys_everywhere).
 */
const pgTextMatch = (column: 'order_id' | 'customer', text: string) =>
  sql<SqlBool>`${sql.ref(`k.${column}`)} like ${likePattern(text)} escape '\\'`;

/**
 * The condition on the search keys `orders_search_keys k` that the order's id or customer
 * contains the text: on SQLite the keys the two trigram indexes find (null below a trigram), on
 * PostgreSQL the keys' own texts through their trigram indexes.
 */
function ownSearchKeys(
  db: Kysely<Database>,
  text: string,
  trigrams: SearchTrigrams,
): Expression<SqlBool> | null {
  if (isPostgres(db))
    return sql<SqlBool>`(${pgTextMatch('order_id', text)} or ${pgTextMatch('customer', text)})`;
  if (characterCount(text) < 3) return null;
  return sql<SqlBool>`k.key in (${ftsMatch('orders_fts', 'order_id', text, trigrams.orderIds)}
    union ${ftsMatch('orders_customer_fts', 'customer', text, trigrams.customers)})`;
}

/** Orders whose customer's name or email contains the text (015_order_customer_search). */
function customerMatch(db: Kysely<Database>, text: string, trigrams: SearchTrigrams) {
  if (isPostgres(db)) {
    return sql`select k.order_row_id as id from orders_search_keys k where ${pgTextMatch('customer', text)}`;
  }
  // Below a trigram there is nothing to look up: the order id's prefix range is the fallback.
  if (characterCount(text) < 3) return null;
  return sql`select k.order_row_id as id from orders_search_keys k
    where k.key in (${ftsMatch('orders_customer_fts', 'customer', text, trigrams.customers)})`;
}

/** The product fields an order search matches. */
const ORDER_PRODUCT_FIELDS = ['name', 'skuCode', 'janCode'] as const;

/**
 * What a search text matches, each a subquery of one column `id` found by its own index: orders
 * by their order id, orders by their customer, and products (whose orders match). Null:
 * nothing to look up for that part.
 */
export interface OrderTextSets {
  orderIds: RawBuilder<unknown> | null;
  customers: RawBuilder<unknown> | null;
  products: RawBuilder<unknown> | null;
  /** The same products by the key the kept order counts use (order-counts.repository.ts). */
  productKeys: RawBuilder<unknown> | null;
  /**
   * PostgreSQL: the same products as a condition on their order totals `product_order_totals t`
   * (027_product_order_totals), whose counts a search sums in one scan. Null: the keys' counts.
   */
  productTotals: Expression<SqlBool> | null;
  /**
   * `orderIds` and `customers` together, as a condition on their search keys
   * `orders_search_keys k`, whose rows carry the order's status, platform, date and product
   * (023_order_search_keys_filters, 024_order_search_keys_everywhere). Null: read the orders.
   */
  ownKeys: Expression<SqlBool> | null;
}

export function orderTextSets(
  db: Kysely<Database>,
  text: string,
  trigrams: SearchTrigrams = NO_TRIGRAMS,
): OrderTextSets {
  return {
    orderIds: orderIdMatch(db, text, trigrams),
    customers: customerMatch(db, text, trigrams),
    products: productIdsMatching(db, text, ORDER_PRODUCT_FIELDS),
    productKeys: productKeysMatching(db, text, ORDER_PRODUCT_FIELDS),
    // The totals' text joins name, SKU and JAN with U+0001: a text holding one would match across two.
    productTotals:
      isPostgres(db) && !text.includes('\u0001')
        ? sql<SqlBool>`t.search like ${likePattern(text)} escape '\\'`
        : null,
    ownKeys: ownSearchKeys(db, text, trigrams),
  };
}

/** The matched products as the kept counts read them (order-counts.repository.ts). */
export function matchedProducts(sets: OrderTextSets): MatchedProducts | null {
  if (sets.productTotals) return { totals: sets.productTotals };
  return sets.productKeys ? { keys: sets.productKeys } : null;
}

/** A complete JAN, as a scanner types it, matches that product's orders only. */
export function janTextSets(db: Kysely<Database>, text: string): OrderTextSets {
  return {
    orderIds: null,
    customers: null,
    products: sql`select p.id from products p where p.jan_code = ${text}`,
    productKeys: isPostgres(db)
      ? sql`select p.id from products p where p.jan_code = ${text}`
      : sql`select k.key from products p join products_search_keys k on k.product_id = p.id
          where p.jan_code = ${text}`,
    productTotals: null,
    ownKeys: null,
  };
}

/** The filters the search keys' own columns can test. */
const KEY_COLUMNS: ListColumns = {
  columns: {
    shipmentStatus: 'k.shipment_status',
    platformCode: 'k.platform_code',
    orderDate: 'k.order_date',
    product: 'k.product_id',
  },
  tieBreaker: 'k.order_row_id',
};

/**
 * The orders matched by their own id or customer, narrowed to the filters by their search keys
 * alone when the keys can answer them (SQLite), as a subquery of ids; `outsideProducts` leaves
 * out the orders of the matched products. Undefined where the keys cannot answer: the caller
 * narrows the orders' rows instead.
 */
function ownMatchesByKeys(sets: OrderTextSets, filters: readonly Filter[], outsideProducts: boolean) {
  const where = ownKeysWhere(sets, filters, outsideProducts);
  return where && sql`select k.order_row_id as id from orders_search_keys k where ${where}`;
}

/** The filters as conditions on the search keys `orders_search_keys k`; undefined when they cannot test one. */
function keyFilters(filters: readonly Filter[]): Expression<SqlBool>[] | undefined {
  if (!filters.every((f) => Object.hasOwn(KEY_COLUMNS.columns, f.field))) return undefined;
  return filters.map((f) => filterExpression(KEY_COLUMNS, f));
}

/** The condition on `orders_search_keys k` of {@link ownMatchesByKeys}. */
function ownKeysWhere(sets: OrderTextSets, filters: readonly Filter[], outsideProducts: boolean) {
  const narrowing = keyFilters(filters);
  if (!sets.ownKeys || !narrowing) return undefined;
  const conditions = [
    sets.ownKeys,
    ...narrowing,
    ...(outsideProducts && sets.products ? [sql<SqlBool>`k.product_id not in (${sets.products})`] : []),
  ];
  return sql.join(conditions, sql` and `);
}

/**
 * PostgreSQL: the matched products' orders within the filters, as their search keys
 * `orders_search_keys k` (found by product and date: 028_search_keys_filter_gin), or undefined
 * when the keys cannot test the filters.
 */
function productKeysWithin(sets: OrderTextSets, filters: readonly Filter[]) {
  const narrowing = keyFilters(filters);
  if (!sets.products || !narrowing) return undefined;
  return sql.join([sql<SqlBool>`k.product_id in (${sets.products})`, ...narrowing], sql` and `);
}

/** The orders matched by their own id or customer (not through a product), as one subquery; null when neither is looked up. */
export function ownMatches(sets: OrderTextSets): RawBuilder<unknown> | null {
  const parts = [sets.orderIds, sets.customers].filter((part) => part !== null);
  return parts.length === 0 ? null : sql.join(parts, sql` union `);
}

/**
 * A text that names no product: the page of its matches by order date and their total, read
 * in one statement from the search keys the trigram indexes found (their rows carry the
 * order's date and what the filters test), so neither an order's row nor a second lookup of the
 * text is needed. Undefined where that does not hold (products matched, another sort, a filter
 * the keys cannot test): the caller counts and pages as usual. A page past the end answers no
 * rows and so no total: undefined too (the first page answers its empty total).
 */
export async function ownMatchesPageByKeys(
  db: Kysely<Database>,
  sets: OrderTextSets,
  query: ListQuery,
): Promise<{ ids: string[]; total: number } | undefined> {
  if (query.sort.field !== 'orderDate') return undefined;
  const where = ownKeysWhere(sets, query.filters, false);
  if (!where) return undefined;
  const direction = sql.raw(query.sort.direction === 'asc' ? 'asc' : 'desc');
  const { rows } = await sql<{ id: string; total: number }>`
    select k.order_row_id as id, count(*) over () as total from orders_search_keys k where ${where}
    order by k.order_date ${direction}, k.order_row_id ${direction}
    limit ${query.limit} offset ${query.offset}`.execute(db);
  if (rows.length === 0) return query.offset === 0 ? { ids: [], total: 0 } : undefined;
  return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total) };
}

/**
 * Every order the sets match, as one subquery of ids (each found by its own index); with
 * `filters`, the ones matched by their own id or customer are narrowed by their search keys
 * first where those can, and on PostgreSQL the matched products' orders by their own columns
 * (the rest of the filters apply to the orders' rows after).
 *
 * Why narrow the products' orders on PostgreSQL: a common word's products hold 55,000 orders,
 * and the ids were handed on as an array, which PostgreSQL tests by reading it through for every
 * order of the walk (a week of one status tab: 0.7 s). Narrowed by the order's date, status and
 * platform (the product and date index finds them), a week leaves a few dozen. SQLite keeps the
 * plan its planner was steered to (ordersOf).
 */
function allMatches(
  db: Kysely<Database>,
  sets: OrderTextSets,
  filters: readonly Filter[] = [],
): RawBuilder<unknown> | null {
  const parts = [
    ownMatchesByKeys(sets, filters, false) ?? ownMatches(sets),
    productMatches(db, sets, filters),
  ].filter((part) => part !== null);
  return parts.length === 0 ? null : sql.join(parts, sql` union `);
}

/**
 * The matched products' orders as a subquery of ids; on PostgreSQL narrowed by the filters, from
 * the search keys where those can test them, else from the orders' own columns.
 */
function productMatches(db: Kysely<Database>, sets: OrderTextSets, filters: readonly Filter[]) {
  if (!sets.products) return null;
  const all = sql`select orders.id from orders where orders.product_id in (${sets.products})`;
  if (!isPostgres(db)) return all;
  const byKeys = productKeysWithin(sets, filters);
  if (byKeys) return sql`select k.order_row_id as id from orders_search_keys k where ${byKeys}`;
  return sql`${all}${sql.join(
    filters.map((f) => sql` and ${filterExpression(ordersColumns, f)}`),
    sql``,
  )}`;
}

/**
 * PostgreSQL: the search's matches within the filters per status, from the search keys alone
 * (its own matches through the trigram indexes, its products' orders through the product and
 * date index), where the orders' rows were joined to the matches and read. Undefined where the
 * keys cannot test the filters (a shipment) or on SQLite.
 */
export async function countMatchesByKeys(
  db: Kysely<Database>,
  sets: OrderTextSets,
  filters: readonly Filter[],
): Promise<StatusCounts | undefined> {
  if (!isPostgres(db)) return undefined;
  const own = ownKeysWhere(sets, filters, false);
  const products = productKeysWithin(sets, filters);
  if ((sets.ownKeys && !own) || (sets.products && !products)) return undefined;
  const parts = [own, products].flatMap((where) =>
    where
      ? [
          sql`select k.order_row_id as id, k.shipment_status as status from orders_search_keys k where ${where}`,
        ]
      : [],
  );
  if (parts.length === 0) return statusCountsOf([]);
  const { rows } = await sql<{ status: string; n: number }>`select m.status, count(*) as n
    from (${sql.join(parts, sql` union `)}) m group by m.status`.execute(db);
  return statusCountsOf(rows);
}

/**
 * The matches as a condition on `orders.id`; `filters` (on the orders' columns) narrow the
 * matches inside as {@link allMatches} does. Without them, for a caller with its own base and
 * filters (the sales list).
 */
export function orderTextMatch(
  db: Kysely<Database>,
  sets: OrderTextSets,
  filters: readonly Filter[] = [],
): Expression<SqlBool> {
  const all = allMatches(db, sets, filters);
  return all ? sql<SqlBool>`orders.id in (${all})` : sql<SqlBool>`1 = 0`;
}

/**
 * The orders `ids` (a subquery of one column `id`) selects, each read by its primary key, as
 * the base of a list (filters and sort apply to `orders` as usual). On SQLite a cross join,
 * because SQLite keeps its left side outside: with a status among the filters, its planner
 * otherwise walked that status's index (855,000 completed orders) testing each for the ids. On
 * PostgreSQL the ids as an array, found first: given a join or `in`, its planner estimated the
 * trigram matches by rule of thumb and, with a status among the filters, hashed them and
 * scanned every order (0.2–0.57 s for 40 matches); given an array, it looks each one up by
 * its key.
 */
export function ordersOf(db: Kysely<Database>, ids: RawBuilder<unknown> | null) {
  const matches = ids ?? sql`select null as id where 1 = 0`;
  if (isPostgres(db)) return db.selectFrom('orders').where(sql<SqlBool>`orders.id = any(array(${matches}))`);
  return db
    .selectFrom(sql<{ id: string }>`(${matches})`.as('m'))
    .crossJoin('orders')
    .whereRef('orders.id', '=', 'm.id');
}

/**
 * The matches as an index lookup: every match fetched by its id, then filtered and sorted.
 * Cheap when the matches are few; it fetches and sorts every one of them.
 */
export const matchedOrders = (db: Kysely<Database>, sets: OrderTextSets, filters: readonly Filter[]) =>
  ordersOf(db, allMatches(db, sets, filters));

/**
 * The same match tested order by order, for a walk of the sort's index that stops after the
 * page: with many matches, where the lookup would fetch and sort all of them. Each set is found
 * once by its own index and probed in memory for every order walked (SQLite builds each
 * subquery of an IN once; the unary + keeps its planner from looking each set up instead of
 * walking the sort index; PostgreSQL hashes each subquery under the OR once and never turns it
 * into a join), so the walk reads the sort index alone (016_order_search_walk: the order date
 * index holds the product) and never an order's text.
 */
export function orderTextScan(db: Kysely<Database>, sets: OrderTextSets): Expression<SqlBool> {
  const plus = isPostgres(db) ? sql`` : sql`+`;
  const parts = [
    sets.orderIds ? sql`${plus}orders.id in (${sets.orderIds})` : null,
    sets.customers ? sql`${plus}orders.id in (${sets.customers})` : null,
    sets.products ? sql`${plus}orders.product_id in (${sets.products})` : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * The orders matched by their own id or customer, within the filters, that are not among the
 * matched products' orders, per status: with the matched products' orders from the kept counts,
 * the search's counts (a product's orders are counted there, so an order matching both ways is
 * counted once). From the search keys alone where they can answer the filters.
 */
export async function countOwnMatchesOutsideProducts(
  db: Kysely<Database>,
  sets: OrderTextSets,
  query: { readonly filters: readonly Filter[] },
  columns: ListColumns,
): Promise<StatusCounts> {
  const where = ownKeysWhere(sets, query.filters, true);
  if (where) {
    const { rows } = await sql<{
      status: string;
      n: number;
    }>`select k.shipment_status as status, count(*) as n
      from orders_search_keys k where ${where} group by k.shipment_status`.execute(db);
    return statusCountsOf(rows);
  }
  const own = ordersOf(db, ownMatches(sets));
  const outside = sets.products ? own.where(sql<SqlBool>`orders.product_id not in (${sets.products})`) : own;
  return countOrdersPerStatus(applyFilters(outside, query, columns));
}

/** Orders per status among those a query on `orders` selects. */
export async function countOrdersPerStatus(filtered: SelectQueryBuilder<Database, 'orders', unknown>) {
  const rows = await filtered
    .clearSelect()
    .select(['orders.shipment_status as status', sql<number>`count(*)`.as('n')])
    .groupBy('orders.shipment_status')
    .execute();
  return statusCountsOf(rows);
}
