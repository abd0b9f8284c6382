/**
 * The offline cache's records: the team server's sync set (shipments with their orders, recent
 * orders, the products they name) as tables the cache answers the screens' reads from, with
 * the same list specs as the server.
 *
 * The contract between the cache's parts: the sync (sync.ts) stores each page of
 * `GET /sync/changes` with {@link applyRecords} and ages the set with {@link dropAged}; the
 * window's reads come to {@link answerGet}. The cache file (its key, versions and rebuilds)
 * creates these tables through {@link createRecordTables} in its migrations.
 *
 * The tables carry the server's own table, column and search index names for what a list
 * filters, sorts and searches on (`orders.order_date`, `orders_search_keys`, `products_fts`, …),
 * so the server's list columns and search conditions (server/src/http/list.ts, the areas'
 * repositories) compile to SQL that runs here unchanged: one rule, run by the server or by the
 * cache (cache-queries.ts). Beside them each row keeps the record as the API gave it, answered as
 * it is.
 */
// The cache's driver (better-sqlite3-multiple-ciphers) is a drop-in for better-sqlite3 and ships
// no types its package exports resolve: better-sqlite3's describe it.
import type { Database, Statement } from 'better-sqlite3';
import { toMinor } from '#shared/domain/money';
import type { CacheAnswer } from '#shared/ipc';
import type { Order } from '#shared/schemas/order';
import type { Product } from '#shared/schemas/product';
import type { Shipment } from '#shared/schemas/shipment';
import type { SyncChanges } from '#shared/schemas/sync';
import { syncWindow } from '../../../../server/src/sync/sync.service';
import { answerRecords } from './cache-queries';

/** One page of the sync: records as they are now, and the ids that left the set. */
export type SyncPage = SyncChanges['data'];

/** What a read needs beside the records: the business's today (YYYY-MM-DD), for date defaults. */
export interface AnswerContext {
  today: string;
}

/**
 * Each table's search keys give its FTS5 rows a stable rowid (as on the server: a table without
 * an INTEGER PRIMARY KEY may have its rowids renumbered by VACUUM) and hold the searched text
 * the FTS5 tables index (external content: the text is kept once, and a full sync builds each
 * index in one pass). The record as the API gave it lives apart, under the same key, so the
 * rows a list filters, sorts and counts stay narrow: with the record inline, 100,000 orders
 * took some 130 MB and a sort or count of a status tab read a page per order.
 */
const TABLES = `
create table shipments (
  id text primary key,
  shipment_id text not null,
  status text not null,
  shipping_date text not null,
  received_date text,
  total_shipping_fee integer not null,
  created_at text not null,
  updated_at text not null
);
create table shipments_search_keys (
  key integer primary key,
  shipment_row_id text not null unique,
  shipment_id text not null
);
create table shipments_records (key integer primary key, record text not null);
create virtual table shipments_fts using fts5(shipment_id,
  content = 'shipments_search_keys', content_rowid = 'key', columnsize = 0, tokenize = 'trigram');

create table orders (
  id text primary key,
  order_id text not null,
  order_date text not null,
  platform_code text not null,
  shipment_status text not null,
  shipment_id text,
  product_id text,
  base_order_price integer not null,
  delivery_date text,
  created_at text not null,
  updated_at text not null
);
create table orders_search_keys (
  key integer primary key,
  order_row_id text not null unique,
  shipment_status text,
  platform_code text,
  order_date text,
  product_id text,
  order_id text not null,
  customer text
);
create table orders_records (key integer primary key, record text not null);
-- Only orders with a customer have an entry in its index.
create view orders_customers as select key, customer from orders_search_keys where customer is not null;
create virtual table orders_fts using fts5(order_id,
  content = 'orders_search_keys', content_rowid = 'key', columnsize = 0, tokenize = 'trigram');
create virtual table orders_customer_fts using fts5(customer,
  content = 'orders_customers', content_rowid = 'key', columnsize = 0, tokenize = 'trigram');
-- The server's kept counts per order date, status and platform (020_order_counts), kept by the
-- triggers below, so its count reading (order-counts.repository.ts) answers here unchanged.
create table order_day_counts (
  order_date text not null,
  shipment_status text not null,
  platform_code text not null,
  n integer not null,
  primary key (order_date, shipment_status, platform_code)
) without rowid;

create table products (
  id text primary key,
  name text not null,
  name_ja text,
  sku_code text not null,
  jan_code text not null,
  category_id text,
  manufacturer_id text,
  shelf_number text,
  in_stock_quantity integer not null,
  amazon_stock_quantity integer not null,
  release_date text,
  low_stock_level integer not null,
  active_status integer not null,
  last_order_date text,
  monthly_quantity integer not null,
  created_at text not null,
  updated_at text not null
);
create table product_suppliers (
  product_id text not null,
  supplier_id text not null,
  primary key (product_id, supplier_id)
) without rowid;
create table products_search_keys (key integer primary key, product_id text not null unique);
create table products_records (key integer primary key, record text not null);
create view products_texts as select k.key, p.name, p.name_ja, p.sku_code, p.jan_code
  from products_search_keys k join products p on p.id = k.product_id;
create virtual table products_fts using fts5(name, name_ja, sku_code, jan_code,
  content = 'products_texts', content_rowid = 'key', columnsize = 0, tokenize = 'trigram');

create table answers (path text primary key, body text not null);
-- A row while a full sync loads in bulk (beginBulkLoad): what it left undone is still to do.
create table bulk_load (since text not null);
`;

