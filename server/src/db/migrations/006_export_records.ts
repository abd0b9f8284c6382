/**
 * The CSV export's record of every product, formatted and stored: `product_export_records`
 * holds each product's CSV line (CRLF included) exactly as the export writes it, so an export
 * walks the list's sort index and copies one stored value a row instead of reading seventeen
 * and formatting them (at 50,000 products, turning the values into JavaScript and back into
 * text was most of the export's time).
 *
 * Triggers keep the records current on both databases, in the writing transaction; writers
 * do nothing. A product's record is rewritten when it is inserted or one of the columns the
 * export shows changes (its stock included; its supplier names and listings are columns of
 * the product kept by 005_export_columns, so link changes and supplier renames arrive as
 * product updates), and the records of a category's or manufacturer's products when it is
 * renamed. A deleted product's record goes with it (foreign key).
 *
 * The formatting is the export's (products.csv.ts), written here in SQL: a text cell that a
 * spreadsheet would run as a formula gets a leading apostrophe, a cell with a comma, a quote or
 * a line break is quoted with its quotes doubled, numbers are written as they are and the
 * status as Active / Inactive. A test compares the stored records with that code's output on
 * both databases. Should the export's columns or rules change, a later migration rewrites
 * the expression and every record.
 */
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

type Cell = ['text' | 'number' | 'status', RawBuilder<unknown>];

/** The export's columns in order, read from `p` (products), `c` (categories), `m` (manufacturers). */
const CELLS: Cell[] = [
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

/** The product columns a record shows: an update of any of them rewrites it. */
const SHOWN_COLUMNS = [
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

/**
 * A text cell on SQLite (no stored functions there, so the expression is written out per
 * column): empty for null or '', an apostrophe before = + - @ tab CR, quoted when it holds
 * a quote, a comma, CR or LF.
 */
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

/** `select id, record from products p … where <where>`: the records of the products `where` selects. */
function recordsOf(pg: boolean, where: RawBuilder<unknown>) {
  const cells = CELLS.map(pg ? postgresCell : sqliteCell);
  const crlf = pg ? sql`chr(13) || chr(10)` : sql`char(13, 10)`;
  return sql`select p.id, ${sql.join(cells, sql` || ',' || `)} || ${crlf}
    from products p
    left join categories c on c.id = p.category_id
    left join manufacturers m on m.id = p.manufacturer_id
    where ${where}`;
}

/** Writes (inserts or replaces) the records of the products `where` selects. */
function writeRecords(pg: boolean, where: RawBuilder<unknown>) {
  return pg
    ? sql`insert into product_export_records (product_id, record) ${recordsOf(pg, where)}
        on conflict (product_id) do update set record = excluded.record`
    : sql`replace into product_export_records (product_id, record) ${recordsOf(pg, where)}`;
}

const RENAMED = [
  ['categories', 'category_id'],
  ['manufacturers', 'manufacturer_id'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await sql`create table product_export_records (
    product_id text primary key references products (id) on delete cascade,
    record text not null
  )${pg ? sql`` : sql` without rowid`}`.execute(db);

  if (pg) {
    await sql`create function kura_csv_text(value text) returns text language sql immutable as $$
      select case when value is null or value = '' then ''
        when strpos(g, '"') > 0 or strpos(g, ',') > 0 or strpos(g, chr(13)) > 0 or strpos(g, chr(10)) > 0
        then '"' || replace(g, '"', '""') || '"' else g end
      from (select case when left(value, 1) in ('=', '+', '-', '@', chr(9), chr(13))
        then '''' || value else value end as g) guarded
      $$`.execute(db);
  }
  await writeRecords(pg, sql`true`).execute(db);

  const columns = sql.join(SHOWN_COLUMNS.map((c) => sql.id(c)));
  if (pg) {
    await sql`create function kura_product_export_record() returns trigger language plpgsql as $$
      begin
        ${writeRecords(pg, sql`p.id = new.id`)};
        return null;
      end $$`.execute(db);
    await sql`create trigger products_export_record after insert or update of ${columns} on products
      for each row execute function kura_product_export_record()`.execute(db);
    for (const [table, column] of RENAMED) {
      await sql`create function ${sql.id(`kura_${table}_export_records`)}() returns trigger language plpgsql as $$
        begin
          ${writeRecords(pg, sql`${sql.ref(`p.${column}`)} = new.id`)};
          return null;
        end $$`.execute(db);
      await sql`create trigger ${sql.id(`${table}_export_records`)} after update of name on ${sql.table(table)}
        for each row when (old.name is distinct from new.name)
        execute function ${sql.id(`kura_${table}_export_records`)}()`.execute(db);
    }
    return;
  }

  await sql`create trigger products_export_record_insert after insert on products begin
    ${writeRecords(pg, sql`p.id = new.id`)};
    end`.execute(db);
  await sql`create trigger products_export_record_update after update of ${columns} on products begin
    ${writeRecords(pg, sql`p.id = new.id`)};
    end`.execute(db);
  for (const [table, column] of RENAMED) {
    await sql`create trigger ${sql.id(`${table}_export_records`)} after update of name on ${sql.table(table)}
      when old.name is not new.name begin
        ${writeRecords(pg, sql`${sql.ref(`p.${column}`)} = new.id`)};
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists products_export_record on products`.execute(db);
    await sql`drop function if exists kura_product_export_record()`.execute(db);
    for (const [table] of RENAMED) {
      await sql`drop trigger if exists ${sql.id(`${table}_export_records`)} on ${sql.table(table)}`.execute(
        db,
      );
      await sql`drop function if exists ${sql.id(`kura_${table}_export_records`)}()`.execute(db);
    }
  } else {
    await sql`drop trigger if exists products_export_record_insert`.execute(db);
    await sql`drop trigger if exists products_export_record_update`.execute(db);
    for (const [table] of RENAMED)
      await sql`drop trigger if exists ${sql.id(`${table}_export_records`)}`.execute(db);
  }
  await db.schema.dropTable('product_export_records').execute();
  if (isPostgres(db)) await sql`drop function if exists kura_csv_text(text)`.execute(db);
}
