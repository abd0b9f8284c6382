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
 * - Indexes led by "is a sale" (`saleFlag`, an expression) serve the sales lists (by date, by
 *   platform and date, the sort headers); two more serve the OTZ sales.
 * - `sales_export_lines`: every sale's CSV line of the sales export, formatted by the database
 *   and kept by triggers (the sale's order inserted, deleted, entering or leaving the sale
 *   statuses or one of its shown columns changed; its product's SKU, JAN or listings changed),
 *   clustered by (order date, id): the export reads it in order as one range, where joining
 *   each order to its product in date order cost ten times more (a million orders' rows are
 *   scattered over the table). As the products export does with its stored records.
 *
 * The backfill recomputes `sales_daily` and writes the lines from every order already stored.
 */
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

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
  await sql`create table sales_export_lines (
    order_date text not null,
    id text not null,
    platform_code text not null,
    line text not null,
    primary key (order_date, id)
  )${pg ? sql`` : sql` without rowid`}`.execute(db);

  for (const [name, columns] of Object.entries(ORDER_INDEXES)) {
    await sql`create index ${sql.id(name)} on orders (${saleFlag()}, ${columns})`.execute(db);
  }
  for (const [name, columns] of Object.entries(OTZ_INDEXES)) {
    await sql`create index ${sql.id(name)} on otz_orders (${saleFlag()}, ${columns})`.execute(db);
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

  await exportLineTriggers(db, pg);

  const columns = sql.join(['order_date', 'platform_code', ...SALES_DAILY_COLUMNS].map((c) => sql.id(c)));
  await sql`insert into sales_daily (${columns}) ${salesDailySums(sql`1 = 1`)}`.execute(db);
  await sql`insert into sales_export_lines (order_date, id, platform_code, line) ${exportLinesOf(pg, sql`1 = 1`)}`.execute(
    db,
  );
}

/** The triggers that keep `sales_export_lines` equal to the sales' orders and products. */
async function exportLineTriggers(db: Kysely<unknown>, pg: boolean): Promise<void> {
  const distinct = (columns: readonly string[]) =>
    sql.join(
      columns.map((c) =>
        pg
          ? sql`old.${sql.id(c)} is distinct from new.${sql.id(c)}`
          : sql`old.${sql.id(c)} is not new.${sql.id(c)}`,
      ),
      sql` or `,
    );
  const moved = sql`(${isSale('old')} or ${isSale('new')})
    and ((${isSale('old')}) <> (${isSale('new')}) or ${distinct(EXPORT_ORDER_COLUMNS)})`;
  const insertLine = sql`insert into sales_export_lines (order_date, id, platform_code, line)
    ${exportLinesOf(pg, sql`o.id = new.id`)}`;
  const deleteLine = sql`delete from sales_export_lines where order_date = old.order_date and id = old.id`;
  const productLines = exportLinesOf(pg, sql`o.product_id = new.id`);
  const productChanged = distinct(EXPORT_PRODUCT_COLUMNS);
  const productColumns = sql.join(EXPORT_PRODUCT_COLUMNS.map((c) => sql.id(c)));
  if (pg) {
    await sql`create function kura_sales_export_order() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${deleteLine}; end if;
        if tg_op <> 'DELETE' then ${insertLine}; end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger sales_export_insert after insert on orders for each row
      when (${isSale('new')}) execute function kura_sales_export_order()`.execute(db);
    await sql`create trigger sales_export_update after update on orders for each row
      when (${moved}) execute function kura_sales_export_order()`.execute(db);
    await sql`create trigger sales_export_delete after delete on orders for each row
      when (${isSale('old')}) execute function kura_sales_export_order()`.execute(db);
    await sql`create function kura_sales_export_product() returns trigger language plpgsql as $$
      begin
        insert into sales_export_lines (order_date, id, platform_code, line) ${productLines}
          on conflict (order_date, id) do update set line = excluded.line;
        return null;
      end $$`.execute(db);
    await sql`create trigger sales_export_product after update of ${productColumns} on products for each row
      when (${productChanged}) execute function kura_sales_export_product()`.execute(db);
  } else {
    await sql`create trigger sales_export_insert after insert on orders when ${isSale('new')} begin
      ${insertLine};
      end`.execute(db);
    await sql`create trigger sales_export_update after update on orders when ${moved} begin
      ${deleteLine};
      ${insertLine};
      end`.execute(db);
    await sql`create trigger sales_export_delete after delete on orders when ${isSale('old')} begin
      ${deleteLine};
      end`.execute(db);
    await sql`create trigger sales_export_product after update of ${productColumns} on products
      when ${productChanged} begin
      replace into sales_export_lines (order_date, id, platform_code, line) ${productLines};
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const name of [
    'sales_orders_insert',
    'sales_orders_update',
    'sales_orders_delete',
    'sales_export_insert',
    'sales_export_update',
    'sales_export_delete',
  ]) {
    await sql`drop trigger if exists ${sql.id(name)}${pg ? sql` on orders` : sql``}`.execute(db);
  }
  for (const name of ['sales_products_price', 'sales_export_product']) {
    await sql`drop trigger if exists ${sql.id(name)}${pg ? sql` on products` : sql``}`.execute(db);
  }
  if (pg) {
    for (const name of [
      'kura_sales_order_dirty',
      'kura_sales_product_dirty',
      'kura_sales_export_order',
      'kura_sales_export_product',
    ]) {
      await sql`drop function if exists ${sql.id(name)}()`.execute(db);
    }
  }

  for (const name of [...Object.keys(ORDER_INDEXES), ...Object.keys(OTZ_INDEXES)]) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
  await sql`drop table sales_export_lines`.execute(db);
  await sql`drop table sales_daily_dirty`.execute(db);
  await sql`drop table sales_daily`.execute(db);
}

// ---- The sales SQL as this migration shipped it ------------------------------------------------
//
// A shipped migration is frozen: it builds the same schema whenever it runs, so it imports
// nothing live. What follows is server/src/sales/sales.sql.ts's code as it was when 014 shipped
// (6f2004d; its code has not changed since, the bounds work changed its comments only), so a
// database migrated today gets the triggers and backfill every earlier one got, and the live
// module is free to change: a change of the figures or of the export's line is a new migration
// that rewrites the triggers and the kept rows. The reasoning behind the arithmetic (exact in
// 64 bits, rounded up once) is in sales.sql.ts and docs/architecture.md, "Sales".

/** The statuses that make an order a sale, as a literal list. */
const SALE_STATUSES_SQL = sql.raw(`('SHIPPED', 'COMPLETED')`);

/**
 * "The row is a sale" as the first expression of the sale indexes (014_sales) and the
 * condition of the sales lists, `<table>.shipment_status in (…) = true`: an equality on the
 * indexed expression, so both databases walk those indexes in the list's order, where a plain
 * IN on the status would pick the status index and sort (SQLite plans by rules, not by rows).
 */
const saleFlag = (table?: 'orders' | 'otz_orders') =>
  sql.raw(`(${table ? `${table}.` : ''}shipment_status in ('SHIPPED', 'COMPLETED'))`);

/** ceil(y / d) for d > 0, with truncating division. */
const ceilDiv = (y: RawBuilder<unknown>, d: number) =>
  sql`(${y} / ${sql.lit(d)} + (case when ${y} % ${sql.lit(d)} > 0 then 1 else 0 end))`;

/** ceil(a · r / 10⁸): `a` paise (bigint, signed) at `r` micro-yen per rupee (bigint, > 0), in whole yen. */
function ceilYenSql(a: RawBuilder<unknown>, r: RawBuilder<unknown>): RawBuilder<unknown> {
  const p = sql`((${a}) * (${r} / 10000))`;
  const y = sql`((${p} % 10000) * 10000 + (${a}) * (${r} % 10000))`;
  return sql`(${p} / 10000 + ${ceilDiv(y, 100_000_000)})`;
}

/**
 * The orders that are sales (and match `where`), their amounts cast to bigint under short
 * names: cur, b (base), d (discount), c (commission), cf (closing fee), g (gst), sh (shipping,
 * yen), cu (custom, paise), q, pp (purchase price, yen), r (rate, micro) — from `orders o`
 * joined to `products p`.
 */
function saleAmounts(where: RawBuilder<unknown>) {
  const big = (column: string) => sql`cast(${sql.raw(column)} as bigint)`;
  return sql`select o.id, o.order_date, o.platform_code, o.currency as cur,
      ${big('o.base_order_price')} as b, ${big('o.discount')} as d, ${big('o.commission')} as c,
      ${big('o.closing_fee')} as cf, ${big('o.gst')} as g, ${big('o.shipping_fee')} as sh,
      ${big('o.custom_fee')} as cu, ${big('o.order_quantity')} as q, ${big('p.purchase_price')} as pp,
      ${big('o.exchange_rate')} as r
    from orders o join products p on p.id = o.product_id
    where o.shipment_status in ${SALE_STATUSES_SQL} and (${where})`;
}

/** Each sale's yen values (null where unknown), from {@link saleAmounts} as `a`. */
function saleValues(where: RawBuilder<unknown>) {
  const r = sql`a.r`;
  const yenOf = (amount: RawBuilder<unknown>) =>
    sql`(case when a.cur = 'JPY' then ${amount} when a.r is null then null else ${ceilYenSql(amount, r)} end)`;
  const net = sql`(a.b - a.d - a.c - a.cf - a.g)`;
  const inrPart = sql`((case when a.cur = 'INR' then ${net} else 0 end) - a.cu)`;
  const yenPart = sql`((case when a.cur = 'JPY' then ${net} else 0 end) - a.sh - a.pp * a.q)`;
  return sql`select a.id, a.order_date, a.platform_code,
      ${yenOf(sql`(a.b - a.d)`)} as sales_value,
      ${yenOf(sql`(a.c + a.cf)`)} as commission,
      a.sh as shipping_fee,
      (case when a.cur = 'INR' and a.r is null then null when a.cu = 0 then 0 when a.r is null then null
        else ${ceilYenSql(sql`a.cu`, r)} end) as custom_fee,
      a.pp * a.q as cost_of_goods,
      (case when a.pp is null then null when (a.cur = 'INR' or a.cu <> 0) and a.r is null then null
        else (case when ${inrPart} = 0 then 0 else ${ceilYenSql(inrPart, r)} end) + ${yenPart} end) as profit,
      (case when a.cur = 'INR' and a.r is null then 1 else 0 end) as without_yen_value,
      (case when a.pp is null then 1 else 0 end) as without_purchase_price
    from (${saleAmounts(where)}) a`;
}

/** The kept columns of `sales_daily`, in order after its key. */
const SALES_DAILY_COLUMNS = [
  'no_of_orders',
  'sales_value',
  'amazon_commission',
  'shipping_fee',
  'custom_fee',
  'cost_of_goods',
  'profit',
  'without_yen_value',
  'without_purchase_price',
] as const;

/**
 * `select order_date, platform_code, <SALES_DAILY_COLUMNS>` summed per day and platform over
 * the sales `where` selects (a condition on `o`, the orders). The commission counts on the
 * Amazon platforms only.
 */
function salesDailySums(where: RawBuilder<unknown>): RawBuilder<unknown> {
  const sum = (e: RawBuilder<unknown>) => sql`cast(coalesce(sum(${e}), 0) as bigint)`;
  return sql`select s.order_date, s.platform_code,
      cast(count(*) as bigint) as no_of_orders,
      ${sum(sql`s.sales_value`)} as sales_value,
      ${sum(sql`(case when s.platform_code in ('AMAZONJP', 'AMAZONIND') then s.commission end)`)} as amazon_commission,
      ${sum(sql`s.shipping_fee`)} as shipping_fee,
      ${sum(sql`s.custom_fee`)} as custom_fee,
      ${sum(sql`s.cost_of_goods`)} as cost_of_goods,
      ${sum(sql`s.profit`)} as profit,
      ${sum(sql`s.without_yen_value`)} as without_yen_value,
      ${sum(sql`s.without_purchase_price`)} as without_purchase_price
    from (${saleValues(where)}) s
    group by s.order_date, s.platform_code`;
}

/** A CSV text cell on SQLite, as 006_export_records writes them (kura_csv_text on PostgreSQL). */
function sqliteText(value: RawBuilder<unknown>) {
  const guarded = sql`(case when substr(${value}, 1, 1) in ('=', '+', '-', '@', char(9), char(13))
    then '''' || ${value} else ${value} end)`;
  return sql`(case when ${value} is null or ${value} = '' then ''
    when instr(${value}, '"') or instr(${value}, ',') or instr(${value}, char(13)) or instr(${value}, char(10))
    then '"' || replace(${guarded}, '"', '""') || '"' else ${guarded} end)`;
}

/**
 * A sale's line of the sales export (CRLF included), from `o` (the order) and `p` (its
 * product): date, order id, SKU, the ASIN of the order's platform (the product's stored listing
 * columns, 005_export_columns), JAN, quantity, platform, then base price, commission + closing
 * fee, shipping fee (yen), tax (gst), handling fee and discount, each in the order's currency
 * as a decimal (1234.50 rupees, 1200 yen). Text cells follow the products export's rules
 * (quoted when they hold a comma, quote or line break; an apostrophe before a formula sign).
 */
function exportLineSql(pg: boolean): RawBuilder<unknown> {
  const text = (value: RawBuilder<unknown>) => (pg ? sql`kura_csv_text(${value}::text)` : sqliteText(value));
  const big = (value: string) => sql`cast(${sql.raw(value)} as bigint)`;
  const money = (value: RawBuilder<unknown>) => {
    const abs = sql`abs(${value})`;
    const sign = sql`(case when ${value} < 0 then '-' else '' end)`;
    const rupees = pg
      ? sql`${sign} || (${abs} / 100)::text || '.' || lpad((${abs} % 100)::text, 2, '0')`
      : sql`${sign} || (${abs} / 100) || '.' || substr('0' || (${abs} % 100), -2)`;
    return sql`(case when o.currency = 'JPY' then cast(${value} as text) else ${rupees} end)`;
  };
  const asin = sql`(case o.platform_code when 'SHOPIFY' then p.export_asin_shopify
    when 'AMAZONJP' then p.export_asin_amazonjp else p.export_asin_amazonind end)`;
  const cells = [
    sql`o.order_date`,
    text(sql`o.order_id`),
    text(sql`p.sku_code`),
    text(asin),
    text(sql`p.jan_code`),
    sql`cast(o.order_quantity as text)`,
    sql`o.platform_code`,
    money(big('o.base_order_price')),
    money(sql`(${big('o.commission')} + ${big('o.closing_fee')})`),
    sql`cast(o.shipping_fee as text)`,
    money(big('o.gst')),
    money(big('o.handling_fee')),
    money(big('o.discount')),
  ];
  return sql`${sql.join(cells, sql` || ',' || `)} || ${pg ? sql`chr(13) || chr(10)` : sql`char(13, 10)`}`;
}

/** `select order_date, id, platform_code, line` of the sales `where` selects (a condition on `o`). */
function exportLinesOf(pg: boolean, where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`select o.order_date, o.id, o.platform_code, ${exportLineSql(pg)} as line
    from orders o join products p on p.id = o.product_id
    where o.shipment_status in ${SALE_STATUSES_SQL} and (${where})`;
}

/** The order columns a sale's export line shows: a change of any of them rewrites it. */
const EXPORT_ORDER_COLUMNS = [
  'order_date',
  'order_id',
  'product_id',
  'order_quantity',
  'platform_code',
  'currency',
  'base_order_price',
  'commission',
  'closing_fee',
  'shipping_fee',
  'gst',
  'handling_fee',
  'discount',
];

/** The product columns a sale's export line shows. */
const EXPORT_PRODUCT_COLUMNS = [
  'sku_code',
  'jan_code',
  'export_asin_shopify',
  'export_asin_amazonjp',
  'export_asin_amazonind',
];