/**
 * The secondary indexes, each one some query plan of the cache's reads uses (checked with EXPLAIN
 * QUERY PLAN over the bench's requests and the equality tests'): every other index only slowed
 * the sync. Dropped for a bulk load and built after it, which is several times faster than
 * keeping them up row by row.
 */
const INDEXES = `
create index if not exists ix_shipments__updated on shipments (updated_at, id);
create index if not exists ix_shipments__shipping on shipments (shipping_date, id);
create index if not exists ix_shipments__shipment_id on shipments (shipment_id, id);
create index if not exists ix_shipments__status_updated on shipments (status, updated_at, id);
create index if not exists ix_shipments__status_shipping on shipments (status, shipping_date, id);
create index if not exists ix_orders__date on orders (order_date, id);
create index if not exists ix_orders__updated on orders (updated_at, id);
create index if not exists ix_orders__order_id on orders (order_id, id);
create index if not exists ix_orders__price on orders (base_order_price, id);
create index if not exists ix_orders__status_date on orders (shipment_status, order_date, id);
create index if not exists ix_orders__platform_date on orders (platform_code, order_date, id);
create index if not exists ix_orders__status_platform_date on orders (shipment_status, platform_code, order_date, id);
create index if not exists ix_orders__shipment_date on orders (shipment_id, order_date, id);
create index if not exists ix_orders__product_date on orders (product_id, order_date, id);
create index if not exists ix_orders__created on orders (created_at, id);
create index if not exists ix_products__updated on products (updated_at, id);
`;
const INDEX_NAMES = [...INDEXES.matchAll(/create index if not exists (\w+)/g)].map((m) => m[1] as string);

/** The day counts' triggers: the SQLite half of 020_order_counts, without its product counts. */
const COUNT_TRIGGERS = ['insert', 'update', 'delete'].map((op) => `order_counts_${op}`);
const countRow = (row: 'new' | 'old', delta: 1 | -1) => `
  insert into order_day_counts (order_date, shipment_status, platform_code, n)
    values (${row}.order_date, ${row}.shipment_status, ${row}.platform_code, ${delta})
    on conflict (order_date, shipment_status, platform_code) do update set n = n + ${delta};`;
const TRIGGERS = `
create trigger if not exists order_counts_insert after insert on orders begin ${countRow('new', 1)} end;
create trigger if not exists order_counts_update after update of order_date, shipment_status, platform_code
  on orders when old.order_date is not new.order_date or old.shipment_status is not new.shipment_status
    or old.platform_code is not new.platform_code
  begin ${countRow('old', -1)} ${countRow('new', 1)} end;
create trigger if not exists order_counts_delete after delete on orders begin ${countRow('old', -1)} end;
`;

const FTS_TABLES = ['shipments_fts', 'orders_fts', 'orders_customer_fts', 'products_fts'] as const;

/** Creates the record tables and their indexes (the cache's first migration). */
export function createRecordTables(db: Database): void {
  db.exec(TABLES + INDEXES + TRIGGERS);
}

/**
 * The connection settings the cache's reads need: call once after opening the cache file (and
 * setting its key). A list's sort or count reads tens of thousands of index entries; with
 * SQLite's default 2 MB page cache they came from the file each time.
 */
export function tuneCacheConnection(db: Database): void {
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = memory');
}

