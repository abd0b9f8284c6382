/**
 * What the schema promises about stored data, checked by reading it back: after a fuzz run
 * (server/scripts/fuzz.ts, server/test/fuzz.test.ts), after a kill -9 (server/scripts/crash-test.ts)
 * and wherever a suite wants to know nothing was left half-written. Every check is one or two
 * queries over whole tables: cheap on a test database, minutes on a million orders.
 *
 * Each check answers the rows that break it (at most a few, for the report), so a failure says
 * which product or order and by how much.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/database';
import { onWriter } from '../../src/db/sqlite-handle';
import { orderCountsBothWays } from '../../src/orders/order-counts.repository';
import { monthlyWindowStart } from '../../src/orders/orders.service';
import { formatProductRecord } from '../../src/products/products.csv';
import { productExportQuery } from '../../src/products/products.repository';
import { saleSortValuesBothWays, salesDailyBothWays } from '../../src/sales/sales.repository';
import { exportLinesOf } from '../../src/sales/sales.sql';

export interface InvariantCheck {
  name: string;
  ok: boolean;
  /** What broke it: the first offending rows, as text. */
  detail?: string;
}

export interface InvariantOptions {
  dialect: 'sqlite' | 'postgres';
  /** The server's business time zone (config.timeZone): the products' 30-day window is counted in it. */
  timeZone?: string;
}

/** Statuses in which an order may hold stock (stock_taken > 0): taken on acceptance, kept until it is cancelled. */
const HOLDING = sql.raw(`('ACCEPTED', 'PACKED', 'SHIPPED', 'COMPLETED')`);

const show = (rows: readonly unknown[]) =>
  rows
    .slice(0, 5)
    .map((r) => JSON.stringify(r))
    .join('; ') + (rows.length > 5 ? ` … (${rows.length} in all)` : '');

async function violations(
  db: Kysely<Database>,
  name: string,
  query: ReturnType<typeof sql>,
): Promise<InvariantCheck> {
  const { rows } = await query.execute(db);
  return rows.length === 0 ? { name, ok: true } : { name, ok: false, detail: show(rows) };
}

