/**
 * The customs fields of a product, for the papers of an India shipment (commercial invoice,
 * packing list): its Harmonized System code (6 to 10 digits), country of origin (ISO 3166-1
 * alpha-2), English description and net weight in grams. All nullable: a product without them
 * is still sold, its papers just lack them.
 *
 * The CSV export shows them as four new columns at the end, so the stored export lines
 * (006_export_records) get a new formula: its triggers are made again with the new cells and
 * the new columns they watch, and every product's line is rewritten. The formatting rules are
 * 006's, copied (a migration never reads another's code that may change); kura_csv_text, the
 * PostgreSQL text cell, is 006's own function.
 *
 * Frozen once shipped: the cells below are those the export had when it shipped.
 */
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

type Cell = ['text' | 'number' | 'status', RawBuilder<unknown>];

/** 006's cells, read from `p` (products), `c` (categories), `m` (manufacturers). */
const CELLS_006: Cell[] = [
  ['text', sql`p.name`],
  ['text', sql`p.name_ja`],
  ['text', sql`p.sku_code`],
  ['text', sql`p.jan_code`],
  ['text', sql`c.name`],
  ['text', sql`m.name`],
  ['text', sql`p.export_suppliers`],
  ['number', sql`p.purchase_price`],
  ['number', sql`p.in_stock_quantity`],
  ['number', sql`p.amazon_stock_quantity`],
  ['text', sql`p.shelf_number`],
  ['text', sql`p.release_date`],
  ['number', sql`p.low_stock_level`],
  ['status', sql`p.active_status`],
  ['text', sql`p.export_asin_shopify`],
  ['text', sql`p.export_asin_amazonjp`],
  ['text', sql`p.export_asin_amazonind`],
];

const SHOWN_006 = [
  'name',
  'name_ja',
  'sku_code',
  'jan_code',
  'category_id',
  'manufacturer_id',
  'export_suppliers',
  'purchase_price',
  'in_stock_quantity',
  'amazon_stock_quantity',
  'shelf_number',
  'release_date',
  'low_stock_level',
  'active_status',
  'export_asin_shopify',
  'export_asin_amazonjp',
  'export_asin_amazonind',
];

const CELLS: Cell[] = [
  ...CELLS_006,
  ['text', sql`p.hs_code`],
  ['text', sql`p.country_of_origin`],
  ['text', sql`p.description_en`],
  ['number', sql`p.net_weight_grams`],
];

const SHOWN = [...SHOWN_006, 'hs_code', 'country_of_origin', 'description_en', 'net_weight_grams'];

function sqliteText(value: RawBuilder<unknown>) {
  const guarded = sql`(case when substr(${value}, 1, 1) in ('=', '+', '-', '@', char(9), char(13))
    then '''' || ${value} else ${value} end)`;
  return sql`(case when ${value} is null or ${value} = '' then ''
    when instr(${value}, '"') or instr(${value}, ',') or instr(${value}, char(13)) or instr(${value}, char(10))
    then '"' || replace(${guarded}, '"', '""') || '"' else ${guarded} end)`;
}

function sqliteCell([kind, value]: Cell) {
  if (kind === 'text') return sqliteText(value);
  if (kind === 'number') return sql`coalesce(${value}, '')`;
  return sql`(case when ${value} = 1 then 'Active' else 'Inactive' end)`;
}

function postgresCell([kind, value]: Cell) {
  if (kind === 'text') return sql`kura_csv_text(${value}::text)`;
  if (kind === 'number') return sql`coalesce(${value}::text, '')`;
  return sql`(case when ${value} = 1 then 'Active' else 'Inactive' end)`;
}

function writeRecords(pg: boolean, cells: Cell[], where: RawBuilder<unknown>) {
  const line = sql.join(cells.map(pg ? postgresCell : sqliteCell), sql` || ',' || `);
  const crlf = pg ? sql`chr(13) || chr(10)` : sql`char(13, 10)`;
  const records = sql`select p.id, ${line} || ${crlf}
    from products p
    left join categories c on c.id = p.category_id
    left join manufacturers m on m.id = p.manufacturer_id
    where ${where}`;
  return pg
    ? sql`insert into product_export_records (product_id, record) ${records}
        on conflict (product_id) do update set record = excluded.record`
    : sql`replace into product_export_records (product_id, record) ${records}`;
}

const RENAMED = [
  ['categories', 'category_id'],
  ['manufacturers', 'manufacturer_id'],
] as const;

/** Makes 006's triggers again (same names) with these cells and watched columns, and rewrites every line. */
async function installRecords(db: Kysely<unknown>, cells: Cell[], shown: string[]): Promise<void> {
  const pg = isPostgres(db);
  const columns = sql.join(shown.map((c) => sql.id(c)));
  if (pg) {
    await sql`create or replace function kura_product_export_record() returns trigger language plpgsql as $$
      begin
        ${writeRecords(pg, cells, sql`p.id = new.id`)};
        return null;
      end $$`.execute(db);
    await sql`drop trigger if exists products_export_record on products`.execute(db);
    await sql`create trigger products_export_record after insert or update of ${columns} on products
      for each row execute function kura_product_export_record()`.execute(db);
    for (const [table, column] of RENAMED) {
      await sql`create or replace function ${sql.id(`kura_${table}_export_records`)}() returns trigger language plpgsql as $$
        begin
          ${writeRecords(pg, cells, sql`${sql.ref(`p.${column}`)} = new.id`)};
          return null;
        end $$`.execute(db);
    }
  } else {
    await sql`drop trigger if exists products_export_record_insert`.execute(db);
    await sql`drop trigger if exists products_export_record_update`.execute(db);
    await sql`create trigger products_export_record_insert after insert on products begin
      ${writeRecords(pg, cells, sql`p.id = new.id`)};
      end`.execute(db);
    await sql`create trigger products_export_record_update after update of ${columns} on products begin
      ${writeRecords(pg, cells, sql`p.id = new.id`)};
      end`.execute(db);
    for (const [table, column] of RENAMED) {
      await sql`drop trigger if exists ${sql.id(`${table}_export_records`)}`.execute(db);
      await sql`create trigger ${sql.id(`${table}_export_records`)} after update of name on ${sql.table(table)}
        when old.name is not new.name begin
          ${writeRecords(pg, cells, sql`${sql.ref(`p.${column}`)} = new.id`)};
        end`.execute(db);
    }
  }
  await writeRecords(pg, cells, sql`true`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // The API checks each value (shared product schema); the checks here keep the columns to the
  // shapes the papers are made from, whoever writes them.
  await sql`alter table products add column hs_code text
    check (length(hs_code) between 6 and 10)`.execute(db);
  await sql`alter table products add column country_of_origin text
    check (length(country_of_origin) = 2)`.execute(db);
  await sql`alter table products add column description_en text`.execute(db);
  await sql`alter table products add column net_weight_grams integer
    check (net_weight_grams between 1 and 1000000)`.execute(db);
  await installRecords(db, CELLS, SHOWN);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The triggers first: SQLite refuses to drop a column a trigger names.
  await installRecords(db, CELLS_006, SHOWN_006);
  for (const column of ['net_weight_grams', 'description_en', 'country_of_origin', 'hs_code']) {
    await sql`alter table products drop column ${sql.id(column)}`.execute(db);
  }
}
