/**
 * The order search's SQL: what a text matches (order ids, customers, products), as subqueries
 * found by the trigram indexes inside the database, and the two ways to read a page of the
 * matches (docs/architecture.md, "Order search").
 */
import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/database';
import { productIdsMatching, productKeysMatching } from '../products/products.repository';

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

const characterCount = (text: string) => [...text].length;

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Order ids containing the text, through the trigram index (a prefix below three characters). */
export function orderIdMatch(db: Kysely<Database>, text: string) {
  if (isPostgres(db)) {
    return sql`select orders.id from orders where lower(orders.order_id) like ${likePattern(text)} escape '\\'`;
  }
  if (characterCount(text) < 3) {
    // No trigram to look up: order ids starting with the text, an index range.
    return sql`select orders.id from orders where orders.order_id >= ${text} and orders.order_id < ${`${text}\uffff`}`;
  }
  return sql`select k.order_row_id as id from orders_search_keys k
    where k.key in (select rowid from orders_fts where orders_fts match ${ftsPhrase(text)})`;
}

/** Orders whose customer's name or email contains the text (015_order_customer_search). */
function customerMatch(db: Kysely<Database>, text: string) {
  if (isPostgres(db)) {
    return sql`select orders.id from orders where orders.customer is not null and ${customerText()} like ${likePattern(text)} escape '\\'`;
  }
  // Below a trigram there is nothing to look up: the order id's prefix range is the fallback.
  if (characterCount(text) < 3) return null;
  return sql`select k.order_row_id as id from orders_search_keys k
    where k.key in (select rowid from orders_customer_fts where orders_customer_fts match ${ftsPhrase(text)})`;
}

/** The customer's searched text on PostgreSQL: the expression its index is built on. */
const customerText = () =>
  sql`lower(coalesce((orders.customer::jsonb) ->> 'name', '') || ' ' || coalesce((orders.customer::jsonb) ->> 'email', ''))`;

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
}

export function orderTextSets(db: Kysely<Database>, text: string): OrderTextSets {
  return {
    orderIds: orderIdMatch(db, text),
    customers: customerMatch(db, text),
    products: productIdsMatching(db, text, ORDER_PRODUCT_FIELDS),
    productKeys: productKeysMatching(db, text, ORDER_PRODUCT_FIELDS),
  };
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
  };
}

/** The orders matched by their own id or customer (not through a product), as one subquery; null when neither is looked up. */
export function ownMatches(sets: OrderTextSets): RawBuilder<unknown> | null {
  const parts = [sets.orderIds, sets.customers].filter((part) => part !== null);
  return parts.length === 0 ? null : sql.join(parts, sql` union `);
}

/** Every order the sets match, as one subquery of ids (each found by its own index). */
function allMatches(sets: OrderTextSets): RawBuilder<unknown> | null {
  const parts = [
    ownMatches(sets),
    sets.products ? sql`select o.id from orders o where o.product_id in (${sets.products})` : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? null : sql.join(parts, sql` union `);
}

/** The matches as a condition on `orders.id` (for a caller with its own base, the sales list). */
export function orderTextMatch(sets: OrderTextSets): Expression<SqlBool> {
  const all = allMatches(sets);
  return all ? sql<SqlBool>`orders.id in (${all})` : sql<SqlBool>`1 = 0`;
}

/**
 * The orders `ids` (a subquery of one column `id`) selects, each read by its primary key, as
 * the base of a list (filters and sort apply to `orders` as usual). A cross join, because
 * SQLite keeps its left side outside: with a status among the filters, its planner otherwise
 * walked that status's index (855,000 completed orders) testing each for the ids.
 */
export function ordersOf(db: Kysely<Database>, ids: RawBuilder<unknown> | null) {
  return db
    .selectFrom(sql<{ id: string }>`(${ids ?? sql`select null as id where 1 = 0`})`.as('m'))
    .crossJoin('orders')
    .whereRef('orders.id', '=', 'm.id');
}

/**
 * The matches as an index lookup: every match fetched by its id, then filtered and sorted.
 * Cheap when the matches are few; it fetches and sorts every one of them.
 */
export const matchedOrders = (db: Kysely<Database>, sets: OrderTextSets) => ordersOf(db, allMatches(sets));

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
 * The orders matched by their own id or customer that are not among the matched products'
 * orders: with the matched products' orders from the kept counts, the search's total. A
 * product's orders are counted there, so an order matching both ways is counted once.
 */
export function ownMatchesOutsideProducts(db: Kysely<Database>, sets: OrderTextSets) {
  const own = ordersOf(db, ownMatches(sets));
  return sets.products ? own.where(sql<SqlBool>`orders.product_id not in (${sets.products})`) : own;
}
