/**
 * The list engine at scale (see docs/architecture.md, lists):
 *
 * - an index for every filter and sort a screen uses, each ending in `id` (the list's tie
 *   breaker) so the index alone yields the page in order;
 * - nullable sort columns are sorted on `coalesce(column, sentinel)` (a high sentinel ascending,
 *   a low one descending), so empty values come last both ways on both databases and an index
 *   on the very same expression serves the sort;
 * - `list_versions`: one counter per table, bumped by triggers on every write, so a list's
 *   cached total is known to be current by one primary-key read, on every server instance;
 * - text search: an FTS5 trigram index on SQLite, pg_trgm GIN indexes on PostgreSQL.
 *
 * pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it, no
 * superuser needed. Where it is not installed at all (a stripped PostgreSQL build), install the
 * contrib package or have an administrator run `CREATE EXTENSION pg_trgm` in the database first.
 *
 * The products' sales columns (`last_order_date`, `monthly_quantity`) are stored, not computed
 * per row, so sorting on them is an index walk rather than a scan of every order.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Sentinels for nullable date sorts; the products' list columns use the same literals. */
const DATE_HIGH = '9999-12-31';
const DATE_LOW = '';

/** Tables whose lists keep a cached total; the orders table adds itself with versionedTable(). */
const VERSIONED_TABLES = ['products', 'product_suppliers'] as const;

const PRODUCT_INDEXES: Record<string, ReturnType<typeof sql>> = {
  ix_products__name: sql`lower(name), id`,
  ix_products__sku_code_id: sql`lower(sku_code), id`,
  ix_products__jan_code_id: sql`jan_code, id`,
  ix_products__in_stock_quantity: sql`in_stock_quantity, id`,
  ix_products__amazon_stock_quantity: sql`amazon_stock_quantity, id`,
  ix_products__low_stock_level: sql`low_stock_level, id`,
  ix_products__created_at: sql`created_at, id`,
  ix_products__monthly_quantity: sql`monthly_quantity, id`,
  ix_products__release_date_asc: sql`coalesce(release_date, ${sql.lit(DATE_HIGH)}), id`,
  ix_products__release_date_desc: sql`coalesce(release_date, ${sql.lit(DATE_LOW)}), id`,
  ix_products__last_order_date_asc: sql`coalesce(last_order_date, ${sql.lit(DATE_HIGH)}), id`,
  ix_products__last_order_date_desc: sql`coalesce(last_order_date, ${sql.lit(DATE_LOW)}), id`,
  ix_products__active_status: sql`active_status, updated_at, id`,
  ix_products__low_stock: sql`(case when in_stock_quantity <= low_stock_level then 1 else 0 end), updated_at, id`,
  ix_products__shelf_number: sql`shelf_number, id`,
};

