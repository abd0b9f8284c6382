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
 * an INTEGER PRIMARY KEY may have its rowids renumbered by VACUUM). The indexes serve each list's
 * sorts (key, id) and the filters the screens combine with them, as the server's do.
 */
const SCHEMA = `
create table shipments (
  id text primary key,
  shipment_id text not null,
  status text not null,
  shipping_date text not null,
  received_date text,
  total_shipping_fee integer not null,
  created_at text not null,
  updated_at text not null,
  record text not null
);
create index ix_shipments__updated on shipments (updated_at, id);
create index ix_shipments__shipping on shipments (shipping_date, id);
create index ix_shipments__received_high on shipments (coalesce(received_date, '9999-12-31'), id);
create index ix_shipments__received_low on shipments (coalesce(received_date, ''), id);
create index ix_shipments__shipment_id on shipments (shipment_id, id);
create index ix_shipments__fee on shipments (total_shipping_fee, id);
create index ix_shipments__created on shipments (created_at, id);
create index ix_shipments__status_updated on shipments (status, updated_at, id);
create index ix_shipments__status_shipping on shipments (status, shipping_date, id);
create table shipments_search_keys (key integer primary key, shipment_row_id text not null unique);
create virtual table shipments_fts using fts5(shipment_id, tokenize = 'trigram');

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
  updated_at text not null,
  record text not null
);
create index ix_orders__date on orders (order_date, id);
create index ix_orders__created on orders (created_at, id);
create index ix_orders__updated on orders (updated_at, id);
create index ix_orders__order_id on orders (order_id, id);
create index ix_orders__price on orders (base_order_price, id);
create index ix_orders__status_date on orders (shipment_status, order_date, id);
create index ix_orders__platform_date on orders (platform_code, order_date, id);
create index ix_orders__status_platform_date on orders (shipment_status, platform_code, order_date, id);
create index ix_orders__shipment_date on orders (shipment_id, order_date, id);
create index ix_orders__product_date on orders (product_id, order_date, id);
create table orders_search_keys (
  key integer primary key,
  order_row_id text not null unique,
  shipment_status text,
  platform_code text,
  order_date text,
  product_id text
);
create virtual table orders_fts using fts5(order_id, tokenize = 'trigram');
create virtual table orders_customer_fts using fts5(customer, tokenize = 'trigram');

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
  updated_at text not null,
  record text not null
);
create index ix_products__updated on products (updated_at, id);
create index ix_products__created on products (created_at, id);
create index ix_products__name on products (lower(name), id);
create index ix_products__sku on products (lower(sku_code), id);
create index ix_products__jan on products (jan_code, id);
create table product_suppliers (
  product_id text not null,
  supplier_id text not null,
  primary key (product_id, supplier_id)
) without rowid;
create table products_search_keys (key integer primary key, product_id text not null unique);
create virtual table products_fts using fts5(name, name_ja, sku_code, jan_code, tokenize = 'trigram');

create table answers (path text primary key, body text not null);
`;

/** Creates the record tables and their indexes (the cache's first migration). */
export function createRecordTables(db: Database): void {
  db.exec(SCHEMA);
}

