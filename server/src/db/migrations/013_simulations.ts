/**
 * The cost simulator: saved simulations, and its per-platform fee defaults.
 *
 * A simulation keeps its inputs as typed, each as canonical decimal text ('15.5', '1.734512',
 * '-400'), so a percentage with decimals or a six-decimal rate comes back exactly; its result is
 * not stored but computed from them with the shared function on every read
 * (shared/src/domain/simulator.ts). The list sorts by last change (default), creation and name,
 * each served by an index ending in the id.
 *
 * `platform_fees` has one row per platform the simulator prices (AMAZONIND, SHOPIFY), inserted
 * here with 0 % and ₹0 and no `updated_at` until an administrator sets them, so an update is a
 * plain locked row update.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('simulations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('platform_code', 'text', (c) => c.notNull())
    .addColumn('purchase_price', 'text', (c) => c.notNull())
    .addColumn('quantity', 'text', (c) => c.notNull())
    .addColumn('exchange_rate', 'text', (c) => c.notNull())
    .addColumn('shipping_cost', 'text', (c) => c.notNull())
    .addColumn('customs_duty', 'text', (c) => c.notNull())
    .addColumn('commission', 'text', (c) => c.notNull())
    .addColumn('closing_fee', 'text', (c) => c.notNull())
    .addColumn('handling_fee_id', 'text', (c) => c.references('handling_fees.id').onDelete('set null'))
    .addColumn('handling_type', 'text')
    .addColumn('handling_value', 'text')
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_value', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create index ix_simulations__updated_at_id on simulations (updated_at, id)`.execute(db);
  await sql`create index ix_simulations__created_at_id on simulations (created_at, id)`.execute(db);
  await sql`create index ix_simulations__name on simulations (lower(name), id)`.execute(db);

  await db.schema
    .createTable('platform_fees')
    .addColumn('platform_code', 'text', (c) => c.primaryKey())
    .addColumn('commission_percent', 'text', (c) => c.notNull())
    .addColumn('closing_fee', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text')
    .execute();
  await sql`insert into platform_fees (platform_code, commission_percent, closing_fee, updated_at)
    values ('AMAZONIND', '0', '0', null), ('SHOPIFY', '0', '0', null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('platform_fees').execute();
  await db.schema.dropTable('simulations').execute();
}
