/**
 * Orders sort on their expected shipping date, earliest first: the packing station's queue of
 * accepted orders (within a platform or not), and the order list's header both ways. The date
 * is nullable, so, as the list engine sorts every nullable date of a big table, on a coalesce
 * sentinel (empty last both ways), each sort served by an index on the same expression ending
 * in `id`; the queue's status and status-platform filters lead theirs.
 */
import { sql, type Kysely } from 'kysely';

// The list engine's date sentinels (004_list_engine): it writes the same literals.
const DATE_HIGH = '9999-12-31';
const DATE_LOW = '';

const asc = sql`coalesce(expected_shipping_date, ${sql.lit(DATE_HIGH)}), id`;
const INDEXES: Record<string, ReturnType<typeof sql>> = {
  ix_orders__ship_by_asc: asc,
  ix_orders__ship_by_desc: sql`coalesce(expected_shipping_date, ${sql.lit(DATE_LOW)}), id`,
  ix_orders__status_ship_by: sql`shipment_status, ${asc}`,
  ix_orders__status_platform_ship_by: sql`shipment_status, platform_code, ${asc}`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await sql`create index ${sql.id(name)} on orders (${columns})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(INDEXES)) await sql`drop index ${sql.id(name)}`.execute(db);
}
