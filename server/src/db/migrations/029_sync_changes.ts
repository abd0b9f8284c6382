/**
 * The change log the desktop app's offline cache syncs from (`GET /sync/changes`): a note per
 * inserted, updated or deleted order, shipment and product (entity, row id), written by triggers
 * in the writing transaction, whatever code writes. A note names the row only; the reader answers
 * the row's current state, so a row noted ten times is sent once.
 *
 * Why the ordering differs between the databases (a reader moves its cursor past what it has
 * read, and must never move it past a note that is still to appear):
 *
 * - SQLite: `seq` is an autoincrement. One writer at a time, so notes commit in `seq` order and
 *   a reader that saw `seq` 105 has seen every note below it.
 * - PostgreSQL: an identity's numbers are taken when the row is inserted, not when it commits: a
 *   transaction that took 104 may commit after one that took 105, and a reader that answered 105
 *   and moved its cursor past 104 would never send it. So each note carries its transaction's id
 *   (`tx`, xid8, which never wraps), and a reader answers only notes of transactions below its
 *   snapshot's xmin (`pg_snapshot_xmin(pg_current_snapshot())`): every transaction below it has
 *   ended, so no note can appear there any more. The cursor is a position (tx, seq) no higher
 *   than that xmin.
 *
 * Only the columns an answer shows fire a note (an UPDATE naming none of them, such as the
 * product's export columns kept by 005_export_columns' triggers, notes nothing). A rename of a
 * category, manufacturer or supplier notes the products showing its name; a rename of a shipping
 * method, its shipments. Old notes are pruned; `sync_horizon` holds the highest position pruned,
 * below which a cursor has lost notes (410 for the client, which then syncs in full).
 */
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The columns whose change changes an answer, per noted table. */
const SYNCED = {
  orders: [
    'order_id',
    'platform_code',
    'product_id',
    'order_date',
    'order_quantity',
    'currency',
    'base_order_price',
    'discount',
    'commission',
    'closing_fee',
    'gst',
    'handling_fee',
    'shipping_fee',
    'custom_fee',
    'exchange_rate',
    'expected_shipping_date',
    'delivery_date',
    'is_booked_advance',
    'shipment_status',
    'shipment_id',
    'shipment_position',
    'stock_taken',
    'customer',
    'updated_at',
  ],
  shipments: [
    'shipment_id',
    'shipping_date',
    'shipment_tracking_link',
    'shipping_method_id',
    'total_shipping_fee',
    'custom_id',
    'total_custom_fee',
    'received_date',
    'status',
    'updated_at',
  ],
  products: [
    'name',
    'name_ja',
    'sku_code',
    'jan_code',
    'category_id',
    'manufacturer_id',
    'purchase_price',
    'in_stock_quantity',
    'amazon_stock_quantity',
    'shelf_number',
    'release_date',
    'last_order_date',
    'monthly_quantity',
    'low_stock_level',
    'active_status',
    'updated_at',
  ],
} as const;

const ENTITY = { orders: 'order', shipments: 'shipment', products: 'product' } as const;

type Noted = keyof typeof SYNCED;

/** Renames of a name an answer shows: the table renamed, and the rows (entity, ids) to note. */
const RENAMES: { table: string; entity: string; ids: (row: string) => RawBuilder<unknown> }[] = [
  {
    table: 'categories',
    entity: 'product',
    ids: (row) => sql.raw(`select id from products where category_id = ${row}.id`),
  },
  {
    table: 'manufacturers',
    entity: 'product',
    ids: (row) => sql.raw(`select id from products where manufacturer_id = ${row}.id`),
  },
  {
    table: 'suppliers',
    entity: 'product',
    ids: (row) => sql.raw(`select product_id as id from product_suppliers where supplier_id = ${row}.id`),
  },
  {
    table: 'shipping_methods',
    entity: 'shipment',
    ids: (row) => sql.raw(`select id from shipments where shipping_method_id = ${row}.id`),
  },
];

