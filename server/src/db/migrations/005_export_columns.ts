/**
 * The CSV export's linked text kept on the product row: its suppliers' names (joined with
 * "; ", in name order) and each platform's listing. The export is then one index-ordered read
 * of `products` rather than, per row, a walk of its supplier links and three listing lookups on
 * text keys (measured at 50,000 products as more than half of the export's time).
 *
 * Triggers keep them current on both databases: a product's columns are recomputed whenever
 * one of its supplier links or listings is written, and the products of a supplier whenever
 * that supplier is renamed. Writers need to do nothing.
 */
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const COLUMNS = ['export_suppliers', 'export_asin_shopify', 'export_asin_amazonjp', 'export_asin_amazonind'];

/** The suppliers' names of `product` (an SQL expression naming a product id), as the export shows them. */
function supplierNames(pg: boolean, product: RawBuilder<unknown>) {
  const concat = pg
    ? sql`string_agg(s.name, '; ' order by lower(s.name), s.id)`
    : sql`group_concat(s.name, '; ' order by lower(s.name), s.id)`;
  return sql`(select ${concat} from product_suppliers ps join suppliers s on s.id = ps.supplier_id
    where ps.product_id = ${product})`;
}

const listing = (product: RawBuilder<unknown>, code: string) =>
  sql`(select pp.asin from product_platforms pp where pp.product_id = ${product} and pp.code = ${sql.lit(code)})`;

/** Sets every export column of the products `where` selects from their current links. */
function refresh(pg: boolean, where: RawBuilder<unknown>) {
  const id = sql`products.id`;
  return sql`update products set
    export_suppliers = ${supplierNames(pg, id)},
    export_asin_shopify = ${listing(id, 'SHOPIFY')},
    export_asin_amazonjp = ${listing(id, 'AMAZONJP')},
    export_asin_amazonind = ${listing(id, 'AMAZONIND')}
    where ${where}`;
}

const LINK_TABLES = ['product_suppliers', 'product_platforms'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const column of COLUMNS) await db.schema.alterTable('products').addColumn(column, 'text').execute();
  await refresh(pg, sql`true`).execute(db);

  if (pg) {
    await sql`create function kura_refresh_product_export(product text) returns void language sql as $$
      ${refresh(pg, sql`products.id = product`)}
      $$`.execute(db);
    await sql`create function kura_product_link_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform kura_refresh_product_export(new.product_id);
        elsif tg_op = 'DELETE' then
          perform kura_refresh_product_export(old.product_id);
        else
          perform kura_refresh_product_export(old.product_id);
          if new.product_id <> old.product_id then perform kura_refresh_product_export(new.product_id); end if;
        end if;
        return null;
      end $$`.execute(db);
    for (const table of LINK_TABLES) {
      await sql`create trigger ${sql.id(`${table}_export`)} after insert or update or delete
        on ${sql.table(table)} for each row execute function kura_product_link_changed()`.execute(db);
    }
    await sql`create function kura_supplier_renamed() returns trigger language plpgsql as $$
      begin
        ${refresh(pg, sql`products.id in (select ps.product_id from product_suppliers ps where ps.supplier_id = new.id)`)};
        return null;
      end $$`.execute(db);
    await sql`create trigger suppliers_export after update of name on suppliers
      for each row when (old.name is distinct from new.name)
      execute function kura_supplier_renamed()`.execute(db);
    return;
  }

  for (const table of LINK_TABLES) {
    await sql`create trigger ${sql.id(`${table}_export_insert`)} after insert on ${sql.table(table)} begin
      ${refresh(pg, sql`products.id = new.product_id`)};
      end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_export_update`)} after update on ${sql.table(table)} begin
      ${refresh(pg, sql`products.id in (old.product_id, new.product_id)`)};
      end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_export_delete`)} after delete on ${sql.table(table)} begin
      ${refresh(pg, sql`products.id = old.product_id`)};
      end`.execute(db);
  }
  await sql`create trigger suppliers_export after update of name on suppliers
    when old.name is not new.name begin
      ${refresh(pg, sql`products.id in (select ps.product_id from product_suppliers ps where ps.supplier_id = new.id)`)};
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of LINK_TABLES) {
      await sql`drop trigger if exists ${sql.id(`${table}_export`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop trigger if exists suppliers_export on suppliers`.execute(db);
    await sql`drop function if exists kura_product_link_changed()`.execute(db);
    await sql`drop function if exists kura_supplier_renamed()`.execute(db);
    await sql`drop function if exists kura_refresh_product_export(text)`.execute(db);
  } else {
    for (const table of LINK_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`drop trigger if exists ${sql.id(`${table}_export_${event}`)}`.execute(db);
      }
    }
    await sql`drop trigger if exists suppliers_export`.execute(db);
  }
  for (const column of COLUMNS) await db.schema.alterTable('products').dropColumn(column).execute();
}
