/**
 * The offline cache's records: the team server's sync set (shipments with their orders, recent
 * orders, the products they name) as tables the cache answers the screens' reads from, with
 * the same list specs as the server.
 *
 * The contract between the cache's parts: the sync (sync.ts) stores each page of
 * `GET /sync/changes` with {@link applyRecords}, a full sync between {@link beginBulkLoad} and
 * {@link endBulkLoad}, and ages the set with {@link dropAged}; the window's reads come to
 * {@link answerGet}. The cache file (its key, versions and rebuilds) creates these tables
 * through {@link createRecordTables} in its migrations and calls {@link tuneCacheConnection}
 * on each connection it opens.
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
import type { Database } from 'better-sqlite3';
import { toMinor } from '#shared/domain/money';
import type { CacheAnswer } from '#shared/ipc';
import type { Order } from '#shared/schemas/order';
import type { Product } from '#shared/schemas/product';
import type { SyncChanges, SyncOrder, SyncShipment } from '#shared/schemas/sync';
import { syncWindow } from '../../../../server/src/sync/sync.service';
import { answerRecords } from './cache-queries';

/** One page of the sync: records as they are now, and the ids that left the set. */
export type SyncPage = SyncChanges['data'];

/** What a read needs beside the records: the business's today (YYYY-MM-DD), for date defaults. */
export interface AnswerContext {
  today: string;
}

/**
 * Each table's rows have an INTEGER PRIMARY KEY, `key`: the rowid of their FTS5 entries, stable
 * (SQLite may renumber the rowids of a table without one on VACUUM). The server keeps that key
 * in a table of search keys beside each table (`orders_search_keys` …); here those are views of
 * the rows themselves, under the server's names, so its search SQL runs unchanged and a stored
 * row is one b-tree entry and its id's. The FTS5 tables index the rows' own text (external
 * content: kept once, and a full sync builds each index in one pass). The record as the API gave
 * it lives apart, under the same key, so the rows a list filters, sorts and counts stay narrow:
 * with the record inline, 100,000 orders took some 130 MB and a sort or count of a status tab
 * read a page per order.
 */
const TABLES = `
create table shipments (
  key integer primary key,
  id text not null unique,
  shipment_id text not null,
  status text not null,
  shipping_date text not null,
  received_date text,
  total_shipping_fee integer not null,
  created_at text not null,
  updated_at text not null
);
create view shipments_search_keys as select key, id as shipment_row_id, shipment_id from shipments;
create table shipments_records (key integer primary key, record text not null);
create virtual table shipments_fts using fts5(shipment_id,
  content = 'shipments', content_rowid = 'key', columnsize = 0, tokenize = 'trigram');

create table orders (
  key integer primary key,
  id text not null unique,
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
  -- The server's customer text (015_order_customer_search): name and email, lower-cased.
  customer text
);
create view orders_search_keys as select key, id as order_row_id, shipment_status, platform_code,
  order_date, product_id, order_id, customer from orders;
-- Only orders with a customer have an entry in its index.
create view orders_customers as select key, customer from orders where customer is not null;
create table orders_records (key integer primary key, record text not null);
create virtual table orders_fts using fts5(order_id,
  content = 'orders', content_rowid = 'key', columnsize = 0, tokenize = 'trigram');
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
  key integer primary key,
  id text not null unique,
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
create view products_search_keys as select key, id as product_id from products;
create table product_suppliers (
  product_id text not null,
  supplier_id text not null,
  primary key (product_id, supplier_id)
) without rowid;
create table products_records (key integer primary key, record text not null);
create virtual table products_fts using fts5(name, name_ja, sku_code, jan_code,
  content = 'products', content_rowid = 'key', columnsize = 0, tokenize = 'trigram');

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
-- Hold the product: a search walking them tests each order's product without reading its row.
create index if not exists ix_orders__date on orders (order_date, id, product_id);
create index if not exists ix_orders__updated on orders (updated_at, id);
create index if not exists ix_orders__order_id on orders (order_id, id);
create index if not exists ix_orders__price on orders (base_order_price, id);
-- Also holds the other sorts' keys: a status tab sorted by one of them is sorted from the index alone.
create index if not exists ix_orders__status_date on orders (shipment_status, order_date, id,
  product_id, updated_at, created_at, base_order_price, order_id);
create index if not exists ix_orders__platform_date on orders (platform_code, order_date, id);
create index if not exists ix_orders__shipment_date on orders (shipment_id, order_date, id);
-- Holds status and platform: a search's matched products' orders are narrowed to a tab here.
create index if not exists ix_orders__product_date on orders (product_id, order_date, shipment_status, platform_code, id);
create index if not exists ix_orders__created on orders (created_at, id);
create index if not exists ix_products__updated on products (updated_at, id);
`;
const INDEX_STATEMENTS = INDEXES.split(';')
  .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
  .filter((statement) => statement !== '');