/** The statements of one cache file, prepared once. */
function prepareStatements(db: Database) {
  const p = (text: string) => db.prepare(text);
  return {
    // Newer replaces older (see `replaces`): an older record changes nothing, and `changes` is 0.
    upsertShipment: p(`insert into shipments (id, shipment_id, status, shipping_date, received_date,
        total_shipping_fee, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)
      on conflict (id) do update set shipment_id = excluded.shipment_id, status = excluded.status,
        shipping_date = excluded.shipping_date, received_date = excluded.received_date,
        total_shipping_fee = excluded.total_shipping_fee, created_at = excluded.created_at,
        updated_at = excluded.updated_at
      where excluded.updated_at >= shipments.updated_at`),
    shipmentKey: p('select key from shipments_search_keys where shipment_row_id = ?').pluck(),
    insertShipmentKey: p('insert into shipments_search_keys (shipment_row_id, shipment_id) values (?, ?)'),
    updateShipmentKey: p('update shipments_search_keys set shipment_id = ? where key = ?'),
    upsertShipmentKey: p(`insert into shipments_search_keys (shipment_row_id, shipment_id) values (?, ?)
      on conflict (shipment_row_id) do update set shipment_id = excluded.shipment_id returning key`).pluck(),
    storeShipmentRecord: p('insert or replace into shipments_records (key, record) values (?, ?)'),
    // External content: an entry is removed with the very text it was indexed with, so before
    // the key's text changes.
    deleteShipmentFts: p(`insert into shipments_fts (shipments_fts, rowid, shipment_id)
      select 'delete', key, shipment_id from shipments_search_keys where key = ?`),
    insertShipmentFts: p('insert into shipments_fts (rowid, shipment_id) values (?, ?)'),
    deleteShipment: p('delete from shipments where id = ?'),
    deleteShipmentRecord: p('delete from shipments_records where key = ?'),
    deleteShipmentKey: p('delete from shipments_search_keys where key = ?'),

    upsertOrder: p(`insert into orders (id, order_id, order_date, platform_code, shipment_status,
        shipment_id, product_id, base_order_price, delivery_date, created_at, updated_at)
        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      on conflict (id) do update set order_id = excluded.order_id, order_date = excluded.order_date,
        platform_code = excluded.platform_code, shipment_status = excluded.shipment_status,
        shipment_id = excluded.shipment_id, product_id = excluded.product_id,
        base_order_price = excluded.base_order_price, delivery_date = excluded.delivery_date,
        created_at = excluded.created_at, updated_at = excluded.updated_at
      where excluded.updated_at >= orders.updated_at`),
    orderKey: p('select key from orders_search_keys where order_row_id = ?').pluck(),
    insertOrderKey: p(`insert into orders_search_keys (order_row_id, shipment_status, platform_code,
        order_date, product_id, order_id, customer) values (?, ?, ?, ?, ?, ?, ?)`),
    updateOrderKey: p(`update orders_search_keys set shipment_status = ?, platform_code = ?,
        order_date = ?, product_id = ?, order_id = ?, customer = ? where key = ?`),
    upsertOrderKey: p(`insert into orders_search_keys (order_row_id, shipment_status, platform_code,
        order_date, product_id, order_id, customer) values (?, ?, ?, ?, ?, ?, ?)
      on conflict (order_row_id) do update set shipment_status = excluded.shipment_status,
        platform_code = excluded.platform_code, order_date = excluded.order_date,
        product_id = excluded.product_id, order_id = excluded.order_id, customer = excluded.customer
      returning key`).pluck(),
    storeOrderRecord: p('insert or replace into orders_records (key, record) values (?, ?)'),
    deleteOrderFts: p(`insert into orders_fts (orders_fts, rowid, order_id)
      select 'delete', key, order_id from orders_search_keys where key = ?`),
    insertOrderFts: p('insert into orders_fts (rowid, order_id) values (?, ?)'),
    deleteCustomerFts: p(`insert into orders_customer_fts (orders_customer_fts, rowid, customer)
      select 'delete', key, customer from orders_customers where key = ?`),
    insertCustomerFts: p('insert into orders_customer_fts (rowid, customer) values (?, ?)'),
    deleteOrder: p('delete from orders where id = ?'),
    deleteOrderRecord: p('delete from orders_records where key = ?'),
    deleteOrderKey: p('delete from orders_search_keys where key = ?'),

    productUpdatedAt: p('select updated_at from products where id = ?').pluck(),
    productKey: p('select key from products_search_keys where product_id = ?').pluck(),
    insertProductKey: p('insert into products_search_keys (product_id) values (?)'),
    upsertProduct: p(`insert into products (id, name, name_ja, sku_code, jan_code, category_id,
        manufacturer_id, shelf_number, in_stock_quantity, amazon_stock_quantity, release_date,
        low_stock_level, active_status, last_order_date, monthly_quantity, created_at, updated_at)
        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      on conflict (id) do update set name = excluded.name, name_ja = excluded.name_ja,
        sku_code = excluded.sku_code, jan_code = excluded.jan_code,
        category_id = excluded.category_id, manufacturer_id = excluded.manufacturer_id,
        shelf_number = excluded.shelf_number, in_stock_quantity = excluded.in_stock_quantity,
        amazon_stock_quantity = excluded.amazon_stock_quantity,
        release_date = excluded.release_date, low_stock_level = excluded.low_stock_level,
        active_status = excluded.active_status, last_order_date = excluded.last_order_date,
        monthly_quantity = excluded.monthly_quantity, created_at = excluded.created_at,
        updated_at = excluded.updated_at`),
    storeProductRecord: p('insert or replace into products_records (key, record) values (?, ?)'),
    deleteProductFts: p(`insert into products_fts (products_fts, rowid, name, name_ja, sku_code, jan_code)
      select 'delete', key, name, name_ja, sku_code, jan_code from products_texts where key = ?`),
    insertProductFts: p(
      'insert into products_fts (rowid, name, name_ja, sku_code, jan_code) values (?, ?, ?, ?, ?)',
    ),
    deleteSuppliers: p('delete from product_suppliers where product_id = ?'),
    insertSupplier: p('insert or ignore into product_suppliers (product_id, supplier_id) values (?, ?)'),
    deleteProduct: p('delete from products where id = ?'),
    deleteProductRecord: p('delete from products_records where key = ?'),
    deleteProductKey: p('delete from products_search_keys where key = ?'),

    storeAnswer: p('insert or replace into answers (path, body) values (?, ?)'),
    answer: p('select body from answers where path = ?').pluck(),
    bulkLoad: p('select count(*) from bulk_load').pluck(),
  } satisfies Record<string, Statement>;
}