/** Runs every check; never throws for a broken promise (only for a query that fails). */
export async function checkInvariants(
  db: Kysely<Database>,
  { dialect, timeZone = 'Asia/Tokyo' }: InvariantOptions,
): Promise<InvariantCheck[]> {
  const checks: InvariantCheck[] = [];
  const pg = dialect === 'postgres';

  if (!pg) {
    // On the writing connection: see onWriter (a reader's FTS5 check can be stale).
    const integrity = (await onWriter(db, (sqlite) => sqlite.pragma('integrity_check'))) as {
      integrity_check: string;
    }[];
    const lines = integrity.map((r) => r.integrity_check);
    checks.push({
      name: 'PRAGMA integrity_check',
      ok: lines.length === 1 && lines[0] === 'ok',
      detail: lines.join('; '),
    });
    const foreign = await sql`pragma foreign_key_check`.execute(db);
    checks.push({
      name: 'PRAGMA foreign_key_check',
      ok: foreign.rows.length === 0,
      ...(foreign.rows.length ? { detail: show(foreign.rows) } : {}),
    });
    // Each FTS5 index against its own content (throws SQLITE_CORRUPT_VTAB when they differ).
    const fts = await sql<{ name: string }>`select name from sqlite_master
      where type = 'table' and sql like 'CREATE VIRTUAL TABLE%fts5%' order by name`.execute(db);
    for (const { name } of fts.rows) {
      try {
        await sql`insert into ${sql.table(name)} (${sql.id(name)}) values ('integrity-check')`.execute(db);
        checks.push({ name: `FTS5 integrity-check of ${name}`, ok: true });
      } catch (err) {
        checks.push({ name: `FTS5 integrity-check of ${name}`, ok: false, detail: String(err) });
      }
    }
    checks.push(
      await violations(
        db,
        'the product search index holds each product as it is',
        sql`select p.id from products p
          left join products_search_keys k on k.product_id = p.id
          left join products_fts f on f.rowid = k.key
          where f.rowid is null or f.name is not p.name or f.name_ja is not p.name_ja
            or f.sku_code is not p.sku_code or f.jan_code is not p.jan_code
          union all
          select k.product_id from products_search_keys k
          where not exists (select 1 from products p where p.id = k.product_id)`,
      ),
    );
    checks.push(
      await violations(
        db,
        'the order id search index holds each order',
        sql`select o.id from orders o
          left join orders_search_keys k on k.order_row_id = o.id
          left join orders_fts f on f.rowid = k.key
          where f.rowid is null or f.order_id is not o.order_id
          union all
          select k.order_row_id from orders_search_keys k
          where not exists (select 1 from orders o where o.id = k.order_row_id)`,
      ),
    );
  }

  // The order search keys: one per order, carrying what a search filters by (and, on
  // PostgreSQL, the texts it searches) as the order has them now.
  const searchedTexts = pg
    ? sql.raw(`or k.order_id is distinct from lower(o.order_id)
        or k.customer is distinct from (case when o.customer is null then null else
          lower(coalesce((o.customer::jsonb) ->> 'name', '') || ' ' || coalesce((o.customer::jsonb) ->> 'email', '')) end)`)
    : sql.raw('');
  checks.push(
    await violations(
      db,
      'the order search keys hold each order as it is',
      sql`select o.id from orders o
        left join orders_search_keys k on k.order_row_id = o.id
        where k.order_row_id is null or k.shipment_status is distinct from o.shipment_status
          or k.platform_code is distinct from o.platform_code or k.order_date is distinct from o.order_date
          or k.product_id is distinct from o.product_id ${searchedTexts}
        union all
        select k.order_row_id from orders_search_keys k
        where not exists (select 1 from orders o where o.id = k.order_row_id)`,
    ),
  );
  checks.push(
    await violations(
      db,
      "every product's stock quantity = its stock ledger's sum",
      sql`select p.id, p.in_stock_quantity as quantity, coalesce(m.total, 0) as ledger
        from products p
        left join (select product_id, sum(quantity) as total from stock_movements group by product_id) m
          on m.product_id = p.id
        where p.in_stock_quantity <> coalesce(m.total, 0)`,
    ),
  );
  checks.push(
    await violations(
      db,
      'Amazon (FBA) stock never exceeds total stock',
      sql`select id, in_stock_quantity, amazon_stock_quantity from products
        where amazon_stock_quantity > in_stock_quantity`,
    ),
  );
  checks.push(
    await violations(
      db,
      "an order's stock movements add up to minus what it holds (stock_taken)",
      sql`select o.id, o.shipment_status, o.stock_taken, coalesce(m.total, 0) as moved
        from orders o
        left join (select order_id, sum(quantity) as total from stock_movements
          where order_id is not null group by order_id) m on m.order_id = o.id
        where coalesce(m.total, 0) <> -o.stock_taken`,
    ),
  );
  checks.push(
    await violations(
      db,
      'an order holds stock only while accepted and not cancelled, and then all of its quantity',
      sql`select id, shipment_status, stock_taken, order_quantity from orders
        where (stock_taken <> 0 and stock_taken <> order_quantity)
          or (stock_taken > 0 and shipment_status not in ${HOLDING})
          or (shipment_status = 'ACCEPTED' and stock_taken = 0 and exists (
            select 1 from stock_movements m where m.order_id = orders.id))`,
    ),
  );
  checks.push(
    await violations(
      db,
      "an OTZ order's stock movements add up to minus its items' quantities while it holds stock",
      sql`select z.id, z.shipment_status, z.stock_taken, coalesce(m.total, 0) as moved, coalesce(i.total, 0) as items
        from otz_orders z
        left join (select order_id, sum(quantity) as total from stock_movements
          where order_id is not null group by order_id) m on m.order_id = z.id
        left join (select otz_order_id, sum(order_quantity) as total from otz_order_items
          group by otz_order_id) i on i.otz_order_id = z.id
        where coalesce(m.total, 0) <> -(case when z.stock_taken = 1 then coalesce(i.total, 0) else 0 end)
          or (z.stock_taken = 1 and z.shipment_status not in ${HOLDING})`,
    ),
  );
  checks.push(
    await violations(
      db,
      'every order movement names an order or an OTZ order',
      sql`select m.id, m.order_id, m.reason from stock_movements m
        where m.order_id is not null
          and not exists (select 1 from orders o where o.id = m.order_id)
          and not exists (select 1 from otz_orders z where z.id = m.order_id)`,
    ),
  );

  const sales = await salesDailyBothWays(db);
  const salesDiff = diffRows(
    sales.kept,
    sales.computed,
    (r) => `${String(r.order_date)} ${String(r.platform_code)}`,
  );
  checks.push({
    name: 'sales_daily = a full recomputation from the orders',
    ok: salesDiff === '',
    detail: salesDiff,
  });
  checks.push(
    await violations(
      db,
      'no sales day is left to recompute (sales_daily_dirty is empty)',
      sql`select order_date, platform_code from sales_daily_dirty`,
    ),
  );
  const counts = await orderCountsBothWays(db);
  for (const [part, key] of [
    [
      'days',
      (r: Record<string, unknown>) =>
        `${String(r.order_date)} ${String(r.shipment_status)} ${String(r.platform_code)}`,
    ],
    [
      'products',
      (r: Record<string, unknown>) =>
        `${String(r.product_id)} ${String(r.shipment_status)} ${String(r.platform_code)}`,
    ],
  ] as const) {
    const diff = diffRows(counts[part].kept, counts[part].computed, key);
    checks.push({
      name: `the kept order counts by ${part} = a count of the orders`,
      ok: diff === '',
      detail: diff,
    });
  }
  if (pg) {
    checks.push(
      await violations(
        db,
        'no order count change is left to apply (order_count_deltas is empty)',
        sql`select tx, order_date, product_id from order_count_deltas`,
      ),
    );
  }
  const lines = await sql<Record<string, unknown>>`select order_date, id, platform_code, line
    from sales_export_lines order by order_date, id`.execute(db);
  const wantLines = await sql<Record<string, unknown>>`select * from (${exportLinesOf(pg, sql`1 = 1`)}) t
    order by order_date, id`.execute(db);
  const linesDiff = diffRows(lines.rows, wantLines.rows, (r) => String(r.id));
  checks.push({
    name: "sales_export_lines = every sale's line formatted anew",
    ok: linesDiff === '',
    detail: linesDiff,
  });

  const figures = await saleSortValuesBothWays(db);
  const figuresDiff = diffRows(figures.kept, figures.computed, (r) => String(r.id));
  checks.push({
    name: "sale_sort_values = every sale's Order price and Profit computed anew",
    ok: figuresDiff === '',
    detail: figuresDiff,
  });

  const exportRows = await productExportQuery(db).select('products.id as product_id').execute();
  const stored = new Map(
    (await db.selectFrom('product_export_records').selectAll().execute()).map((r) => [
      r.product_id,
      r.record,
    ]),
  );
  const staleRecords = exportRows.filter(({ product_id, ...cells }) => {
    const want = formatProductRecord(Object.values(cells));
    return stored.get(product_id) !== want;
  });
  checks.push({
    name: "product_export_records = every product's CSV line formatted anew",
    ok: staleRecords.length === 0 && stored.size === exportRows.length,
    detail: staleRecords.length
      ? show(staleRecords.map((r) => r.product_id))
      : `${stored.size} stored, ${exportRows.length} products`,
  });

  const since = monthlyWindowStart(timeZone);
  checks.push(
    await violations(
      db,
      "products' last order date and 30-day quantity = a recomputation from the orders",
      sql`select id, last_order_date, monthly_quantity from products
        where monthly_quantity <> (select coalesce(sum(o.order_quantity), 0) from orders o
            where o.product_id = products.id and o.order_date >= ${since} and o.shipment_status <> 'CANCELLED')
          or coalesce(last_order_date, '') <> coalesce((select max(o.order_date) from orders o
            where o.product_id = products.id and o.shipment_status <> 'CANCELLED'), '')`,
    ),
  );

  checks.push(
    await violations(
      db,
      "a shipment's orders' shipping shares add up to its fee, and their custom shares to its custom fee",
      sql`select s.shipment_id, s.total_shipping_fee, s.total_custom_fee, o.shipping, o.custom, o.n
        from shipments s
        left join (select shipment_id, sum(shipping_fee) as shipping, sum(custom_fee) as custom, count(*) as n
          from orders where shipment_id is not null group by shipment_id) o on o.shipment_id = s.shipment_id
        where coalesce(o.n, 0) = 0 or o.shipping <> s.total_shipping_fee
          or (s.status = 'RECEIVED' and o.custom <> s.total_custom_fee)`,
    ),
  );
  checks.push(
    await violations(
      db,
      "a shipment's orders are SHIPPED while it is shipped and COMPLETED once received",
      sql`select s.shipment_id, s.status, o.id, o.shipment_status from shipments s
        join orders o on o.shipment_id = s.shipment_id
        where (s.status = 'SHIPPED' and o.shipment_status <> 'SHIPPED')
          or (s.status = 'RECEIVED' and o.shipment_status <> 'COMPLETED')`,
    ),
  );
  checks.push(
    await violations(
      db,
      'at least one active administrator',
      sql`select 'none' as admins where not exists (select 1 from users where role = 'admin' and active = 1)`,
    ),
  );
  return checks;
}

/** '' when the two row lists are equal (in order); else what differs, keyed by `key`. */
function diffRows(
  have: readonly Record<string, unknown>[],
  want: readonly Record<string, unknown>[],
  key: (row: Record<string, unknown>) => string,
): string {
  const norm = (r: Record<string, unknown>) =>
    JSON.stringify(
      Object.entries(r).map(([k, v]) => [
        k,
        typeof v === 'bigint' ? v.toString() : v === null ? null : String(v),
      ]),
    );
  const haveBy = new Map(have.map((r) => [key(r), norm(r)]));
  const wantBy = new Map(want.map((r) => [key(r), norm(r)]));
  const diffs: string[] = [];
  for (const [k, v] of wantBy)
    if (haveBy.get(k) !== v) diffs.push(`${k}: kept ${haveBy.get(k) ?? 'none'}, computed ${v}`);
  for (const k of haveBy.keys()) if (!wantBy.has(k)) diffs.push(`${k}: kept but not computed`);
  return diffs.length ? show(diffs) : '';
}
