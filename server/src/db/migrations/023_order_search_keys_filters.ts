/**
 * SQLite: the order search keys (`orders_search_keys`, one row per order, keyed by the rowid of
 * its order id and customer in the trigram indexes) carry what a search filters and tests by:
 * the order's status, platform, order date and product. A search's matches by order id or
 * customer are then counted and narrowed to a status tab from the keys the index found, without
 * reading each order's row: 6,000 customers named "kabir9…" narrowed to the accepted tab took
 * 24 ms by the orders' rows, 2.5 ms by their keys. Kept by the orders' triggers. PostgreSQL has
 * no such table (its trigram indexes are on the orders themselves). Frozen once shipped.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const COLUMNS = ['shipment_status', 'platform_code', 'order_date', 'product_id'] as const;

/** The customer's searched text, as 015_order_customer_search indexes it. */
const CUSTOMER_TEXT = sql.raw(
  `lower(coalesce(json_extract(new.customer, '$.name'), '') || ' ' || coalesce(json_extract(new.customer, '$.email'), ''))`,
);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const column of COLUMNS) {
    await sql`alter table orders_search_keys add column ${sql.id(column)} text`.execute(db);
  }
  await sql`update orders_search_keys set (shipment_status, platform_code, order_date, product_id) =
    (select o.shipment_status, o.platform_code, o.order_date, o.product_id from orders o
      where o.id = orders_search_keys.order_row_id)`.execute(db);
  await sql`drop trigger orders_fts_insert`.execute(db);
  await sql`create trigger orders_fts_insert after insert on orders begin
    insert into orders_search_keys (order_row_id, shipment_status, platform_code, order_date, product_id)
      values (new.id, new.shipment_status, new.platform_code, new.order_date, new.product_id);
    insert into orders_fts (rowid, order_id) values (last_insert_rowid(), new.order_id);
    insert into orders_customer_fts (rowid, customer)
      select k.key, ${CUSTOMER_TEXT} from orders_search_keys k
      where k.order_row_id = new.id and new.customer is not null;
    end`.execute(db);
  await sql`create trigger orders_search_keys_update
    after update of shipment_status, platform_code, order_date, product_id on orders begin
    update orders_search_keys set shipment_status = new.shipment_status, platform_code = new.platform_code,
      order_date = new.order_date, product_id = new.product_id
      where order_row_id = new.id;
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop trigger if exists orders_search_keys_update`.execute(db);
  await sql`drop trigger orders_fts_insert`.execute(db);
  await sql`create trigger orders_fts_insert after insert on orders begin
    insert into orders_search_keys (order_row_id) values (new.id);
    insert into orders_fts (rowid, order_id) values (last_insert_rowid(), new.order_id);
    insert into orders_customer_fts (rowid, customer)
      select k.key, ${CUSTOMER_TEXT} from orders_search_keys k
      where k.order_row_id = new.id and new.customer is not null;
    end`.execute(db);
  for (const column of COLUMNS) {
    await sql`alter table orders_search_keys drop column ${sql.id(column)}`.execute(db);
  }
}