type Statements = ReturnType<typeof prepareStatements> & { bulk: boolean };
const statementsByDb = new WeakMap<Database, Statements>();

function statementsOf(db: Database): Statements {
  let statements = statementsByDb.get(db);
  if (!statements) {
    const prepared = prepareStatements(db);
    // A bulk load outlives its process: one cut short goes on until endBulkLoad.
    statements = { ...prepared, bulk: Number(prepared.bulkLoad.get()) > 0 };
    statementsByDb.set(db, statements);
  }
  return statements;
}

/**
 * Whether a record read now may replace the stored one. Delivery is at least once: the same
 * record may come again, newer or as it was (a shipment's orders change without moving its
 * `updatedAt`), so only one strictly older than what is kept is passed over. (Shipments and
 * orders test it inside their upsert.)
 */
const replaces = (stored: unknown, updatedAt: string) => typeof stored !== 'string' || stored <= updatedAt;

function storeShipment(s: Statements, shipment: Shipment): void {
  const stored = s.upsertShipment.run(
    shipment._id,
    shipment.shipmentId,
    shipment.status,
    shipment.shippingDate,
    shipment.receivedDate,
    toMinor(shipment.totalShippingFee, 'JPY'),
    shipment.createdAt,
    shipment.updatedAt,
  );
  if (stored.changes === 0) return;
  let key: number;
  if (s.bulk) {
    key = s.upsertShipmentKey.get(shipment._id, shipment.shipmentId) as number;
  } else {
    const found = s.shipmentKey.get(shipment._id) as number | undefined;
    if (found === undefined) {
      key = Number(s.insertShipmentKey.run(shipment._id, shipment.shipmentId).lastInsertRowid);
    } else {
      key = found;
      s.deleteShipmentFts.run(key);
      s.updateShipmentKey.run(shipment.shipmentId, key);
    }
    s.insertShipmentFts.run(key, shipment.shipmentId);
  }
  s.storeShipmentRecord.run(key, JSON.stringify(shipment));
}

/** The server's customer text (015_order_customer_search): name and email, lower-cased as SQLite's lower() does (ASCII). */
const customerText = (customer: Order['customer']) =>
  customer &&
  `${customer.name ?? ''} ${customer.email ?? ''}`.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());

