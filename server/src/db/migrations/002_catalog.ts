/**
 * Catalog: the settings lists, products, their suppliers and platform listings, remarks and the
 * stock ledger. Written with the schema builder only, so SQLite and
 * PostgreSQL get the same schema. Runs after 001_core, which creates `users`. Index names follow
 * 001_core: `ux_<table>__<field>` for unique ones, so a violation maps to the API field (409).
 */
import { sql, type Kysely } from 'kysely';

/** Settings lists whose names are unique regardless of case ('Duplicate field'). */
const NAMED_SETTINGS = ['categories', 'manufacturers', 'suppliers', 'shipping_methods'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of NAMED_SETTINGS) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('active_status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await uniqueLower(db, table, 'name');
    await db.schema.createIndex(`ix_${table}__created_at`).on(table).column('created_at').execute();
  }

  await db.schema
    .createTable('handling_fees')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('percentage', 'amount')`))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await uniqueLower(db, 'handling_fees', 'title');

  await db.schema
    .createTable('pre_categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await uniqueLower(db, 'pre_categories', 'name');

  await db.schema
    .createTable('shelf_numbers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ux_shelf_numbers__name').on('shelf_numbers').unique().column('name').execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_ja', 'text')
    .addColumn('sku_code', 'text', (c) => c.notNull())
    .addColumn('jan_code', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.references('categories.id'))
    .addColumn('manufacturer_id', 'text', (c) => c.references('manufacturers.id'))
    .addColumn('purchase_price', 'integer', (c) => c.check(sql`purchase_price >= 0`))
    // No check tying Amazon stock to total stock here: the services enforce it with the API's
    // message, and an order accepted against a miscounted shelf must still be
    // recordable in the ledger rather than fail on a constraint.
    .addColumn('in_stock_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amazon_stock_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shelf_number', 'text')
    .addColumn('release_date', 'text')
    .addColumn('low_stock_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // 'kur-snk-0001' and 'KUR-SNK-0001' are the same label on a shelf.
  await uniqueLower(db, 'products', 'sku_code');
  await db.schema.createIndex('ux_products__jan_code').on('products').unique().column('jan_code').execute();
  // The list's default sort is -updatedAt; id breaks ties so paging is stable.
  await db.schema
    .createIndex('ix_products__updated_at')
    .on('products')
    .columns(['updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('ix_products__name')
    .on('products')
    .expression(sql`lower(name)`)
    .execute();
  await db.schema.createIndex('ix_products__category_id').on('products').column('category_id').execute();
  await db.schema
    .createIndex('ix_products__manufacturer_id')
    .on('products')
    .column('manufacturer_id')
    .execute();

  await db.schema
    .createTable('product_suppliers')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('supplier_id', 'text', (c) => c.notNull().references('suppliers.id'))
    .addPrimaryKeyConstraint('pk_product_suppliers', ['product_id', 'supplier_id'])
    .execute();
  await db.schema
    .createIndex('ix_product_suppliers__supplier_id')
    .on('product_suppliers')
    .column('supplier_id')
    .execute();

  await db.schema
    .createTable('product_platforms')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().check(sql`code in ('SHOPIFY', 'AMAZONJP', 'AMAZONIND')`))
    .addColumn('asin', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_product_platforms', ['product_id', 'code'])
    .execute();
  // Platform reports name products by ASIN; importers look them up by it.
  await db.schema
    .createIndex('ix_product_platforms__asin')
    .on('product_platforms')
    .columns(['code', 'asin'])
    .execute();

  await db.schema
    .createTable('product_remarks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ix_product_remarks__product_id')
    .on('product_remarks')
    .columns(['product_id', 'created_at'])
    .execute();

  // No cascade from products: the ledger is history, and a product with movements is
  // deactivated rather than deleted.
  await db.schema
    .createTable('stock_movements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('order_id', 'text')
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ix_stock_movements__product_id')
    .on('stock_movements')
    .columns(['product_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('ix_stock_movements__order_id')
    .on('stock_movements')
    .column('order_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Dependants first; indexes go with their tables.
  for (const table of [
    'stock_movements',
    'product_remarks',
    'product_platforms',
    'product_suppliers',
    'products',
    'shelf_numbers',
    'pre_categories',
    'handling_fees',
    ...[...NAMED_SETTINGS].reverse(),
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

async function uniqueLower(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  await db.schema
    .createIndex(`ux_${table}__${column}`)
    .on(table)
    .unique()
    .expression(sql`lower(${sql.ref(column)})`)
    .execute();
}