// The default sorts of the other lists, with their tie breaker.
const DEFAULT_SORTS: [string, string, string][] = [
  ['ix_users__created_at', 'users', 'created_at'],
  ['ix_audit_log__at_id', 'audit_log', 'at'],
  ['ix_issues__created_at', 'issues', 'created_at'],
  ['ix_memos__updated_at_id', 'memos', 'updated_at'],
  ['ix_handling_fees__created_at', 'handling_fees', 'created_at'],
  ['ix_pre_categories__name', 'pre_categories', 'name'],
  ...['categories', 'manufacturers', 'suppliers', 'shipping_methods'].map((t): [string, string, string] => [
    `ix_${t}__created_at_id`,
    t,
    'created_at',
  ]),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);

  await db.schema.alterTable('products').addColumn('last_order_date', 'text').execute();
  await db.schema
    .alterTable('products')
    .addColumn('monthly_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Products: every sort header, and the default sort under each screen filter.
  await db.schema.dropIndex('ix_products__name').execute();
  for (const [name, columns] of Object.entries(PRODUCT_INDEXES)) {
    await sql`create index ${sql.id(name)} on products (${columns})`.execute(db);
  }

  for (const [name, table, column] of DEFAULT_SORTS) {
    const key = name === 'ix_pre_categories__name' ? sql`lower(name)` : sql.ref(column);
    await sql`create index ${sql.id(name)} on ${sql.table(table)} (${key}, id)`.execute(db);
  }

  await db.schema
    .createTable('list_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  if (pg) {
    // Bumped once per transaction, at commit (a deferred constraint trigger): the counter's row
    // lock is then taken after every other lock the transaction needs and held only for the
    // commit itself, so two writers can never deadlock on it. A reader that sees the new
    // version also sees the rows that caused it.
    await sql`
      create function kura_bump_list_version() returns trigger language plpgsql as $$
      begin
        if current_setting('kura.bumped_' || tg_table_name, true) is distinct from 'y' then
          perform set_config('kura.bumped_' || tg_table_name, 'y', true);
          insert into list_versions (name, version) values (tg_table_name, 1)
            on conflict (name) do update set version = list_versions.version + 1;
        end if;
        return null;
      end $$`.execute(db);
  }
  for (const table of VERSIONED_TABLES) await versionedTable(db, table);

  if (pg) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    // One multicolumn GIN index: each `lower(column) like '%text%'` of the search's OR is a
    // bitmap scan of it. Lowercased like the query, so the search stays case-insensitive.
    await sql`create index ix_products__search on products using gin (
      lower(name) gin_trgm_ops, lower(coalesce(name_ja, '')) gin_trgm_ops,
      lower(sku_code) gin_trgm_ops, jan_code gin_trgm_ops)`.execute(db);
  } else {
    // FTS5's rowid must stay stable, and a table without an INTEGER PRIMARY KEY may have its
    // rowids renumbered by VACUUM: products_search_keys gives every product a stable one.
    await sql`create table products_search_keys (
      key integer primary key, product_id text not null unique)`.execute(db);
    await sql`create virtual table products_fts using fts5(
      name, name_ja, sku_code, jan_code, tokenize = 'trigram')`.execute(db);
    await sql`insert into products_search_keys (product_id) select id from products`.execute(db);
    await sql`insert into products_fts (rowid, name, name_ja, sku_code, jan_code)
      select k.key, p.name, p.name_ja, p.sku_code, p.jan_code
      from products p join products_search_keys k on k.product_id = p.id`.execute(db);
    await sql`create trigger products_fts_insert after insert on products begin
      insert into products_search_keys (product_id) values (new.id);
      insert into products_fts (rowid, name, name_ja, sku_code, jan_code)
        values (last_insert_rowid(), new.name, new.name_ja, new.sku_code, new.jan_code);
      end`.execute(db);
    await sql`create trigger products_fts_update after update of name, name_ja, sku_code, jan_code on products
      begin
        update products_fts set name = new.name, name_ja = new.name_ja, sku_code = new.sku_code,
          jan_code = new.jan_code
        where rowid = (select key from products_search_keys where product_id = old.id);
      end`.execute(db);
    await sql`create trigger products_fts_delete after delete on products begin
      delete from products_fts where rowid = (select key from products_search_keys where product_id = old.id);
      delete from products_search_keys where product_id = old.id;
      end`.execute(db);
  }
}

/**
 * Makes every write to `table` bump its `list_versions` counter (the cached totals of lists
 * over it then recount). For tables added later, e.g. `await versionedTable(db, 'orders')`,
 * followed (after 019_list_versions_in_order) by `noteListWrites(db, table)`.
 */
export async function versionedTable(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`insert into list_versions (name, version) values (${table}, 0)`.execute(db);
  if (isPostgres(db)) {
    await sql`create constraint trigger ${sql.id(`${table}_list_version`)}
      after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred for each row
      execute function kura_bump_list_version()`.execute(db);
    return;
  }
  // SQLite has one writer at a time: a plain row trigger cannot deadlock.
  for (const event of ['insert', 'update', 'delete']) {
    await sql`create trigger ${sql.id(`${table}_list_version_${event}`)} after ${sql.raw(event)}
      on ${sql.table(table)} begin
        update list_versions set version = version + 1 where name = ${sql.lit(table)};
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  if (pg) {
    await sql`drop index if exists ix_products__search`.execute(db);
    for (const table of VERSIONED_TABLES) {
      await sql`drop trigger if exists ${sql.id(`${table}_list_version`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function if exists kura_bump_list_version()`.execute(db);
  } else {
    for (const name of ['products_fts_insert', 'products_fts_update', 'products_fts_delete']) {
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    }
    for (const table of VERSIONED_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`drop trigger if exists ${sql.id(`${table}_list_version_${event}`)}`.execute(db);
      }
    }
    await sql`drop table if exists products_fts`.execute(db);
    await sql`drop table if exists products_search_keys`.execute(db);
  }
  await db.schema.dropTable('list_versions').execute();
  for (const name of [...Object.keys(PRODUCT_INDEXES), ...DEFAULT_SORTS.map(([index]) => index)]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema
    .createIndex('ix_products__name')
    .on('products')
    .expression(sql`lower(name)`)
    .execute();
  await db.schema.alterTable('products').dropColumn('monthly_quantity').execute();
  await db.schema.alterTable('products').dropColumn('last_order_date').execute();
}
