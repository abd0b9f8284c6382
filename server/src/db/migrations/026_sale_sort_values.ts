/**
 * The sales list sorts by Order price and by Profit (docs/architecture.md, "Sales").
 *
 * Both are yen figures computed from the order, its product's purchase price and its rate:
 * no index on the orders can order them, and sorting a range's every sale per request cost a
 * full sort of up to a million rows. So each sale's two figures are kept in a narrow table,
 * `sale_sort_values` (one row per SHIPPED or COMPLETED order, with its date, platform and status
 * for the list's filters), by triggers on the orders (a sale inserted, deleted, entering or
 * leaving the sale statuses, its status or any column of its figures changed, a rate applied)
 * and on a product's purchase price. Each figure has two indexes, one per direction, on the
 * null sentinel the list engine sorts on (`coalesce(value, ±10¹⁵)`: a sale's figures stay
 * below 2⁴⁴ in magnitude), so an unknown figure comes last both ways and a page walks the
 * index and stops.
 *
 * A sale's row reads its product's purchase price. On PostgreSQL a purchase price changed while
 * an order of that product is being written must not leave the row with the old price: the
 * writer of a purchase price therefore locks the product's orders after the product (products
 * before orders, as every writer takes them: db/locking.ts) and before it writes the price. An
 * order being written meanwhile is waited for, and the product's trigger then reads it as
 * committed; an order written after waits for the price and its trigger reads the new one. The
 * order trigger takes no lock of its own: taking the product after the order would reverse
 * the lock order.
 *
 * The figures are those of sales.sql.ts (`saleValues`: Order price = the sales value, base
 * price less discount; Profit) as this migration shipped them, frozen below.
 */
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The null sentinels of the sort indexes, as the list engine writes them (literals). */
const HIGH = sql.lit(1_000_000_000_000_000);
const LOW = sql.lit(-1_000_000_000_000_000);

/**
 * The list's filters (date, platform, status) trail each sort index, so a walk tests them in
 * the index without reading the row.
 */
const FILTERS = sql`order_date, platform_code, shipment_status`;

const INDEXES: Record<string, RawBuilder<unknown>> = {
  ix_sale_sort_values__date: FILTERS,
  ix_sale_sort_values__order_price_asc: sql`coalesce(order_price_yen, ${HIGH}), id, ${FILTERS}`,
  ix_sale_sort_values__order_price_desc: sql`coalesce(order_price_yen, ${LOW}), id, ${FILTERS}`,
  ix_sale_sort_values__profit_asc: sql`coalesce(profit_yen, ${HIGH}), id, ${FILTERS}`,
  ix_sale_sort_values__profit_desc: sql`coalesce(profit_yen, ${LOW}), id, ${FILTERS}`,
};

