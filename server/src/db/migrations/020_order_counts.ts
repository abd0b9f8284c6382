/**
 * Kept order counts, so a list's total and a search's total are sums of a few kept rows
 * instead of a count of every matching order (docs/architecture.md, "Kept counts").
 *
 * - `order_day_counts`: orders per order date, status and platform. Any date window, status tab
 *   and platform of order management sums at most one row per day and combination (about 9,000
 *   rows hold three years); counting the same orders by index took 1.6 ms for a
 *   status + platform + year at a million orders, summing the kept rows 0.01–0.17 ms.
 * - `order_product_counts`: orders per product, status and platform. A search's matches among
 *   the orders of the products its text names are the sum over those products (a common word
 *   names 2,761 products and 55,000 orders: 4.2 ms to count the orders, 0.6 ms to sum). On
 *   SQLite a product is named by its search key (`products_search_keys.key`, the rowid its
 *   trigram index returns), so the sum reads the counts straight from the index's matches: by
 *   the product's id it took a lookup of the id and a text key per product, 2.2 ms against
 *   0.9 ms over the 1,500 products of a two-word text. PostgreSQL's trigram index returns
 *   products, so there the product's id is the key.
 *
 * Kept exact in the writing transaction, whatever writes the orders:
 * - SQLite: triggers add and subtract as each order is inserted, deleted or moved (date, status,
 *   platform, product). There is one writer at a time, so nothing can interleave.
 * - PostgreSQL: row triggers note each change in `order_count_deltas` under the transaction's id;
 *   a deferred constraint trigger applies the transaction's notes at commit, day rows first and
 *   then product rows, each in key order. Incremented directly, two transactions changing orders
 *   of the same keys in a different order (a bulk acceptance and a bulk cancellation) would lock
 *   the same count rows in a different order and deadlock; applied at commit in key order, they
 *   queue. The first firing applies every note of the transaction; the others find none.
 *
 * Frozen once shipped: it imports nothing from the application.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const KEY_COLUMNS = ['order_date', 'shipment_status', 'platform_code', 'product_id'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const count = pg ? 'bigint' : 'integer';
  await sql`create table order_day_counts (
    order_date text not null,
    shipment_status text not null,
    platform_code text not null,
    n ${sql.raw(count)} not null,
    primary key (order_date, shipment_status, platform_code)
  )${sql.raw(pg ? '' : ' without rowid')}`.execute(db);
  await sql`create table order_product_counts (
    product_key ${sql.raw(pg ? 'text' : 'integer')} not null,
    shipment_status text not null,
    platform_code text not null,
    n ${sql.raw(count)} not null,
    primary key (product_key, shipment_status, platform_code)
  )${sql.raw(pg ? '' : ' without rowid')}`.execute(db);

  if (pg) {
    await sql`create table order_count_deltas (
      tx bigint not null default txid_current(),
      order_date text not null,
      shipment_status text not null,
      platform_code text not null,
      product_id text not null,
      delta integer not null
    )`.execute(db);
    await sql`create index ix_order_count_deltas__tx on order_count_deltas (tx)`.execute(db);
    await sql`create function kura_order_counts_note() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          insert into order_count_deltas (order_date, shipment_status, platform_code, product_id, delta)
            values (old.order_date, old.shipment_status, old.platform_code, old.product_id, -1);
        end if;
        if tg_op <> 'DELETE' then
          insert into order_count_deltas (order_date, shipment_status, platform_code, product_id, delta)
            values (new.order_date, new.shipment_status, new.platform_code, new.product_id, 1);
        end if;
        return null;
      end $$`.execute(db);
    const moved = sql.join(
      KEY_COLUMNS.map((c) => sql`old.${sql.id(c)} is distinct from new.${sql.id(c)}`),
      sql` or `,
    );
    await sql`create trigger order_counts_insert after insert on orders for each row
      execute function kura_order_counts_note()`.execute(db);
    await sql`create trigger order_counts_update after update on orders for each row
      when (${moved}) execute function kura_order_counts_note()`.execute(db);
    await sql`create trigger order_counts_delete after delete on orders for each row
      execute function kura_order_counts_note()`.execute(db);
    await sql`create function kura_order_counts_apply() returns trigger language plpgsql as $$
      begin
        if not exists (select 1 from order_count_deltas where tx = txid_current()) then
          return null;
        end if;
        insert into order_day_counts (order_date, shipment_status, platform_code, n)
          select order_date, shipment_status, platform_code, sum(delta) from order_count_deltas
          where tx = txid_current()
          group by order_date, shipment_status, platform_code
          order by order_date, shipment_status, platform_code
          on conflict (order_date, shipment_status, platform_code)
          do update set n = order_day_counts.n + excluded.n;
        insert into order_product_counts (product_key, shipment_status, platform_code, n)
          select product_id, shipment_status, platform_code, sum(delta) from order_count_deltas
          where tx = txid_current()
          group by product_id, shipment_status, platform_code
          order by product_id, shipment_status, platform_code
          on conflict (product_key, shipment_status, platform_code)
          do update set n = order_product_counts.n + excluded.n;
        delete from order_count_deltas where tx = txid_current();
        return null;
      end $$`.execute(db);
    await sql`create constraint trigger order_count_deltas_apply after insert on order_count_deltas
      deferrable initially deferred for each row execute function kura_order_counts_apply()`.execute(db);
  } else {
    const add = (row: 'new' | 'old', delta: 1 | -1) => sql`
      insert into order_day_counts (order_date, shipment_status, platform_code, n)
        values (${sql.raw(row)}.order_date, ${sql.raw(row)}.shipment_status, ${sql.raw(row)}.platform_code, ${sql.lit(delta)})
        on conflict (order_date, shipment_status, platform_code) do update set n = n + ${sql.lit(delta)};
      insert into order_product_counts (product_key, shipment_status, platform_code, n)
        values ((select key from products_search_keys where product_id = ${sql.raw(row)}.product_id),
          ${sql.raw(row)}.shipment_status, ${sql.raw(row)}.platform_code, ${sql.lit(delta)})
        on conflict (product_key, shipment_status, platform_code) do update set n = n + ${sql.lit(delta)};`;
    const moved = sql.join(
      KEY_COLUMNS.map((c) => sql`old.${sql.id(c)} is not new.${sql.id(c)}`),
      sql` or `,
    );
    await sql`create trigger order_counts_insert after insert on orders begin ${add('new', 1)} end`.execute(
      db,
    );
    await sql`create trigger order_counts_update after update of ${sql.join(
      KEY_COLUMNS.map((c) => sql.id(c)),
    )} on orders when ${moved} begin ${add('old', -1)} ${add('new', 1)} end`.execute(db);
    await sql`create trigger order_counts_delete after delete on orders begin ${add('old', -1)} end`.execute(
      db,
    );
  }

  await sql`insert into order_day_counts (order_date, shipment_status, platform_code, n)
    select order_date, shipment_status, platform_code, count(*) from orders
    group by order_date, shipment_status, platform_code`.execute(db);
  await (
    pg
      ? sql`insert into order_product_counts (product_key, shipment_status, platform_code, n)
          select product_id, shipment_status, platform_code, count(*) from orders
          group by product_id, shipment_status, platform_code`
      : sql`insert into order_product_counts (product_key, shipment_status, platform_code, n)
          select k.key, o.shipment_status, o.platform_code, count(*) from orders o
          join products_search_keys k on k.product_id = o.product_id
          group by k.key, o.shipment_status, o.platform_code`
  ).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['order_counts_insert', 'order_counts_update', 'order_counts_delete']) {
    await sql`drop trigger if exists ${sql.id(name)}${sql.raw(isPostgres(db) ? ' on orders' : '')}`.execute(
      db,
    );
  }
  if (isPostgres(db)) {
    await sql`drop table if exists order_count_deltas`.execute(db);
    await sql`drop function if exists kura_order_counts_apply()`.execute(db);
    await sql`drop function if exists kura_order_counts_note()`.execute(db);
  }
  await sql`drop table if exists order_product_counts`.execute(db);
  await sql`drop table if exists order_day_counts`.execute(db);
}