/** The statements of one cache file, prepared once. */
function prepareStatements(db: Database) {
  const p = (text: string) => db.prepare(text);
  return {
    shipmentUpdatedAt: p('select updated_at from shipments where id = ?').pluck(),
    shipmentKey: p('select key from shipments_search_keys where shipment_row_id = ?').pluck(),
    insertShipmentKey: p('insert into shipments_search_keys (shipment_row_id) values (?)'),
    upsertShipment: p(`insert into shipments (id, shipment_id, status, shipping_date, received_date,
        total_shipping_fee, created_at, updated_at, record) values (?, ?, ?, ?, ?, ?, ?, ?, ?)
      on conflict (id) do update set shipment_id = excluded.shipment_id, status = excluded.status,
        shipping_date = excluded.shipping_date, received_date = excluded.received_date,
        total_shipping_fee = excluded.total_shipping_fee, created_at = excluded.created_at,
        updated_at = excluded.updated_at, record = excluded.record`),
    deleteShipmentFts: p('delete from shipments_fts where rowid = ?'),
    insertShipmentFts: p('insert into shipments_fts (rowid, shipment_id) values (?, ?)'),
    deleteShipment: p('delete from shipments where id = ?'),
    deleteShipmentKey: p('delete from shipments_search_keys where key = ?'),

    orderUpdatedAt: p('select updated_at from orders where id = ?').pluck(),
    orderKey: p('select key from orders_search_keys where order_row_id = ?').pluck(),
    insertOrderKey: p(`insert into orders_search_keys
        (order_row_id, shipment_status, platform_code, order_date, product_id) values (?, ?, ?, ?, ?)`),
    updateOrderKey: p(`update orders_search_keys set shipment_status = ?, platform_code = ?,
        order_date = ?, product_id = ? where key = ?`),
    upsertOrder: p(`insert into orders (id, order_id, order_date, platform_code, shipment_status,
        shipment_id, product_id, base_order_price, delivery_date, created_at, updated_at, record)
        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      on conflict (id) do update set order_id = excluded.order_id, order_date = excluded.order_date,
        platform_code = excluded.platform_code, shipment_status = excluded.shipment_status,
        shipment_id = excluded.shipment_id, product_id = excluded.product_id,
        base_order_price = excluded.base_order_price, delivery_date = excluded.delivery_date,
        created_at = excluded.created_at, updated_at = excluded.updated_at, record = excluded.record`),
    deleteOrderFts: p('delete from orders_fts where rowid = ?'),
    insertOrderFts: p('insert into orders_fts (rowid, order_id) values (?, ?)'),
    deleteCustomerFts: p('delete from orders_customer_fts where rowid = ?'),
    // The server's text (015_order_customer_search): name and email, lower-cased by SQLite's lower().
    insertCustomerFts: p(`insert into orders_customer_fts (rowid, customer)
        values (?, lower(coalesce(?, '') || ' ' || coalesce(?, '')))`),
    deleteOrder: p('delete from orders where id = ?'),
    deleteOrderKey: p('delete from orders_search_keys where key = ?'),

    productUpdatedAt: p('select updated_at from products where id = ?').pluck(),
    productKey: p('select key from products_search_keys where product_id = ?').pluck(),
    insertProductKey: p('insert into products_search_keys (product_id) values (?)'),
    upsertProduct: p(`insert into products (id, name, name_ja, sku_code, jan_code, category_id,
        manufacturer_id, shelf_number, in_stock_quantity, amazon_stock_quantity, release_date,
        low_stock_level, active_status, last_order_date, monthly_quantity, created_at, updated_at,
        record) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      on conflict (id) do update set name = excluded.name, name_ja = excluded.name_ja,
        sku_code = excluded.sku_code, jan_code = excluded.jan_code,
        category_id = excluded.category_id, manufacturer_id = excluded.manufacturer_id,
        shelf_number = excluded.shelf_number, in_stock_quantity = excluded.in_stock_quantity,
        amazon_stock_quantity = excluded.amazon_stock_quantity,
        release_date = excluded.release_date, low_stock_level = excluded.low_stock_level,
        active_status = excluded.active_status, last_order_date = excluded.last_order_date,
        monthly_quantity = excluded.monthly_quantity, created_at = excluded.created_at,
        updated_at = excluded.updated_at, record = excluded.record`),
    deleteProductFts: p('delete from products_fts where rowid = ?'),
    insertProductFts: p(
      'insert into products_fts (rowid, name, name_ja, sku_code, jan_code) values (?, ?, ?, ?, ?)',
    ),
    deleteSuppliers: p('delete from product_suppliers where product_id = ?'),
    insertSupplier: p('insert or ignore into product_suppliers (product_id, supplier_id) values (?, ?)'),
    deleteProduct: p('delete from products where id = ?'),
    deleteProductKey: p('delete from products_search_keys where key = ?'),

    storeAnswer: p('insert or replace into answers (path, body) values (?, ?)'),
    answer: p('select body from answers where path = ?').pluck(),
  } satisfies Record<string, Statement>;
}

