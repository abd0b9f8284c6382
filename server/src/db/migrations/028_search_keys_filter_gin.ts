/**
 * PostgreSQL: the search keys' trigram indexes also hold the order's date, status and platform
 * (btree_gin), so a search within the list's filters is narrowed inside the index.
 *
 * Why: a text in many orders (a customer's surname in 60,000, "249-" in every Amazon Japan order)
 * found its matches through the trigram index and then read every one of them from the table to
 * test the date window and the status tab: "mehta" over 90 days read 18,600 pages to keep 9,800
 * rows (120–450 ms). With the filters in the index, the index's own lists are intersected first
 * and only the rows in the window are read: 23 ms; "249-" cancelled on Amazon Japan in a month
 * 12 ms; "priya" received 0.9 ms. The trigram-only indexes stay: a GIN index reads a date range
 * whole before it intersects it, which costs more than it saves when the text is rare ("matcha"
 * in no order id: 0.06 ms alone, 14 ms over a month), and the planner, given both, picks by the
 * text's estimated matches (measured: the rare text alone, the common text with its window).
 *
 * The keys also get an index by product and date carrying the status and platform, so the orders
 * of a word's products within the filters (a year of "matcha": 31,000 of its 55,000) are found
 * and counted per status from that index alone, where the orders' rows were joined and read.
 *
 * btree_gin is a trusted extension (PostgreSQL 13+), as pg_trgm is (004_list_engine): the
 * database owner may create it. Frozen once shipped.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`create index ix_orders_search_keys__order_id_filters on orders_search_keys
    using gin (order_id gin_trgm_ops, order_date, shipment_status, platform_code)`.execute(db);
  await sql`create index ix_orders_search_keys__customer_filters on orders_search_keys
    using gin (customer gin_trgm_ops, order_date, shipment_status, platform_code)
    where customer is not null`.execute(db);
  await sql`create index ix_orders_search_keys__product_date on orders_search_keys
    (product_id, order_date) include (shipment_status, platform_code, order_row_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index ix_orders_search_keys__product_date`.execute(db);
  await sql`drop index ix_orders_search_keys__order_id_filters`.execute(db);
  await sql`drop index ix_orders_search_keys__customer_filters`.execute(db);
}