/** The order columns a sale's kept row is made of: a change of any of them rewrites it. */
const KEPT_COLUMNS = [
  'shipment_status',
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

const COLUMNS = sql`id, order_date, platform_code, shipment_status, order_price_yen, profit_yen`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await sql`create table sale_sort_values (
    id text primary key,
    order_date text not null,
    platform_code text not null,
    shipment_status text not null,
    order_price_yen bigint,
    profit_yen bigint
  )`.execute(db);
  await sql`insert into sale_sort_values (${COLUMNS}) ${saleSortValues(sql`1 = 1`)}`.execute(db);
  for (const [name, columns] of Object.entries(INDEXES)) {
    await sql`create index ${sql.id(name)} on sale_sort_values (${columns})`.execute(db);
  }

  const changed = sql.join(
    KEPT_COLUMNS.map((c) =>
      pg
        ? sql`old.${sql.id(c)} is distinct from new.${sql.id(c)}`
        : sql`old.${sql.id(c)} is not new.${sql.id(c)}`,
    ),
    sql` or `,
  );
  const moved = sql`(${isSale('old')} or ${isSale('new')}) and (${changed})`;
  const insertRow = sql`insert into sale_sort_values (${COLUMNS}) ${saleSortValues(sql`o.id = new.id`)}`;
  const deleteRow = sql`delete from sale_sort_values where id = old.id`;
  const productRows = saleSortValues(sql`o.product_id = new.id`);
  if (pg) {
    await sql`create function kura_sale_sort_order() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${deleteRow}; end if;
        if tg_op <> 'DELETE' then ${insertRow}; end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger sale_sort_insert after insert on orders for each row
      when (${isSale('new')}) execute function kura_sale_sort_order()`.execute(db);
    await sql`create trigger sale_sort_update after update on orders for each row
      when (${moved}) execute function kura_sale_sort_order()`.execute(db);
    await sql`create trigger sale_sort_delete after delete on orders for each row
      when (${isSale('old')}) execute function kura_sale_sort_order()`.execute(db);
    await sql`create function kura_sale_sort_product() returns trigger language plpgsql as $$
      begin
        insert into sale_sort_values (${COLUMNS}) ${productRows}
          on conflict (id) do update set order_price_yen = excluded.order_price_yen,
            profit_yen = excluded.profit_yen;
        return null;
      end $$`.execute(db);
    await sql`create trigger sale_sort_product after update of purchase_price on products for each row
      when (old.purchase_price is distinct from new.purchase_price)
      execute function kura_sale_sort_product()`.execute(db);
  } else {
    await sql`create trigger sale_sort_insert after insert on orders when ${isSale('new')} begin
      ${insertRow};
      end`.execute(db);
    await sql`create trigger sale_sort_update after update on orders when ${moved} begin
      ${deleteRow};
      ${insertRow};
      end`.execute(db);
    await sql`create trigger sale_sort_delete after delete on orders when ${isSale('old')} begin
      ${deleteRow};
      end`.execute(db);
    await sql`create trigger sale_sort_product after update of purchase_price on products
      when old.purchase_price is not new.purchase_price begin
      replace into sale_sort_values (${COLUMNS}) ${productRows};
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const name of ['sale_sort_insert', 'sale_sort_update', 'sale_sort_delete']) {
    await sql`drop trigger if exists ${sql.id(name)}${pg ? sql` on orders` : sql``}`.execute(db);
  }
  await sql`drop trigger if exists sale_sort_product${pg ? sql` on products` : sql``}`.execute(db);
  if (pg) {
    await sql`drop function if exists kura_sale_sort_order()`.execute(db);
    await sql`drop function if exists kura_sale_sort_product()`.execute(db);
  }
  await sql`drop table sale_sort_values`.execute(db);
}

// ---- The sales figures as this migration shipped them ------------------------------------------
//
// server/src/sales/sales.sql.ts's `saleValues` as it was when 025 shipped (unchanged since
// 014_sales): a shipped migration imports nothing live. The arithmetic's reasoning (exact in
// 64 bits, rounded up once) is in sales.sql.ts.

const SALE_STATUSES_SQL = sql.raw(`('SHIPPED', 'COMPLETED')`);

const ceilDiv = (y: RawBuilder<unknown>, d: number) =>
  sql`(${y} / ${sql.lit(d)} + (case when ${y} % ${sql.lit(d)} > 0 then 1 else 0 end))`;

function ceilYenSql(a: RawBuilder<unknown>, r: RawBuilder<unknown>): RawBuilder<unknown> {
  const p = sql`((${a}) * (${r} / 10000))`;
  const y = sql`((${p} % 10000) * 10000 + (${a}) * (${r} % 10000))`;
  return sql`(${p} / 10000 + ${ceilDiv(y, 100_000_000)})`;
}

function saleAmounts(where: RawBuilder<unknown>) {
  const big = (column: string) => sql`cast(${sql.raw(column)} as bigint)`;
  return sql`select o.id, o.order_date, o.platform_code, o.shipment_status, o.currency as cur,
      ${big('o.base_order_price')} as b, ${big('o.discount')} as d, ${big('o.commission')} as c,
      ${big('o.closing_fee')} as cf, ${big('o.gst')} as g, ${big('o.shipping_fee')} as sh,
      ${big('o.custom_fee')} as cu, ${big('o.order_quantity')} as q, ${big('p.purchase_price')} as pp,
      ${big('o.exchange_rate')} as r
    from orders o join products p on p.id = o.product_id
    where o.shipment_status in ${SALE_STATUSES_SQL} and (${where})`;
}

/** `select <COLUMNS>` of the sales `where` selects: Order price (the sales value) and Profit. */
function saleSortValues(where: RawBuilder<unknown>) {
  const r = sql`a.r`;
  const net = sql`(a.b - a.d - a.c - a.cf - a.g)`;
  const inrPart = sql`((case when a.cur = 'INR' then ${net} else 0 end) - a.cu)`;
  const yenPart = sql`((case when a.cur = 'JPY' then ${net} else 0 end) - a.sh - a.pp * a.q)`;
  return sql`select a.id, a.order_date, a.platform_code, a.shipment_status,
      (case when a.cur = 'JPY' then (a.b - a.d) when a.r is null then null
        else ${ceilYenSql(sql`(a.b - a.d)`, r)} end) as order_price_yen,
      (case when a.pp is null then null when (a.cur = 'INR' or a.cu <> 0) and a.r is null then null
        else (case when ${inrPart} = 0 then 0 else ${ceilYenSql(inrPart, r)} end) + ${yenPart} end) as profit_yen
    from (${saleAmounts(where)}) a`;
}
