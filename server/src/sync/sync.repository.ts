/**
 * The sync's SQL: the sync set (shipments by shipping date, orders by order date or by a
 * shipment in the set, the products those orders name), read by id for a full sync, and the
 * change log (029_sync_changes) read from a position.
 *
 * A position is (t, s): the last note delivered, exclusive. On PostgreSQL `t` is a transaction
 * id and a read answers only notes of transactions below its own snapshot's xmin, computed in
 * the same statement (a later statement's xmin could be higher, past notes this one did not
 * see). On SQLite `t` is always '0' and `s` is the autoincrement, committed in order.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Order } from '#shared/schemas/order';
import type { Product } from '#shared/schemas/product';
import type { Shipment } from '#shared/schemas/shipment';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';
import { orderRowsQuery, toOrder } from '../orders/orders.repository';
import { hydrateProducts, productRowsQuery } from '../products/products.repository';
import { hydrateShipments, shipmentRowsQuery } from '../shipments/shipments.repository';
import type { SyncEntity } from './sync.table';

/** A place in the change log: everything at or below it is delivered. */
export interface Position {
  /** PostgreSQL: a transaction id (xid8) as decimal text; SQLite: '0'. */
  t: string;
  s: number;
}

/** The first days of the sync set's windows (YYYY-MM-DD, in the business's time zone). */
export interface SyncWindow {
  shipmentsFrom: string;
  ordersFrom: string;
}

export const comparePositions = (a: Position, b: Position): number => {
  const ta = BigInt(a.t);
  const tb = BigInt(b.t);
  return ta < tb ? -1 : ta > tb ? 1 : a.s - b.s;
};

// Well below both databases' bound-parameter limits.
const ID_CHUNK = 1000;

const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ID_CHUNK) out.push(items.slice(i, i + ID_CHUNK));
  return out;
};

const shipmentInSet = (w: SyncWindow) => sql<SqlBool>`shipments.shipping_date >= ${w.shipmentsFrom}`;

/**
 * An order of the set: recent, or in a shipment of the set (history's unknown shipments are not).
 * Tested order by order, the shipment looked up by its unique id only for an order too old to be
 * in by its own date: as `shipment_id in (select …)` SQLite built the set's 20,000 shipment ids
 * into an index again for every page of a full sync.
 */
const orderInSet = (w: SyncWindow, order: 'orders' | 'o' = 'orders') => {
  const ref = (column: string) => sql.ref(`${order}.${column}`);
  return sql<SqlBool>`(${ref('order_date')} >= ${w.ordersFrom} or exists (select 1 from shipments s
    where s.shipment_id = ${ref('shipment_id')} and s.shipping_date >= ${w.shipmentsFrom}))`;
};

/**
 * A product some order of the set names, found through that product's orders (the product and
 * date index): as `id in (select product_id from orders where …)` every page of the products
 * read every order of the set again (80 ms a page at 100,000 orders).
 */
const productInSet = (w: SyncWindow) =>
  sql<SqlBool>`exists (select 1 from orders o where o.product_id = products.id and ${orderInSet(w, 'o')})`;

/** How many records the whole set holds. */
export async function countSyncSet(db: Kysely<Database>, w: SyncWindow): Promise<number> {
  const row = await sql<{ shipments: number | string; orders: number | string; products: number | string }>`
    select (select count(*) from shipments where ${shipmentInSet(w)}) as shipments,
      (select count(*) from orders where ${orderInSet(w)}) as orders,
      (select count(*) from products where ${productInSet(w)}) as products`.execute(db);
  const counts = row.rows[0];
  return counts ? Number(counts.shipments) + Number(counts.orders) + Number(counts.products) : 0;
}

export type SyncPhase = 'shipments' | 'orders' | 'products';

