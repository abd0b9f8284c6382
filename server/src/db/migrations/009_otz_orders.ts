/**
 * OTZ orders: the storefront's PayPal orders, each with one or more product lines. Same
 * conventions as the other migrations: text ids and timestamps, amounts as integer minor
 * units, the customer as JSON text. Indexes serve the screen (status filter, newest first),
 * the new-order poller (`createdAt[gt]`) and the other sorts, each ending in `id`.
 */
import { sql, type Kysely } from 'kysely';
import { versionedTable } from './004_list_engine';

const INDEXES: Record<string, ReturnType<typeof sql>> = {
  ix_otz_orders__created_at: sql`created_at, id`,
  ix_otz_orders__status_created_at: sql`shipment_status, created_at, id`,
  ix_otz_orders__order_date: sql`order_date, id`,
  ix_otz_orders__status_order_date: sql`shipment_status, order_date, id`,
  ix_otz_orders__updated_at: sql`updated_at, id`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('otz_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('paypal_transaction_id', 'text', (c) => c.notNull())
    .addColumn('order_date', 'text', (c) => c.notNull())
    .addColumn('shipment_status', 'text', (c) => c.notNull())
    .addColumn('customer', 'text')
    // Kept apart for the search (the JSON text would match its own keys).
    .addColumn('customer_name', 'text')
    .addColumn('customer_email', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    // 1 while the order holds the stock its lines took when it was accepted.
    .addColumn('stock_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One PayPal payment is one order: a storefront pushing it twice gets 409 Duplicate field.
  await db.schema
    .createIndex('ux_otz_orders__paypal_transaction_id')
    .on('otz_orders')
    .column('paypal_transaction_id')
    .unique()
    .execute();
  for (const [name, columns] of Object.entries(INDEXES)) {
    await sql`create index ${sql.id(name)} on otz_orders (${columns})`.execute(db);
  }

  await db.schema
    .createTable('otz_order_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('otz_order_id', 'text', (c) => c.notNull().references('otz_orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('order_quantity', 'integer', (c) => c.notNull())
    /** Unit price, minor units of the order's currency. */
    .addColumn('price', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ix_otz_order_items__order')
    .on('otz_order_items')
    .columns(['otz_order_id', 'position'])
    .execute();
  await db.schema
    .createIndex('ix_otz_order_items__product')
    .on('otz_order_items')
    .column('product_id')
    .execute();

  await versionedTable(db, 'otz_orders');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('otz_order_items').execute();
  await db.schema.dropTable('otz_orders').execute();
  await sql`delete from list_versions where name = 'otz_orders'`.execute(db);
}
