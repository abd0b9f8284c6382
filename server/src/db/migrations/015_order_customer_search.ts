/**
 * Orders found by their customer (name, email): what staff combining own-shop orders into a
 * shipment search by. The customer is JSON text on the order, so both indexes read it from
 * there and nothing in the application writes a second copy:
 * - SQLite: an FTS5 trigram table keyed like the order-id search (orders_search_keys), kept by
 *   triggers on insert, on an edit of the customer, and on delete. The insert trigger of
 *   008_orders is replaced by one that writes both search tables, so the key exists first.
 * - PostgreSQL: a pg_trgm GIN index on the same lower-cased text, for orders with a customer.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The text searched: the customer's name and email, lower-cased (SQLite form). */
const SQLITE_TEXT = (row: 'new' | 'o') =>
  sql.raw(
    `lower(coalesce(json_extract(${row}.customer, '$.name'), '') || ' ' || coalesce(json_extract(${row}.customer, '$.email'), ''))`,
  );

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index ix_orders__customer_search on orders using gin (
      lower(coalesce((customer::jsonb) ->> 'name', '') || ' ' || coalesce((customer::jsonb) ->> 'email', '')) gin_trgm_ops)
      where customer is not null`.execute(db);
    return;
  }
  await sql`create virtual table orders_customer_fts using fts5(customer, tokenize = 'trigram')`.execute(db);
  await sql`drop trigger orders_fts_insert`.execute(db);
  await sql`create trigger orders_fts_insert after insert on orders begin
    insert into orders_search_keys (order_row_id) values (new.id);
    insert into orders_fts (rowid, order_id) values (last_insert_rowid(), new.order_id);
    insert into orders_customer_fts (rowid, customer)
      select k.key, ${SQLITE_TEXT('new')} from orders_search_keys k
      where k.order_row_id = new.id and new.customer is not null;
    end`.execute(db);
  await sql`create trigger orders_customer_fts_update after update of customer on orders begin
    delete from orders_customer_fts
      where rowid = (select key from orders_search_keys where order_row_id = new.id);
    insert into orders_customer_fts (rowid, customer)
      select k.key, ${SQLITE_TEXT('new')} from orders_search_keys k
      where k.order_row_id = new.id and new.customer is not null;
    end`.execute(db);
  await sql`create trigger orders_customer_fts_delete before delete on orders begin
    delete from orders_customer_fts
      where rowid = (select key from orders_search_keys where order_row_id = old.id);
    end`.execute(db);
  await sql`insert into orders_customer_fts (rowid, customer)
    select k.key, ${SQLITE_TEXT('o')} from orders o join orders_search_keys k on k.order_row_id = o.id
    where o.customer is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists ix_orders__customer_search`.execute(db);
    return;
  }
  for (const name of ['orders_customer_fts_update', 'orders_customer_fts_delete']) {
    await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  }
  await sql`drop trigger orders_fts_insert`.execute(db);
  await sql`create trigger orders_fts_insert after insert on orders begin
    insert into orders_search_keys (order_row_id) values (new.id);
    insert into orders_fts (rowid, order_id) values (last_insert_rowid(), new.order_id);
    end`.execute(db);
  await sql`drop table if exists orders_customer_fts`.execute(db);
}