const INDEX_NAMES = INDEX_STATEMENTS.map(
  (statement) => /create index if not exists (\w+)/.exec(statement)![1]!,
);

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

const DAY_COUNTS = `delete from order_day_counts;
  insert into order_day_counts (order_date, shipment_status, platform_code, n)
    select order_date, shipment_status, platform_code, count(*) from orders
    group by order_date, shipment_status, platform_code;`;

/**
 * What the end of a bulk load builds from each table's rows, in steps of about a tenth of a
 * second at 100,000 orders, in this order: everything that reads the rows in their own order
 * before any index exists. The day counts: with the indexes built, SQLite grouped through the
 * date index and fetched every order's status and platform by key (0.9 s against 0.1 s). The
 * search indexes: FTS5 reads its content without an order, and once the order id index exists
 * that comes in order id order, where rowids out of order made it flush its pending entries over
 * and over (0.7 s for the order ids against 0.1 s in rowid order). Then the secondary indexes.
 * Each step can run again: a table stored to after its steps (see {@link buildStep}) has them all
 * again.
 */
const BUILD_STEPS: Record<Kind, readonly string[]> = (() => {
  const fts = (table: string) => `insert into ${table} (${table}) values ('rebuild')`;
  const indexesOn = (table: Kind) =>
    INDEX_STATEMENTS.filter((statement) => statement.includes(` on ${table} (`));
  return {
    orders: [DAY_COUNTS, fts('orders_fts'), fts('orders_customer_fts'), ...indexesOn('orders')],
    shipments: [fts('shipments_fts'), ...indexesOn('shipments')],
    products: [fts('products_fts'), ...indexesOn('products')],
  };
})();
const KINDS = ['orders', 'shipments', 'products'] as const;

/** The sync set's rows (a bulk load starts from none of them); the start-up answers stay. */
const RECORD_TABLES = [
  'shipments',
  'shipments_records',
  'orders',
  'orders_records',
  'order_day_counts',
  'products',
  'products_records',
  'product_suppliers',
] as const;

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
  db.pragma(`cache_size = -${READ_CACHE_KIB}`);
  db.pragma('temp_store = memory');
}

/** The page cache for reads (KiB). */
const READ_CACHE_KIB = 65_536;
/**
 * The page cache while a full sync's pages load (KiB): they append, and a larger cache only held
 * main's memory up (a first full sync of 100,000 orders: 60 MB less at its peak, no slower).
 */
const BULK_CACHE_KIB = 16_384;

const SHIPMENT_COLUMNS = `shipment_id, status, shipping_date, received_date, total_shipping_fee,
  created_at, updated_at`;
const ORDER_COLUMNS = `order_id, order_date, platform_code, shipment_status, shipment_id, product_id,
  base_order_price, delivery_date, created_at, updated_at, customer`;
const PRODUCT_COLUMNS = `name, name_ja, sku_code, jan_code, category_id, manufacturer_id, shelf_number,
  in_stock_quantity, amazon_stock_quantity, release_date, low_stock_level, active_status,
  last_order_date, monthly_quantity, created_at, updated_at`;

const list = (columns: string) => columns.split(',').map((c) => c.trim());
const marks = (columns: string) =>
  list(columns)
    .map(() => '?')
    .join(', ');

/**
 * The statements storing one table's rows: the stored key and date first, so that the FTS5
 * entries go before the text they were made from changes; in a bulk load an insert that leaves
 * a row already there alone (its new key is the last rowid).
 */
