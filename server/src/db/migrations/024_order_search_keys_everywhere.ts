/**
 * The order search keys follow every change of an order, on both databases.
 *
 * PostgreSQL: the order search reads a narrow copy of what it searches and filters by, one row
 * per order (`orders_search_keys`: the order id and the customer's name and email, both
 * lower-cased, and the order's status, platform, order date and product), with the trigram
 * indexes on that copy instead of on the orders.
 *
 * Why: a trigram index only narrows the candidates; every candidate is then checked against its
 * row. On the orders that check read a wide row and, for the customer, parsed its JSON: an order
 * id fragment in 32,000 orders took 127 ms to find and as long again to count, because the count
 * looked each match up by its id. On the narrow rows the texts are stored as searched, and a
 * search's matches are counted, narrowed to a status tab and paged from the same rows in one
 * statement, as SQLite does from its search keys (023_order_search_keys_filters).
 *
 * Kept by one row trigger on the orders, whatever changes: SQLite's order id index did not
 * follow a corrected order id (nothing in the API changes one, but an import or a repair may),
 * so it gets the trigger it lacked. Frozen once shipped.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The customer's searched text, as 015_order_customer_search indexed it on the orders. */
const customerText = (row: 'new' | 'o') =>
  sql.raw(`case when ${row}.customer is null then null else
    lower(coalesce((${row}.customer::jsonb) ->> 'name', '') || ' ' || coalesce((${row}.customer::jsonb) ->> 'email', '')) end`);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`create trigger orders_fts_update after update of order_id on orders begin
      update orders_fts set order_id = new.order_id
        where rowid = (select key from orders_search_keys where order_row_id = new.id);
      end`.execute(db);
    return;
  }
  await sql`create table orders_search_keys (
    order_row_id text primary key,
    order_id text not null,
    customer text,
    shipment_status text not null,
    platform_code text not null,
    order_date text not null,
    product_id text not null
  )`.execute(db);
  await sql`insert into orders_search_keys
    select o.id, lower(o.order_id), ${customerText('o')}, o.shipment_status, o.platform_code, o.order_date, o.product_id
    from orders o`.execute(db);
  await sql`create index ix_orders_search_keys__order_id on orders_search_keys using gin (order_id gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index ix_orders_search_keys__customer on orders_search_keys using gin (customer gin_trgm_ops)
    where customer is not null`.execute(db);
  await sql`create function kura_orders_search_keys() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        delete from orders_search_keys where order_row_id = old.id;
        return null;
      end if;
      if tg_op = 'UPDATE' and old.id <> new.id then
        delete from orders_search_keys where order_row_id = old.id;
      end if;
      insert into orders_search_keys
        values (new.id, lower(new.order_id), ${customerText('new')}, new.shipment_status, new.platform_code,
          new.order_date, new.product_id)
      on conflict (order_row_id) do update set order_id = excluded.order_id, customer = excluded.customer,
        shipment_status = excluded.shipment_status, platform_code = excluded.platform_code,
        order_date = excluded.order_date, product_id = excluded.product_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger orders_search_keys_write
    after insert or delete or update of id, order_id, customer, shipment_status, platform_code, order_date, product_id
    on orders for each row execute function kura_orders_search_keys()`.execute(db);
  // The orders' own trigram indexes are read by nothing now; they only slowed every write.
  await sql`drop index if exists ix_orders__search`.execute(db);
  await sql`drop index if exists ix_orders__customer_search`.execute(db);
  await sql`analyze orders_search_keys`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`drop trigger if exists orders_fts_update`.execute(db);
    return;
  }
  await sql`drop trigger if exists orders_search_keys_write on orders`.execute(db);
  await sql`drop function if exists kura_orders_search_keys()`.execute(db);
  await sql`drop table if exists orders_search_keys`.execute(db);
  await sql`create index ix_orders__search on orders using gin (lower(order_id) gin_trgm_ops)`.execute(db);
  await sql`create index ix_orders__customer_search on orders using gin (
    lower(coalesce((customer::jsonb) ->> 'name', '') || ' ' || coalesce((customer::jsonb) ->> 'email', '')) gin_trgm_ops)
    where customer is not null`.execute(db);
}
