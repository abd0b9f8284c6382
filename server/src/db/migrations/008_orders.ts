/**
 * Orders (one row per product line, advance orders included) and the INR→JPY exchange rates
 * they are reported with.
 *
 * Every screen query is served by an index ending in `order_date, id` (the default sort, newest
 * first): by status, by platform, by both (the order management tabs under a platform filter),
 * by product and by shipment. Sort headers and the integrations' sync (`createdAt[gt]`,
 * `updatedAt[gt]`) have theirs. `ux_orders__order_id` makes platform + order id + product
 * unique (a second import of the same report creates nothing) and serves the order id filter.
 *
 * Search: order ids through a trigram index (FTS5 on SQLite, kept by triggers on a stable key
 * table as products_fts is; pg_trgm GIN on PostgreSQL); product name, SKU and JAN through the
 * products' own search index, joined in the database, so a common word matching thousands of
 * products never travels to the server as a list of ids.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { versionedTable } from './004_list_engine';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const INDEXES: Record<string, ReturnType<typeof sql>> = {
  ix_orders__order_date: sql`order_date, id`,
  ix_orders__status_date: sql`shipment_status, order_date, id`,
  ix_orders__platform_date: sql`platform_code, order_date, id`,
  ix_orders__status_platform_date: sql`shipment_status, platform_code, order_date, id`,
  ix_orders__product_date: sql`product_id, order_date, id`,
  ix_orders__shipment_date: sql`shipment_id, order_date, id`,
  ix_orders__created_at: sql`created_at, id`,
  ix_orders__updated_at: sql`updated_at, id`,
  ix_orders__base_order_price: sql`base_order_price, id`,
  ix_orders__order_id_sort: sql`order_id, id`,
  ix_orders__advance_created: sql`is_advance, created_at, id`,
  ix_orders__advance_delivery: sql`is_advance, delivery_date, id`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('platform_code', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('order_date', 'text', (c) => c.notNull())
    .addColumn('order_quantity', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('base_order_price', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('commission', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('closing_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gst', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('handling_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shipping_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('custom_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('exchange_rate', 'integer')
    .addColumn('expected_shipping_date', 'text')
    .addColumn('delivery_date', 'text')
    .addColumn('is_advance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_booked_advance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shipment_status', 'text', (c) => c.notNull())
    .addColumn('shipment_id', 'text')
    .addColumn('customer', 'text')
    .addColumn('stock_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index ux_orders__order_id on orders (order_id, platform_code, product_id)`.execute(
    db,
  );
  for (const [name, columns] of Object.entries(INDEXES)) {
    await sql`create index ${sql.id(name)} on orders (${columns})`.execute(db);
  }
  await versionedTable(db, 'orders');

  if (pg) {
    await sql`create index ix_orders__search on orders using gin (lower(order_id) gin_trgm_ops)`.execute(db);
  } else {
    await sql`create table orders_search_keys (key integer primary key, order_row_id text not null unique)`.execute(
      db,
    );
    await sql`create virtual table orders_fts using fts5(order_id, tokenize = 'trigram')`.execute(db);
    // An order's id is never edited, so inserts and deletes are all the index must follow.
    await sql`create trigger orders_fts_insert after insert on orders begin
      insert into orders_search_keys (order_row_id) values (new.id);
      insert into orders_fts (rowid, order_id) values (last_insert_rowid(), new.order_id);
      end`.execute(db);
    await sql`create trigger orders_fts_delete after delete on orders begin
      delete from orders_fts where rowid = (select key from orders_search_keys where order_row_id = old.id);
      delete from orders_search_keys where order_row_id = old.id;
      end`.execute(db);
  }

  await db.schema
    .createTable('exchange_rates')
    .addColumn('rate_date', 'text', (c) => c.primaryKey())
    .addColumn('inr_jpy_micro', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists orders_list_version on orders`.execute(db);
  } else {
    for (const name of ['orders_fts_insert', 'orders_fts_delete']) {
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    }
    await sql`drop table if exists orders_fts`.execute(db);
    await sql`drop table if exists orders_search_keys`.execute(db);
  }
  await sql`delete from list_versions where name = 'orders'`.execute(db);
  await db.schema.dropTable('exchange_rates').execute();
  await db.schema.dropTable('orders').execute();
}