function rowStatements(db: Database, table: string, columns: string) {
  return {
    stored: db.prepare(`select key, updated_at as updatedAt from ${table} where id = ?`),
    insert: db.prepare(`insert into ${table} (id, ${columns}) values (?, ${marks(columns)})`),
    update: db.prepare(
      `update ${table} set ${list(columns)
        .map((c) => `${c} = ?`)
        .join(', ')} where key = ?`,
    ),
    insertNew: db.prepare(
      `insert into ${table} (id, ${columns}) values (?, ${marks(columns)}) on conflict (id) do nothing`,
    ),
    key: db.prepare(`select key from ${table} where id = ?`).pluck(),
    remove: db.prepare(`delete from ${table} where key = ?`),
    storeRecord: db.prepare(`insert or replace into ${table}_records (key, record) values (?, ?)`),
    removeRecord: db.prepare(`delete from ${table}_records where key = ?`),
  };
}

/** An external content FTS5 table's statements: an entry is removed with the very text it was made from. */
function ftsStatements(db: Database, fts: string, content: string, columns: string) {
  return {
    remove: db.prepare(`insert into ${fts} (${fts}, rowid, ${columns})
      select 'delete', key, ${columns} from ${content} where key = ?`),
    add: db.prepare(
      `insert into ${fts} (rowid, ${columns}) select key, ${columns} from ${content} where key = ?`,
    ),
  };
}

/** The statements of one cache file, prepared once. */
function prepareStatements(db: Database) {
  return {
    shipments: rowStatements(db, 'shipments', SHIPMENT_COLUMNS),
    orders: rowStatements(db, 'orders', ORDER_COLUMNS),
    products: rowStatements(db, 'products', PRODUCT_COLUMNS),
    fts: {
      shipments: [ftsStatements(db, 'shipments_fts', 'shipments', 'shipment_id')],
      orders: [
        ftsStatements(db, 'orders_fts', 'orders', 'order_id'),
        ftsStatements(db, 'orders_customer_fts', 'orders_customers', 'customer'),
      ],
      products: [ftsStatements(db, 'products_fts', 'products', 'name, name_ja, sku_code, jan_code')],
    },
    deleteSuppliers: db.prepare('delete from product_suppliers where product_id = ?'),
    insertSupplier: db.prepare(
      'insert or ignore into product_suppliers (product_id, supplier_id) values (?, ?)',
    ),
    storeAnswer: db.prepare('insert or replace into answers (path, body) values (?, ?)'),
    answer: db.prepare('select body from answers where path = ?').pluck(),
    bulkLoad: db.prepare('select count(*) from bulk_load').pluck(),
  };
}

type Statements = ReturnType<typeof prepareStatements> & {
  bulk: boolean;
  /**
   * Of each table, how many of its {@link BUILD_STEPS} this process has run since rows were last
   * stored to it. Kept in memory: a load resumed by another process runs them all at its end.
   */
  built: Record<Kind, number>;
  /** The connection's `synchronous` before this process began a bulk load, restored at its end. */
  synchronous?: number;
};
/** A table of records the sync fills. */
export type RecordKind = 'shipments' | 'orders' | 'products';
type Kind = RecordKind;
const statementsByDb = new WeakMap<Database, Statements>();

function statementsOf(db: Database): Statements {
  let statements = statementsByDb.get(db);
  if (!statements) {
    const prepared = prepareStatements(db);
    // A bulk load outlives its process: one cut short goes on until endBulkLoad.
    statements = {
      ...prepared,
      bulk: Number(prepared.bulkLoad.get()) > 0,
      built: { orders: 0, shipments: 0, products: 0 },
    };
    statementsByDb.set(db, statements);
  }
  return statements;
}

/**
 * Whether a record read now may replace the stored one. Delivery is at least once: the same
 * record may come again, newer or as it was (a shipment's orders change without moving its
 * `updatedAt`), so only one strictly older than what is kept is passed over.
 */
const replaces = (stored: string | undefined, updatedAt: string) =>
  stored === undefined || stored <= updatedAt;