/** The next `limit` records of a phase of the set after id `after`, in id order. */
export async function syncSetPage(
  db: Kysely<Database>,
  phase: SyncPhase,
  w: SyncWindow,
  after: string,
  limit: number,
): Promise<{ ids: string[]; shipments: Shipment[]; orders: Order[]; products: Product[] }> {
  if (phase === 'shipments') {
    const rows = await shipmentRowsQuery(db)
      .where(shipmentInSet(w))
      .where('shipments.id', '>', after)
      .orderBy('shipments.id')
      .limit(limit)
      .execute();
    return {
      ids: rows.map((r) => r.id),
      shipments: await hydrateShipments(db, rows),
      orders: [],
      products: [],
    };
  }
  if (phase === 'orders') {
    const rows = await orderRowsQuery(db)
      .where(orderInSet(w))
      .where('orders.id', '>', after)
      .orderBy('orders.id')
      .limit(limit)
      .execute();
    return { ids: rows.map((r) => r.id), shipments: [], orders: rows.map(toOrder), products: [] };
  }
  const rows = await productRowsQuery(db)
    .where(productInSet(w))
    .where('products.id', '>', after)
    .orderBy('products.id')
    .limit(limit)
    .execute();
  return { ids: rows.map((r) => r.id), shipments: [], orders: [], products: await hydrateProducts(db, rows) };
}

/** What the change log says from a position, read in one statement (one snapshot). */
export interface LogRead {
  notes: { t: string; s: number; entity: SyncEntity; rowId: string }[];
  /** Where a reader that has read every note may move: PostgreSQL's xmin, SQLite's last seq. */
  head: Position;
  /** The highest position pruned. */
  horizon: Position;
  /** Notes after the position up to the head, this page's included. */
  pending: number;
}

/**
 * The notes after `from` (at most `limit`; 0 reads none, only the head and horizon; `count`
 * false leaves `pending` 0), with the
 * head and the pruned horizon of the same snapshot, so a prune between two statements cannot
 * hide notes from a cursor that looked valid.
 */
export async function readLog(
  db: Kysely<Database>,
  from: Position,
  limit: number,
  { count = true }: { count?: boolean } = {},
): Promise<LogRead> {
  if (isPostgres(db)) {
    const result = await sql<{
      head: string;
      horizon_t: string;
      horizon_s: string;
      pending: string;
      t: string | null;
      s: string | null;
      entity: SyncEntity | null;
      row_id: string | null;
    }>`with h as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin),
      after as (select c.tx, c.seq, c.entity, c.row_id from sync_changes c, h
        where (c.tx, c.seq) > (${from.t}::xid8, ${from.s}::bigint) and c.tx < h.xmin)
      select h.xmin::text as head, z.tx::text as horizon_t, z.seq::text as horizon_s,
        ${count ? sql`(select count(*) from after)` : sql`0`}::text as pending,
        n.tx::text as t, n.seq::text as s, n.entity, n.row_id
      from h cross join sync_horizon z
      left join lateral (select * from after order by tx, seq limit ${limit}) n on true`.execute(db);
    const first = result.rows[0];
    if (!first) throw new Error('sync_horizon has no row');
    return {
      head: { t: first.head, s: 0 },
      horizon: { t: first.horizon_t, s: Number(first.horizon_s) },
      pending: Number(first.pending),
      notes: result.rows
        .filter((r) => r.t !== null)
        .map((r) => ({
          t: r.t as string,
          s: Number(r.s),
          entity: r.entity as SyncEntity,
          rowId: r.row_id as string,
        })),
    };
  }
  const result = await sql<{
    head: number | null;
    horizon_s: number;
    pending: number;
    s: number | null;
    entity: SyncEntity | null;
    row_id: string | null;
  }>`select (select seq from sqlite_sequence where name = 'sync_changes') as head,
      z.seq as horizon_s,
      ${count ? sql`(select count(*) from sync_changes where seq > ${from.s})` : sql`0`} as pending,
      n.seq as s, n.entity, n.row_id
    from sync_horizon z
    left join (select seq, entity, row_id from sync_changes where seq > ${from.s}
      order by seq limit ${limit}) n on 1`.execute(db);
  const first = result.rows[0];
  if (!first) throw new Error('sync_horizon has no row');
  return {
    head: { t: '0', s: Number(first.head ?? 0) },
    horizon: { t: '0', s: Number(first.horizon_s) },
    pending: Number(first.pending),
    notes: result.rows
      .filter((r) => r.s !== null)
      .map((r) => ({ t: '0', s: Number(r.s), entity: r.entity as SyncEntity, rowId: r.row_id as string })),
  };
}

