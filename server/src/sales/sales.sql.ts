/**
 * The sales figures in SQL (docs/architecture.md, "Sales"): each sale's yen values, rounded up
 * once to a whole yen exactly as `saleYenValues` / `orderProfitYen` (shared/src/domain/profit.ts)
 * do, and the per-day sums the kept totals hold. The same text runs on SQLite and PostgreSQL:
 * integer arithmetic on 64-bit values only (every column is cast to bigint first, since
 * PostgreSQL's int4 would overflow on a product of two amounts), with truncating division.
 *
 * An amount × rate can exceed 64 bits: the amount converted may be five of an order's amounts
 * summed (base − discount − commission − closing fee − gst, less the custom fee), up to
 * 1.2·10¹⁰ paise with each at most 2·10⁹ (MAX_AMOUNT), and the rate is up to 2³¹ micro-units;
 * 1.2·10¹⁰ × 2.1·10⁹ ≈ 2.6·10¹⁹ > 2⁶³. So the conversion is split: with r = rh·10⁴ + rl and
 * P = A·rh, A·r / 10⁸ = P div 10⁴ + ((P mod 10⁴)·10⁴ + A·rl) / 10⁸, and only the last fraction
 * is rounded up (ceil(y / d) = y / d + (y % d > 0 ? 1 : 0) for d > 0, right for negative y too,
 * as truncation already rounds those toward +∞). Every intermediate stays below 2⁵³:
 * |P| ≤ 1.2·10¹⁰ × 214,748 ≈ 2.6·10¹⁵, |y| ≤ 10⁸ + 1.2·10¹⁰ × 9,999 ≈ 1.2·10¹⁴.
 *
 * Each sale's figures are below 2⁴⁴ in magnitude (the goods cost, purchase price × quantity, is
 * at most 10⁸ × 10⁵ = 10¹³ yen; the converted amounts at most 1.2·10¹⁰ × 2,147.5 / 100 ≈
 * 2.6·10¹¹), so a day's kept sum of one platform holds 2¹⁹ = 524,288 sales at every bound at
 * once within 64 bits; the range sums read them in parts (sales.repository.ts, `sumParts`).
 *
 * Used by the sales repository (the refresh, the lists, the export). Migrations 014_sales and
 * 026_sale_sort_values keep their own copies of this code as it shipped, in the triggers they
 * created (the export lines; each sale's Order price and Profit for the list's sorts) and the
 * indexes on `saleFlag`: a change of the figures or of the export line here needs a new
 * migration that rewrites those triggers and the kept rows, or the refresh and the triggers
 * disagree (the invariants of server/test/helpers/invariants.ts compare the kept rows with
 * this code).
 */
import { sql, type RawBuilder } from 'kysely';

/** The statuses that make an order a sale, as a literal list. */
const SALE_STATUSES_SQL = sql.raw(`('SHIPPED', 'COMPLETED')`);

/**
 * "The row is a sale" as the first expression of the sale indexes (014_sales) and the
 * condition of the sales lists, `<table>.shipment_status in (…) = true`: an equality on the
 * indexed expression, so both databases walk those indexes in the list's order, where a plain
 * IN on the status would pick the status index and sort (SQLite plans by rules, not by rows).
 */
export const saleFlag = (table?: 'orders' | 'otz_orders') =>
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
export const SALES_DAILY_COLUMNS = [
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
export function salesDailySums(where: RawBuilder<unknown>): RawBuilder<unknown> {
  const sum = (e: RawBuilder<unknown>) => sql`cast(coalesce(sum(${e}), 0) as bigint)`;
  // A sale without a rate has no yen value, so every card leaves it out (its shipping fee and
  // goods cost too: the cards describe one set of sales); it is counted in without_yen_value.
  const known = (e: RawBuilder<unknown>) => sql`(case when s.without_yen_value = 0 then ${e} end)`;
  return sql`select s.order_date, s.platform_code,
      ${sum(known(sql`1`))} as no_of_orders,
      ${sum(sql`s.sales_value`)} as sales_value,
      ${sum(sql`(case when s.platform_code in ('AMAZONJP', 'AMAZONIND') then s.commission end)`)} as amazon_commission,
      ${sum(known(sql`s.shipping_fee`))} as shipping_fee,
      ${sum(sql`s.custom_fee`)} as custom_fee,
      ${sum(known(sql`s.cost_of_goods`))} as cost_of_goods,
      ${sum(sql`s.profit`)} as profit,
      ${sum(sql`s.without_yen_value`)} as without_yen_value,
      ${sum(known(sql`s.without_purchase_price`))} as without_purchase_price
    from (${saleValues(where)}) s
    group by s.order_date, s.platform_code`;
}

/** Each sale's values one row each (for tests comparing them with the JavaScript reference). */
export const saleValuesOf = saleValues;

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
export function exportLinesOf(pg: boolean, where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`select o.order_date, o.id, o.platform_code, ${exportLineSql(pg)} as line
    from orders o join products p on p.id = o.product_id
    where o.shipment_status in ${SALE_STATUSES_SQL} and (${where})`;
}