/**
 * Stores one record's row (`values`: its columns after the id, `updated_at` among them) and the
 * record; answers its key, or undefined when an older record was passed over.
 */
function storeRow(
  s: Statements,
  kind: Kind,
  id: string,
  updatedAt: string,
  values: unknown[],
  record: unknown,
) {
  const rows = s[kind];
  let key: number | undefined;
  // A bulk load's rows are new but for a record delivered again: inserted without a search index
  // to keep (it is built from the rows at the end of the load).
  const inserted = s.bulk ? rows.insertNew.run(id, ...values) : undefined;
  if (inserted?.changes) {
    key = Number(inserted.lastInsertRowid);
  } else {
    const stored = rows.stored.get(id) as { key: number; updatedAt: string } | undefined;
    if (!replaces(stored?.updatedAt, updatedAt)) return undefined;
    if (stored) {
      key = stored.key;
      if (!s.bulk) for (const fts of s.fts[kind]) fts.remove.run(key);
      rows.update.run(...values, key);
    } else {
      key = Number(rows.insert.run(id, ...values).lastInsertRowid);
    }
    if (!s.bulk) for (const fts of s.fts[kind]) fts.add.run(key);
  }
  rows.storeRecord.run(key, JSON.stringify(record));
  return key;
}

function storeShipment(s: Statements, shipment: SyncShipment): void {
  storeRow(
    s,
    'shipments',
    shipment._id,
    shipment.updatedAt,
    [
      shipment.shipmentId,
      shipment.status,
      shipment.shippingDate,
      shipment.receivedDate,
      toMinor(shipment.totalShippingFee, 'JPY'),
      shipment.createdAt,
      shipment.updatedAt,
    ],
    shipment,
  );
}

/** The server's customer text (015_order_customer_search): name and email, lower-cased as SQLite's lower() does (ASCII only). */
const customerText = (customer: Order['customer']) =>
  customer &&
  `${customer.name ?? ''} ${customer.email ?? ''}`.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());

/** The order's product: by id as the app asks the sync (`orderProduct=id`), or inside the record as a server of an earlier version sends it. */
const productIdOf = (order: Order | SyncOrder) =>
  'productId' in order ? order.productId : (order.product?._id ?? null);

function storeOrder(s: Statements, order: Order | SyncOrder): void {
  storeRow(
    s,
    'orders',
    order._id,
    order.updatedAt,
    [
      order.orderId,
      order.orderDate,
      order.platformCode,
      order.shipmentStatus,
      order.shipmentId,
      productIdOf(order),
      // The server sorts amounts in minor units (yen, paise), as its column holds them.
      toMinor(order.baseOrderPrice, order.currency),
      order.deliveryDate,
      order.createdAt,
      order.updatedAt,
      customerText(order.customer),
    ],
    order,
  );
}

function storeProduct(s: Statements, product: Product): void {
  const key = storeRow(
    s,
    'products',
    product._id,
    product.updatedAt,
    [
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
    ],
    product,
  );
  if (key === undefined) return;
  s.deleteSuppliers.run(product._id);
  for (const supplier of product.suppliers) s.insertSupplier.run(product._id, supplier._id);
}

function removeRow(s: Statements, kind: Kind, id: string): void {
  const rows = s[kind];
  const key = rows.key.get(id) as number | undefined;
  if (key === undefined) return;
  if (!s.bulk) for (const fts of s.fts[kind]) fts.remove.run(key);
  rows.remove.run(key);
  rows.removeRecord.run(key);
}

const removeShipment = (s: Statements, id: string) => removeRow(s, 'shipments', id);
const removeOrder = (s: Statements, id: string) => removeRow(s, 'orders', id);

function removeProduct(s: Statements, id: string): void {
  removeRow(s, 'products', id);
  s.deleteSuppliers.run(id);
}