function storeOrder(s: Statements, order: Order): void {
  const productId = order.product?._id ?? null;
  const stored = s.upsertOrder.run(
    order._id,
    order.orderId,
    order.orderDate,
    order.platformCode,
    order.shipmentStatus,
    order.shipmentId,
    productId,
    // The server sorts amounts in minor units (yen, paise), as its column holds them.
    toMinor(order.baseOrderPrice, order.currency),
    order.deliveryDate,
    order.createdAt,
    order.updatedAt,
  );
  if (stored.changes === 0) return;
  const customer = customerText(order.customer);
  const keyColumns = [
    order.shipmentStatus,
    order.platformCode,
    order.orderDate,
    productId,
    order.orderId,
    customer,
  ];
  let key: number;
  if (s.bulk) {
    key = s.upsertOrderKey.get(order._id, ...keyColumns) as number;
  } else {
    const found = s.orderKey.get(order._id) as number | undefined;
    if (found === undefined) {
      key = Number(s.insertOrderKey.run(order._id, ...keyColumns).lastInsertRowid);
    } else {
      key = found;
      s.deleteOrderFts.run(key);
      s.deleteCustomerFts.run(key);
      s.updateOrderKey.run(...keyColumns, key);
    }
    s.insertOrderFts.run(key, order.orderId);
    if (customer !== null) s.insertCustomerFts.run(key, customer);
  }
  s.storeOrderRecord.run(key, JSON.stringify(order));
}

function storeProduct(s: Statements, product: Product): void {
  if (!replaces(s.productUpdatedAt.get(product._id), product.updatedAt)) return;
  const found = s.productKey.get(product._id) as number | undefined;
  if (found !== undefined && !s.bulk) s.deleteProductFts.run(found);
  s.upsertProduct.run(
    product._id,
    product.name,
    product.nameJa,
    product.skuCode,
    product.janCode,
    product.category?._id ?? null,
    product.manufacturer?._id ?? null,
    product.shelfNumber,
    product.inStockQuantity,
    product.amazonStockQuantity,
    product.releaseDate,
    product.lowStockLevel,
    product.activeStatus ? 1 : 0,
    product.lastOrderDate,
    Number(product.monthlyQuantity),
    product.createdAt,
    product.updatedAt,
  );
  const key = found ?? Number(s.insertProductKey.run(product._id).lastInsertRowid);
  if (found !== undefined) s.deleteSuppliers.run(product._id);
  if (!s.bulk) s.insertProductFts.run(key, product.name, product.nameJa, product.skuCode, product.janCode);
  for (const supplier of product.suppliers) s.insertSupplier.run(product._id, supplier._id);
  s.storeProductRecord.run(key, JSON.stringify(product));
}

function removeShipment(s: Statements, id: string): void {
  const key = s.shipmentKey.get(id) as number | undefined;
  s.deleteShipment.run(id);
  if (key === undefined) return;
  if (!s.bulk) s.deleteShipmentFts.run(key);
  s.deleteShipmentRecord.run(key);
  s.deleteShipmentKey.run(key);
}

function removeOrder(s: Statements, id: string): void {
  const key = s.orderKey.get(id) as number | undefined;
  s.deleteOrder.run(id);
  if (key === undefined) return;
  if (!s.bulk) {
    s.deleteOrderFts.run(key);
    s.deleteCustomerFts.run(key);
  }
  s.deleteOrderRecord.run(key);
  s.deleteOrderKey.run(key);
}

function removeProduct(s: Statements, id: string): void {
  const key = s.productKey.get(id) as number | undefined;
  if (key !== undefined && !s.bulk) s.deleteProductFts.run(key);
  s.deleteProduct.run(id);
  s.deleteSuppliers.run(id);
  if (key === undefined) return;
  s.deleteProductRecord.run(key);
  s.deleteProductKey.run(key);
}

/**
 * Starts a bulk load: the full sync's pages then store rows only, and {@link endBulkLoad} builds
 * the secondary indexes, the search indexes and the kept counts once, from all of them (a
 * 100,000-order sync: 7.5 s kept up row by row). Call before the first page of a full sync,
 * outside a transaction; the records read as incomplete until endBulkLoad. Until then the file
 * is written without syncing (`synchronous = OFF`): the cache is rebuilt from the server should
 * the machine stop mid-load, and a load cut short goes on in bulk (see {@link bulkLoading}).
 */