/** `read` over `ids` a chunk at a time, the rows joined. */
async function inSetRows<R>(ids: readonly string[], read: (chunk: string[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (const chunk of chunks(ids)) out.push(...(await read(chunk)));
  return out;
}

/** These orders, as answered, where still in the set. */
export async function ordersInSet(db: Kysely<Database>, w: SyncWindow, ids: readonly string[]) {
  const rows = await inSetRows(ids, (chunk) =>
    orderRowsQuery(db).where('orders.id', 'in', chunk).where(orderInSet(w)).execute(),
  );
  return rows.map(toOrder);
}

/** The set's orders naming these products (their answers carry the product's name and codes). */
export async function setOrderIdsOfProducts(
  db: Kysely<Database>,
  w: SyncWindow,
  productIds: readonly string[],
): Promise<string[]> {
  const rows = await inSetRows(productIds, (chunk) =>
    db
      .selectFrom('orders')
      .select('orders.id')
      .where('orders.product_id', 'in', chunk)
      .where(orderInSet(w))
      .execute(),
  );
  return rows.map((r) => r.id);
}

/** The current product of each of these orders (wherever they are now). */
export async function productIdsOfOrders(
  db: Kysely<Database>,
  orderIds: readonly string[],
): Promise<string[]> {
  const rows = await inSetRows(orderIds, (chunk) =>
    db.selectFrom('orders').select('product_id').where('id', 'in', chunk).execute(),
  );
  return rows.map((r) => r.product_id);
}

/** Shipments of the set among these row ids or holding these shipment ids (what people type). */
export async function shipmentsInSet(
  db: Kysely<Database>,
  w: SyncWindow,
  rowIds: readonly string[],
  shipmentIds: readonly string[],
): Promise<Shipment[]> {
  const byRow = await inSetRows(rowIds, (chunk) =>
    shipmentRowsQuery(db).where('shipments.id', 'in', chunk).where(shipmentInSet(w)).execute(),
  );
  const byShipmentId = await inSetRows(shipmentIds, (chunk) =>
    shipmentRowsQuery(db).where('shipments.shipment_id', 'in', chunk).where(shipmentInSet(w)).execute(),
  );
  const unique = new Map([...byRow, ...byShipmentId].map((row) => [row.id, row]));
  return hydrateShipments(db, [...unique.values()]);
}

/** These products, as answered, where still in the set. */
export async function productsInSet(
  db: Kysely<Database>,
  w: SyncWindow,
  ids: readonly string[],
): Promise<Product[]> {
  const rows = await inSetRows(ids, (chunk) =>
    productRowsQuery(db).where('products.id', 'in', chunk).where(productInSet(w)).execute(),
  );
  return hydrateProducts(db, rows);
}

/**
 * Prunes the notes written before `before` (ISO instant) and raises the horizon to the highest
 * position pruned, in one transaction. On PostgreSQL only notes of ended transactions (below the
 * xmin) are taken: a transaction still open could otherwise commit notes below the horizon.
 * Answers how many notes went.
 */
export async function pruneLog(trx: Kysely<Database>, before: string): Promise<number> {
  if (isPostgres(trx)) {
    const top = await sql<{ t: string; s: string }>`select tx::text as t, seq::text as s from sync_changes
      where noted_at < ${before}::timestamptz and tx < pg_snapshot_xmin(pg_current_snapshot())
      order by tx desc, seq desc limit 1`.execute(trx);
    const last = top.rows[0];
    if (!last) return 0;
    const deleted =
      await sql`delete from sync_changes where (tx, seq) <= (${last.t}::xid8, ${last.s}::bigint)`.execute(
        trx,
      );
    await sql`update sync_horizon set tx = ${last.t}::xid8, seq = ${last.s}::bigint
      where (tx, seq) < (${last.t}::xid8, ${last.s}::bigint)`.execute(trx);
    return Number(deleted.numAffectedRows ?? 0);
  }
  const top = await sql<{ s: number | null }>`select max(seq) as s from sync_changes
    where noted_at < ${before}`.execute(trx);
  const last = top.rows[0]?.s;
  if (last === null || last === undefined) return 0;
  const deleted = await sql`delete from sync_changes where seq <= ${last}`.execute(trx);
  await sql`update sync_horizon set seq = ${last} where seq < ${last}`.execute(trx);
  return Number(deleted.numAffectedRows ?? 0);
}
