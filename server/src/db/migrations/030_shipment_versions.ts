/**
 * A shipment's version: 1 when created, one more with every later write of the shipment (its
 * orders joining or leaving, customs saved or corrected). A client holding a copy (the desktop
 * app's offline cache) sends it with its customs save, and a save over a newer version is
 * refused (409 shipmentChanged) instead of overwriting what it has not seen.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table shipments add column version integer not null default 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table shipments drop column version`.execute(db);
}