/**
 * Starts a bulk load: the full sync's pages then store rows only, and {@link endBulkLoad} builds
 * the secondary indexes, the search indexes and the kept counts once, from all of them (a
 * 100,000-order sync: 7.5 s kept up row by row). Call before the first page of a full sync,
 * outside a transaction: the records of any earlier sync are cleared, and the records read as
 * incomplete until endBulkLoad. Until then the file
 * is written without syncing (`synchronous = OFF`): the cache is rebuilt from the server should
 * the machine stop mid-load, and a load cut short goes on in bulk (see {@link bulkLoading}).
 *
 * The load also leaves the write-ahead log for a rollback journal until its end. In WAL every
 * new page is written (and encrypted) twice, into the log and again at the checkpoint; a
 * rollback journal keeps only the old content of pages a transaction changes, and a load mostly
 * appends pages that had none. Measured on a first full sync of 100,000 orders: the pages'
 * commits 1.3 s → 0.5 s, the indexes at the end 1.5 s → 1.1 s, 0.14 s to go back to WAL.
 * A load cut short and resumed after a restart goes on in WAL (slower, as correct).
 */
export function beginBulkLoad(db: Database): void {
  const s = statementsOf(db);
  if (!s.bulk) s.synchronous = db.pragma('synchronous', { simple: true }) as number;
  db.pragma('synchronous = OFF');
  db.pragma('journal_mode = DELETE');
  db.pragma(`cache_size = -${BULK_CACHE_KIB}`);
  db.transaction(() => {
    for (const name of INDEX_NAMES) db.exec(`drop index if exists ${name}`);
    for (const name of COUNT_TRIGGERS) db.exec(`drop trigger if exists ${name}`);
    for (const table of FTS_TABLES) db.exec(`insert into ${table} (${table}) values ('delete-all')`);
    // A full sync brings the whole set: what the last one left (a record deleted while a cursor
    // expired) must not outlive it.
    for (const table of RECORD_TABLES) db.exec(`delete from ${table}`);
    db.exec('delete from bulk_load');
    db.prepare('insert into bulk_load (since) values (?)').run(new Date().toISOString());
  })();
  s.bulk = true;
  s.built = { orders: 0, shipments: 0, products: 0 };
}

/**
 * Runs the next step of building `kind`'s indexes during a bulk load, once the sync has all of
 * that table's rows (a full sync sends one table after the other): the indexes of the orders
 * built while the shipments arrive cost the load's end nothing. Answers false when the table has
 * no step left. A page storing rows of the table afterwards (a server sending in another order)
 * makes its steps due again; {@link endBulkLoad} runs whatever is due.
 */
export function buildStep(db: Database, kind: Kind): boolean {
  const s = statementsOf(db);
  const steps = BUILD_STEPS[kind];
  if (!s.bulk || s.built[kind] >= steps.length) return false;
  // The index builds read the table over and over: with the load's small page cache they took
  // 1.9 s rather than 1.1 s. The cache shrinks back for the pages still to come.
  db.pragma(`cache_size = -${READ_CACHE_KIB}`);
  try {
    db.transaction(() => db.exec(steps[s.built[kind]]!))();
  } finally {
    db.pragma(`cache_size = -${BULK_CACHE_KIB}`);
  }
  s.built[kind] += 1;
  return true;
}

/**
 * Ends a bulk load: the build steps not run yet (see {@link buildStep}) in one transaction, the
 * day counts' triggers, then the write-ahead log and the connection's `synchronous` back.
 * Call after the last page of the full sync, outside a transaction.
 */
export function endBulkLoad(db: Database): void {
  const s = statementsOf(db);
  db.pragma(`cache_size = -${READ_CACHE_KIB}`);
  db.transaction(() => {
    for (const kind of KINDS) {
      for (const step of BUILD_STEPS[kind].slice(s.built[kind])) db.exec(step);
    }
    db.exec(TRIGGERS);
    db.exec('delete from bulk_load');
  })();
  s.bulk = false;
  s.built = { orders: 0, shipments: 0, products: 0 };
  db.pragma('journal_mode = WAL');
  if (s.synchronous !== undefined) db.pragma(`synchronous = ${s.synchronous}`);
  s.synchronous = undefined;
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
  if (s.bulk) {
    // Rows stored after their table's steps ran: the search indexes and counts lack them.
    for (const kind of KINDS) if (page[kind].length > 0 || page.removed[kind].length > 0) s.built[kind] = 0;
  }
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