type Statements = ReturnType<typeof prepareStatements>;
const statementsByDb = new WeakMap<Database, Statements>();

function statementsOf(db: Database): Statements {
  let statements = statementsByDb.get(db);
  if (!statements) {
    statements = prepareStatements(db);
    statementsByDb.set(db, statements);
  }
  return statements;
}

/**
 * Whether a record read now may replace the stored one. Delivery is at least once: the same
 * record may come again, newer or as it was (a shipment's orders change without moving its
 * `updatedAt`), so only one strictly older than what is kept is passed over.
 */
const replaces = (stored: unknown, updatedAt: string) => typeof stored !== 'string' || stored <= updatedAt;

/** The row's search key, made on its first store. */
function keyOf(find: Statement, insert: Statement, id: string, values: unknown[] = []): [number, boolean] {
  const key = find.get(id) as number | undefined;
  if (key !== undefined) return [key, false];
  return [Number(insert.run(id, ...values).lastInsertRowid), true];
}

function storeShipment(s: Statements, shipment: Shipment): void {
  if (!replaces(s.shipmentUpdatedAt.get(shipment._id), shipment.updatedAt)) return;
  s.upsertShipment.run(
    shipment._id,
    shipment.shipmentId,
    shipment.status,
    shipment.shippingDate,
    shipment.receivedDate,
    toMinor(shipment.totalShippingFee, 'JPY'),
    shipment.createdAt,
    shipment.updatedAt,
    JSON.stringify(shipment),
  );
  const [key, created] = keyOf(s.shipmentKey, s.insertShipmentKey, shipment._id);
  if (!created) s.deleteShipmentFts.run(key);
  s.insertShipmentFts.run(key, shipment.shipmentId);
}

function storeOrder(s: Statements, order: Order): void {
  if (!replaces(s.orderUpdatedAt.get(order._id), order.updatedAt)) return;
  const productId = order.product?._id ?? null;
  s.upsertOrder.run(
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
    JSON.stringify(order),
  );
  const keyColumns = [order.shipmentStatus, order.platformCode, order.orderDate, productId];
  const [key, created] = keyOf(s.orderKey, s.insertOrderKey, order._id, keyColumns);
  if (!created) {
    s.updateOrderKey.run(...keyColumns, key);
    s.deleteOrderFts.run(key);
    s.deleteCustomerFts.run(key);
  }
  s.insertOrderFts.run(key, order.orderId);
  if (order.customer) s.insertCustomerFts.run(key, order.customer.name, order.customer.email);
}

function storeProduct(s: Statements, product: Product): void {
  if (!replaces(s.productUpdatedAt.get(product._id), product.updatedAt)) return;
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
    JSON.stringify(product),
  );
  const [key, created] = keyOf(s.productKey, s.insertProductKey, product._id);
  if (!created) {
    s.deleteProductFts.run(key);
    s.deleteSuppliers.run(product._id);
  }
  s.insertProductFts.run(key, product.name, product.nameJa, product.skuCode, product.janCode);
  for (const supplier of product.suppliers) s.insertSupplier.run(product._id, supplier._id);
}

function removeShipment(s: Statements, id: string): void {
  const key = s.shipmentKey.get(id) as number | undefined;
  s.deleteShipment.run(id);
  if (key === undefined) return;
  s.deleteShipmentFts.run(key);
  s.deleteShipmentKey.run(key);
}

function removeOrder(s: Statements, id: string): void {
  const key = s.orderKey.get(id) as number | undefined;
  s.deleteOrder.run(id);
  if (key === undefined) return;
  s.deleteOrderFts.run(key);
  s.deleteCustomerFts.run(key);
  s.deleteOrderKey.run(key);
}

function removeProduct(s: Statements, id: string): void {
  const key = s.productKey.get(id) as number | undefined;
  s.deleteProduct.run(id);
  s.deleteSuppliers.run(id);
  if (key === undefined) return;
  s.deleteProductFts.run(key);
  s.deleteProductKey.run(key);
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