export function beginBulkLoad(db: Database): void {
  const s = statementsOf(db);
  db.pragma('synchronous = OFF');
  db.transaction(() => {
    for (const name of INDEX_NAMES) db.exec(`drop index if exists ${name}`);
    for (const name of COUNT_TRIGGERS) db.exec(`drop trigger if exists ${name}`);
    for (const table of FTS_TABLES) db.exec(`insert into ${table} (${table}) values ('delete-all')`);
    db.exec('delete from bulk_load');
    db.prepare('insert into bulk_load (since) values (?)').run(new Date().toISOString());
  })();
  s.bulk = true;
}

/**
 * Ends a bulk load: builds the indexes, the search indexes and the day counts from the rows, in
 * one transaction, and restores `synchronous` to `NORMAL` (the cache's setting in WAL mode).
 * Call after the last page of the full sync, outside a transaction.
 */
export function endBulkLoad(db: Database): void {
  const s = statementsOf(db);
  db.transaction(() => {
    db.exec(INDEXES);
    for (const table of FTS_TABLES) db.exec(`insert into ${table} (${table}) values ('rebuild')`);
    db.exec(`delete from order_day_counts;
      insert into order_day_counts (order_date, shipment_status, platform_code, n)
        select order_date, shipment_status, platform_code, count(*) from orders
        group by order_date, shipment_status, platform_code;`);
    db.exec(TRIGGERS);
    db.exec('delete from bulk_load');
  })();
  s.bulk = false;
  db.pragma('synchronous = NORMAL');
}

/** Whether a bulk load is under way (or was cut short): the sync then ends it with {@link endBulkLoad}. */
export function bulkLoading(db: Database): boolean {
  return statementsOf(db).bulk;
}

/**
 * Stores a page: every record as it is now (newer replaces older), the removed ids dropped.
 * The caller holds the transaction (one per page, or one for a whole full sync).
 */
export function applyRecords(db: Database, page: SyncPage): void {
  const s = statementsOf(db);
  for (const id of page.removed.shipments) removeShipment(s, id);
  for (const id of page.removed.orders) removeOrder(s, id);
  for (const id of page.removed.products) removeProduct(s, id);
  for (const shipment of page.shipments) storeShipment(s, shipment);
  for (const order of page.orders) storeOrder(s, order);
  for (const product of page.products) storeProduct(s, product);
}

/**
 * Drops what left the sync set because days passed, by the server's own rule: shipments shipped
 * more than 365 days before `today`, orders older than 90 days in no kept shipment, products no
 * kept order names.
 */
export function dropAged(db: Database, today: string): void {
  // The server's window (sync.service.ts): a shipment is in the set from `shipmentsFrom` on, an
  // order from `ordersFrom` on or while a kept shipment holds it.
  const window = syncWindow(today);
  const s = statementsOf(db);
  const ids = (text: string, ...params: unknown[]) =>
    db
      .prepare(text)
      .pluck()
      .all(...params) as string[];
  for (const id of ids('select id from shipments where shipping_date < ?', window.shipmentsFrom)) {
    removeShipment(s, id);
  }
  const agedOrders = ids(
    `select id from orders where order_date < ? and (shipment_id is null
      or shipment_id not in (select shipment_id from shipments where shipping_date >= ?))`,
    window.ordersFrom,
    window.shipmentsFrom,
  );
  for (const id of agedOrders) removeOrder(s, id);
  const orphans = ids(`select id from products where id not in
    (select product_id from orders where product_id is not null)`);
  for (const id of orphans) removeProduct(s, id);
}

/**
 * A GET of the API (`path`: relative, with its query) answered from the records as the server
 * would answer it; a path the cache cannot answer: 503 with the API's error shape, code
 * `offline`.
 */
export function answerGet(db: Database, path: string, context: AnswerContext): CacheAnswer {
  const records = answerRecords(db, path, context);
  if (records) return records;
  const stored = statementsOf(db).answer.get(path.replace(/^\/+/, '')) as string | undefined;
  if (stored !== undefined) return { status: 200, body: JSON.parse(stored) as unknown };
  return { status: 503, body: { code: 'offline', message: 'Not available offline' } };
}

/**
 * Keeps a GET's answer as the server gave it (`auth/me`, `config`, `user-preferences`: what the
 * window reads at start), for {@link answerGet} to give back offline.
 */
export function storeAnswer(db: Database, path: string, body: unknown): void {
  statementsOf(db).storeAnswer.run(path.replace(/^\/+/, ''), JSON.stringify(body));
}
