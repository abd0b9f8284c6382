/**
 * PostgreSQL: a search's orders of the products its text names are counted from one narrow row
 * per product (`product_order_totals`): the product's searched text (lower-cased name and SKU,
 * and JAN) with its orders per status and platform as columns, and a trigram index on the text.
 *
 * Why: the kept counts per product (020_order_counts) are rows per product, status and platform;
 * a common word names about 3,750 of 50,000 products, and summing their counts looked each
 * product up by its key, a descent of the counts' index per product: 7 ms of a 13 ms search at a
 * million orders. Here the trigram index finds the products' rows and their counts are summed
 * from the same rows, in one bitmap scan (4 ms for the same word, measured in psql).
 *
 * Kept exact at commit, with the other counts: the deferred trigger of 020_order_counts applies a
 * transaction's noted order moves to the day rows, then the product rows, then (here) these rows,
 * each in key order, so two transactions lock them in the same order. A product's row is made
 * with the product and its text follows the product's name, SKU and JAN. SQLite reads its counts
 * straight from its trigram index's keys (020_order_counts) and has no such table.
 *
 * Frozen once shipped: the statuses and platforms below are those it shipped with.
 */
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const STATUSES = [
  'RECEIVED',
  'ACCEPTED',
  'PACKED',
  'SHIPPED',
  'COMPLETED',
  'CANCELLED',
  'BOOKED',
  'AWAITING',
];
const PLATFORMS = ['SHOPIFY', 'AMAZONJP', 'AMAZONIND'];

/** One count column per status and platform: `n_received_shopify`. */
const COUNTS = STATUSES.flatMap((status) =>
  PLATFORMS.map((platform) => ({
    status,
    platform,
    column: `n_${status.toLowerCase()}_${platform.toLowerCase()}`,
  })),
);

/** What the order search matches in a product (its name, SKU and JAN), as one text. */
const searchText = (row: string) =>
  sql.raw(`lower(${row}.name) || chr(1) || lower(${row}.sku_code) || chr(1) || ${row}.jan_code`);

/** The sums of `source`'s rows of (status, platform, n) into the count columns. */
const countSums = (n: string) =>
  sql.join(
    COUNTS.map(
      (c) =>
        sql`coalesce(sum(${sql.raw(n)}) filter (where shipment_status = ${sql.lit(c.status)}
          and platform_code = ${sql.lit(c.platform)}), 0) as ${sql.id(c.column)}`,
    ),
  );

const columnList = sql.join(COUNTS.map((c) => sql.id(c.column)));

/** The apply function of 020_order_counts, with `extra` run last (before the notes are deleted). */
const applyFunction = (extra: RawBuilder<unknown>) => sql`create or replace function kura_order_counts_apply()
  returns trigger language plpgsql as $$
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
    ${extra}
    delete from order_count_deltas where tx = txid_current();
    return null;
  end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create table product_order_totals (
    product_id text primary key references products (id) on delete cascade,
    search text not null,
    ${sql.join(COUNTS.map((c) => sql`${sql.id(c.column)} bigint not null default 0`))}
  )`.execute(db);
  await sql`insert into product_order_totals (product_id, search, ${columnList})
    select p.id, ${searchText('p')}, ${sql.join(COUNTS.map((c) => sql`coalesce(c.${sql.id(c.column)}, 0)`))}
    from products p left join (
      select product_key, ${countSums('n')} from order_product_counts group by product_key
    ) c on c.product_key = p.id`.execute(db);
  await sql`create index ix_product_order_totals__search on product_order_totals
    using gin (search gin_trgm_ops)`.execute(db);

  await sql`create function kura_product_order_totals_text() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into product_order_totals (product_id, search) values (new.id, ${searchText('new')});
      else
        update product_order_totals set search = ${searchText('new')} where product_id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger product_order_totals_insert after insert on products
    for each row execute function kura_product_order_totals_text()`.execute(db);
  await sql`create trigger product_order_totals_text after update of name, sku_code, jan_code on products
    for each row when (${searchText('old')} is distinct from ${searchText('new')})
    execute function kura_product_order_totals_text()`.execute(db);

  // The moved products' rows are locked in key order first: an UPDATE … FROM would lock them
  // in the order its join produced them.
  const sums = sql.join(
    COUNTS.map((c) => sql`${sql.id(c.column)} = t.${sql.id(c.column)} + d.${sql.id(c.column)}`),
  );
  await applyFunction(sql`perform 1 from product_order_totals
      where product_id in (select product_id from order_count_deltas where tx = txid_current())
      order by product_id for no key update;
    update product_order_totals t set ${sums}
      from (select product_id, ${countSums('delta')} from order_count_deltas
        where tx = txid_current() group by product_id) d
      where t.product_id = d.product_id;`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await applyFunction(sql``).execute(db);
  await sql`drop trigger if exists product_order_totals_insert on products`.execute(db);
  await sql`drop trigger if exists product_order_totals_text on products`.execute(db);
  await sql`drop function if exists kura_product_order_totals_text()`.execute(db);
  await sql`drop table if exists product_order_totals`.execute(db);
}
