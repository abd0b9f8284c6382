/**
 * Sales reports (docs/architecture.md, "Sales").
 *
 * - `sales_daily`: the summary cards' sums per order date and platform, kept equal to the
 *   orders in the writing transaction, so the summary of any range reads at most three rows a
 *   day instead of every order in it.
 * - `sales_daily_dirty`: the (date, platform) keys a transaction's writes touched. Triggers on
 *   the orders (a sale inserted, deleted, entering or leaving the sale statuses, or any amount,
 *   quantity, rate, product or date of a sale changed) and on a product's purchase price (every
 *   day and platform where the product has sales) add keys here; `flushSalesDays` (in the
 *   sales repository), called at the end of every writing transaction, takes them out and
 *   recomputes exactly those rows of `sales_daily`. Writers never compute which days they
 *   touched, so no write can forget one.
 * - Partial indexes on the sale statuses serve the sales lists (by date, by platform and date,
 *   the sort headers) and the refresh; two more serve the OTZ sales.
 *
 * The backfill recomputes `sales_daily` from every order already stored.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { SALE_STATUSES_SQL, SALES_DAILY_COLUMNS, salesDailySums } from '../../sales/sales.sql';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const ORDER_INDEXES: Record<string, ReturnType<typeof sql>> = {
  ix_orders__sale_date: sql`order_date, id`,
  ix_orders__sale_platform_date: sql`platform_code, order_date, id`,
  ix_orders__sale_order_id: sql`order_id, id`,
  ix_orders__sale_created_at: sql`created_at, id`,
};

const OTZ_INDEXES: Record<string, ReturnType<typeof sql>> = {
  ix_otz_orders__sale_date: sql`order_date, id`,
  ix_otz_orders__sale_created_at: sql`created_at, id`,
};

/** The order columns a sale's figures are made of: a change of any of them moves its day. */
const SALE_COLUMNS = [
  'order_date',
  'platform_code',
  'currency',
  'product_id',
  'order_quantity',
  'base_order_price',
  'discount',
  'commission',
  'closing_fee',
  'gst',
  'shipping_fee',
  'custom_fee',
  'exchange_rate',
];

const isSale = (row: 'old' | 'new') => sql`${sql.raw(row)}.shipment_status in ${SALE_STATUSES_SQL}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await sql`create table sales_daily (
    order_date text not null,
    platform_code text not null,
    ${sql.join(
      SALES_DAILY_COLUMNS.map((c) => sql`${sql.id(c)} bigint not null default 0`),
      sql`, `,
    )},
    primary key (order_date, platform_code)
  )${pg ? sql`` : sql` without rowid`}`.execute(db);
  await sql`create table sales_daily_dirty (order_date text not null, platform_code text not null)`.execute(
    db,
  );

  for (const [name, columns] of Object.entries(ORDER_INDEXES)) {
    await sql`create index ${sql.id(name)} on orders (${columns})
      where shipment_status in ${SALE_STATUSES_SQL}`.execute(db);
  }
  for (const [name, columns] of Object.entries(OTZ_INDEXES)) {
    await sql`create index ${sql.id(name)} on otz_orders (${columns})
      where shipment_status in ${SALE_STATUSES_SQL}`.execute(db);
  }

  const changed = sql.join(
    SALE_COLUMNS.map((c) =>
      pg
        ? sql`old.${sql.id(c)} is distinct from new.${sql.id(c)}`
        : sql`old.${sql.id(c)} is not new.${sql.id(c)}`,
    ),
    sql` or `,
  );
  const moved = sql`(${isSale('old')} or ${isSale('new')}) and ((${isSale('old')}) <> (${isSale('new')}) or ${changed})`;
  const productDays = sql`select distinct o.order_date, o.platform_code from orders o
    where o.product_id = new.id and o.shipment_status in ${SALE_STATUSES_SQL}`;

  if (pg) {
    await sql`create function kura_sales_order_dirty() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' and old.shipment_status in ${SALE_STATUSES_SQL} then
          insert into sales_daily_dirty (order_date, platform_code) values (old.order_date, old.platform_code);
        end if;
        if tg_op <> 'DELETE' and new.shipment_status in ${SALE_STATUSES_SQL} then
          insert into sales_daily_dirty (order_date, platform_code) values (new.order_date, new.platform_code);
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger sales_orders_insert after insert on orders for each row
      when (${isSale('new')}) execute function kura_sales_order_dirty()`.execute(db);
    await sql`create trigger sales_orders_update after update on orders for each row
      when (${moved}) execute function kura_sales_order_dirty()`.execute(db);
    await sql`create trigger sales_orders_delete after delete on orders for each row
      when (${isSale('old')}) execute function kura_sales_order_dirty()`.execute(db);
    await sql`create function kura_sales_product_dirty() returns trigger language plpgsql as $$
      begin
        insert into sales_daily_dirty (order_date, platform_code) ${productDays};
        return null;
      end $$`.execute(db);
    await sql`create trigger sales_products_price after update of purchase_price on products for each row
      when (old.purchase_price is distinct from new.purchase_price)
      execute function kura_sales_product_dirty()`.execute(db);
  } else {
    await sql`create trigger sales_orders_insert after insert on orders when ${isSale('new')} begin
      insert into sales_daily_dirty (order_date, platform_code) values (new.order_date, new.platform_code);
      end`.execute(db);
    await sql`create trigger sales_orders_update after update on orders when ${moved} begin
      insert into sales_daily_dirty (order_date, platform_code)
        select old.order_date, old.platform_code where ${isSale('old')};
      insert into sales_daily_dirty (order_date, platform_code)
        select new.order_date, new.platform_code where ${isSale('new')};
      end`.execute(db);
    await sql`create trigger sales_orders_delete after delete on orders when ${isSale('old')} begin
      insert into sales_daily_dirty (order_date, platform_code) values (old.order_date, old.platform_code);
      end`.execute(db);
    await sql`create trigger sales_products_price after update of purchase_price on products
      when old.purchase_price is not new.purchase_price begin
      insert into sales_daily_dirty (order_date, platform_code) ${productDays};
      end`.execute(db);
  }

  const columns = sql.join(['order_date', 'platform_code', ...SALES_DAILY_COLUMNS].map((c) => sql.id(c)));
  await sql`insert into sales_daily (${columns}) ${salesDailySums(sql`1 = 1`)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const name of ['sales_orders_insert', 'sales_orders_update', 'sales_orders_delete']) {
    await sql`drop trigger if exists ${sql.id(name)}${pg ? sql` on orders` : sql``}`.execute(db);
  }
  await sql`drop trigger if exists sales_products_price${pg ? sql` on products` : sql``}`.execute(db);
  if (pg) {
    await sql`drop function if exists kura_sales_order_dirty()`.execute(db);
    await sql`drop function if exists kura_sales_product_dirty()`.execute(db);
  }
  for (const name of [...Object.keys(ORDER_INDEXES), ...Object.keys(OTZ_INDEXES)]) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
  await sql`drop table sales_daily_dirty`.execute(db);
  await sql`drop table sales_daily`.execute(db);
}
