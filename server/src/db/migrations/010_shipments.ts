/**
 * Shipments: packed India orders combined under one shipment id, shipped to India, then
 * cleared through customs (docs/architecture.md, shipments).
 *
 * An order belongs to a shipment through `orders.shipment_id`, which holds the shipment's own
 * `shipment_id` (the id people type and read, what the order screens show and filter by), and
 * `orders.shipment_position`, its place in the shipment: the order in which the orders were
 * combined, which decides who takes a leftover yen or rupee of a split fee. There is no foreign
 * key: orders seeded as history carry shipment ids of shipments that were never entered, and a
 * shipment id in use by any order is refused to a new shipment instead.
 *
 * Every screen query is served by an index ending in `id`: the default sort (`updated_at`,
 * newest first, also the desktop's `updatedAt[gt]` sync), the status tabs under it, each date
 * range (alone and under a status), each sort header (the received date, empty until customs,
 * sorts on coalesce sentinels as the products' nullable dates do) and the shipment id, unique.
 * Search: shipment ids through a trigram index (FTS5 on SQLite, kept by triggers on a stable key
 * table as orders_fts is; pg_trgm GIN on PostgreSQL); order ids through the orders' own.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { versionedTable } from './004_list_engine';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

// The products' date sentinels (004_list_engine): the list engine writes the same literals.
const DATE_HIGH = '9999-12-31';
const DATE_LOW = '';

const INDEXES: Record<string, ReturnType<typeof sql>> = {
  ix_shipments__updated_at: sql`updated_at, id`,
  ix_shipments__status_updated_at: sql`status, updated_at, id`,
  ix_shipments__shipping_date: sql`shipping_date, id`,
  ix_shipments__status_shipping_date: sql`status, shipping_date, id`,
  ix_shipments__received_date: sql`received_date, id`,
  ix_shipments__status_received_date: sql`status, received_date, id`,
  ix_shipments__received_date_asc: sql`coalesce(received_date, ${sql.lit(DATE_HIGH)}), id`,
  ix_shipments__received_date_desc: sql`coalesce(received_date, ${sql.lit(DATE_LOW)}), id`,
  ix_shipments__shipment_id_sort: sql`shipment_id, id`,
  ix_shipments__total_shipping_fee: sql`total_shipping_fee, id`,
  ix_shipments__created_at: sql`created_at, id`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('shipments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shipment_id', 'text', (c) => c.notNull())
    .addColumn('shipping_date', 'text', (c) => c.notNull())
    .addColumn('shipment_tracking_link', 'text', (c) => c.notNull())
    .addColumn('shipping_method_id', 'text', (c) => c.references('shipping_methods.id'))
    // Yen.
    .addColumn('total_shipping_fee', 'integer', (c) => c.notNull())
    .addColumn('custom_id', 'text')
    // Paise; null until customs are saved.
    .addColumn('total_custom_fee', 'integer')
    .addColumn('received_date', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A second shipment with the same id answers 409 Duplicate field naming shipmentId.
  await sql`create unique index ux_shipments__shipment_id on shipments (shipment_id)`.execute(db);
  for (const [name, columns] of Object.entries(INDEXES)) {
    await sql`create index ${sql.id(name)} on shipments (${columns})`.execute(db);
  }
  await versionedTable(db, 'shipments');

  await db.schema.alterTable('orders').addColumn('shipment_position', 'integer').execute();

  if (pg) {
    await sql`create index ix_shipments__search on shipments using gin (lower(shipment_id) gin_trgm_ops)`.execute(
      db,
    );
  } else {
    await sql`create table shipments_search_keys (key integer primary key, shipment_row_id text not null unique)`.execute(
      db,
    );
    await sql`create virtual table shipments_fts using fts5(shipment_id, tokenize = 'trigram')`.execute(db);
    // A shipment's id is never edited, so inserts and deletes are all the index must follow.
    await sql`create trigger shipments_fts_insert after insert on shipments begin
      insert into shipments_search_keys (shipment_row_id) values (new.id);
      insert into shipments_fts (rowid, shipment_id) values (last_insert_rowid(), new.shipment_id);
      end`.execute(db);
    await sql`create trigger shipments_fts_delete after delete on shipments begin
      delete from shipments_fts where rowid = (select key from shipments_search_keys where shipment_row_id = old.id);
      delete from shipments_search_keys where shipment_row_id = old.id;
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists shipments_list_version on shipments`.execute(db);
  } else {
    for (const name of ['shipments_fts_insert', 'shipments_fts_delete']) {
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    }
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.id(`shipments_list_version_${event}`)}`.execute(db);
    }
    await sql`drop table if exists shipments_fts`.execute(db);
    await sql`drop table if exists shipments_search_keys`.execute(db);
  }
  await sql`delete from list_versions where name = 'shipments'`.execute(db);
  await db.schema.alterTable('orders').dropColumn('shipment_position').execute();
  await db.schema.dropTable('shipments').execute();
}
