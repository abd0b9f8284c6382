/**
 * The business's own details, printed as the exporter on a shipment's customs papers: one row
 * (id 1), there from the start with its texts null, so an update never has to create it and
 * two administrators saving at once queue on its lock. Same SQL on both databases.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table business_details (
    id integer primary key check (id = 1),
    name text,
    address text,
    phone text,
    email text,
    tax_id text,
    updated_by text references users (id),
    updated_at text
  )`.execute(db);
  await sql`insert into business_details (id) values (1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table business_details`.execute(db);
}