const columns = (table: Noted) => sql.join(SYNCED[table].map((c) => sql.id(c)));

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create table sync_changes (
      seq bigint generated always as identity,
      tx xid8 not null default pg_current_xact_id(),
      entity text not null,
      row_id text not null,
      noted_at timestamptz not null default now(),
      primary key (tx, seq)
    )`.execute(db);
    await sql`create table sync_horizon (
      id integer primary key check (id = 1),
      tx xid8 not null,
      seq bigint not null
    )`.execute(db);
    await sql`insert into sync_horizon (id, tx, seq) values (1, '0', 0)`.execute(db);
    await sql`create function kura_sync_note() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          insert into sync_changes (entity, row_id) values (tg_argv[0], old.id);
        else
          insert into sync_changes (entity, row_id) values (tg_argv[0], new.id);
        end if;
        return null;
      end $$`.execute(db);
    for (const table of Object.keys(SYNCED) as Noted[]) {
      const entity = sql.lit(ENTITY[table]);
      await sql`create trigger ${sql.id(`sync_${table}_insert`)} after insert on ${sql.table(table)}
        for each row execute function kura_sync_note(${entity})`.execute(db);
      await sql`create trigger ${sql.id(`sync_${table}_update`)} after update of ${columns(table)}
        on ${sql.table(table)} for each row execute function kura_sync_note(${entity})`.execute(db);
      await sql`create trigger ${sql.id(`sync_${table}_delete`)} after delete on ${sql.table(table)}
        for each row execute function kura_sync_note(${entity})`.execute(db);
    }
    for (const rename of RENAMES) {
      const fn = sql.id(`kura_sync_${rename.table}_rename`);
      await sql`create function ${fn}() returns trigger language plpgsql as $$
        begin
          insert into sync_changes (entity, row_id)
            select ${sql.lit(rename.entity)}, x.id from (${rename.ids('new')}) x(id);
          return null;
        end $$`.execute(db);
      await sql`create trigger ${sql.id(`sync_${rename.table}_rename`)} after update of name
        on ${sql.table(rename.table)} for each row when (old.name is distinct from new.name)
        execute function ${fn}()`.execute(db);
    }
  } else {
    await sql`create table sync_changes (
      seq integer primary key autoincrement,
      entity text not null,
      row_id text not null,
      noted_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    )`.execute(db);
    await sql`create table sync_horizon (
      id integer primary key check (id = 1),
      tx text not null,
      seq integer not null
    )`.execute(db);
    await sql`insert into sync_horizon (id, tx, seq) values (1, '0', 0)`.execute(db);
    for (const table of Object.keys(SYNCED) as Noted[]) {
      const entity = sql.lit(ENTITY[table]);
      const note = (row: string) =>
        sql`insert into sync_changes (entity, row_id) values (${entity}, ${sql.raw(row)}.id);`;
      await sql`create trigger ${sql.id(`sync_${table}_insert`)} after insert on ${sql.table(table)}
        begin ${note('new')} end`.execute(db);
      await sql`create trigger ${sql.id(`sync_${table}_update`)} after update of ${columns(table)}
        on ${sql.table(table)} begin ${note('new')} end`.execute(db);
      await sql`create trigger ${sql.id(`sync_${table}_delete`)} after delete on ${sql.table(table)}
        begin ${note('old')} end`.execute(db);
    }
    for (const rename of RENAMES) {
      await sql`create trigger ${sql.id(`sync_${rename.table}_rename`)} after update of name
        on ${sql.table(rename.table)} when old.name is not new.name begin
          insert into sync_changes (entity, row_id)
            select ${sql.lit(rename.entity)}, x.id from (${rename.ids('new')}) x;
        end`.execute(db);
    }
  }
  await sql`create index ix_sync_changes__noted_at on sync_changes (noted_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(SYNCED)) {
    for (const op of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.id(`sync_${table}_${op}`)}${isPostgres(db) ? sql` on ${sql.table(table)}` : sql``}`.execute(
        db,
      );
    }
  }
  for (const rename of RENAMES) {
    await sql`drop trigger if exists ${sql.id(`sync_${rename.table}_rename`)}${isPostgres(db) ? sql` on ${sql.table(rename.table)}` : sql``}`.execute(
      db,
    );
    if (isPostgres(db))
      await sql`drop function if exists ${sql.id(`kura_sync_${rename.table}_rename`)}()`.execute(db);
  }
  if (isPostgres(db)) await sql`drop function if exists kura_sync_note()`.execute(db);
  await sql`drop table if exists sync_horizon`.execute(db);
  await sql`drop table if exists sync_changes`.execute(db);
}
