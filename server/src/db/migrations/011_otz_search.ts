/**
 * OTZ order search (transaction id, customer name, customer email) through real indexes, as
 * order and product search do: on SQLite an FTS5 trigram table kept by triggers on a stable key
 * table; on PostgreSQL a pg_trgm GIN index per column (the planner ORs them). The searched
 * columns are written once, when the storefront pushes the order, but the triggers follow
 * updates too so the index can never go stale.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const COLUMNS = ['paypal_transaction_id', 'customer_name', 'customer_email'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const column of COLUMNS) {
      await sql`create index ${sql.id(`ix_otz_orders__search_${column}`)} on otz_orders
        using gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(db);
    }
    return;
  }
  await sql`create table otz_orders_search_keys (key integer primary key, otz_order_id text not null unique)`.execute(
    db,
  );
  await sql`create virtual table otz_orders_fts using fts5(
    paypal_transaction_id, customer_name, customer_email, tokenize = 'trigram')`.execute(db);
  await sql`create trigger otz_orders_fts_insert after insert on otz_orders begin
    insert into otz_orders_search_keys (otz_order_id) values (new.id);
    insert into otz_orders_fts (rowid, paypal_transaction_id, customer_name, customer_email)
      values (last_insert_rowid(), new.paypal_transaction_id, new.customer_name, new.customer_email);
    end`.execute(db);
  await sql`create trigger otz_orders_fts_update
    after update of paypal_transaction_id, customer_name, customer_email on otz_orders begin
    update otz_orders_fts set paypal_transaction_id = new.paypal_transaction_id,
      customer_name = new.customer_name, customer_email = new.customer_email
      where rowid = (select key from otz_orders_search_keys where otz_order_id = new.id);
    end`.execute(db);
  await sql`create trigger otz_orders_fts_delete after delete on otz_orders begin
    delete from otz_orders_fts where rowid = (select key from otz_orders_search_keys where otz_order_id = old.id);
    delete from otz_orders_search_keys where otz_order_id = old.id;
    end`.execute(db);
  // Orders stored before this migration.
  await sql`insert into otz_orders_search_keys (otz_order_id) select id from otz_orders order by id`.execute(
    db,
  );
  await sql`insert into otz_orders_fts (rowid, paypal_transaction_id, customer_name, customer_email)
    select k.key, o.paypal_transaction_id, o.customer_name, o.customer_email
    from otz_orders o join otz_orders_search_keys k on k.otz_order_id = o.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const column of COLUMNS) {
      await sql`drop index if exists ${sql.id(`ix_otz_orders__search_${column}`)}`.execute(db);
    }
    return;
  }
  for (const name of ['otz_orders_fts_insert', 'otz_orders_fts_update', 'otz_orders_fts_delete']) {
    await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  }
  await sql`drop table if exists otz_orders_fts`.execute(db);
  await sql`drop table if exists otz_orders_search_keys`.execute(db);
}
