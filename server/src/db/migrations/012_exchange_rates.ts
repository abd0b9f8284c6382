/**
 * Exchange rates become editable (PUT /currency/rates/{date} creates or replaces a date's
 * rate), so each row keeps when it last changed next to when it was created, as every other
 * entity does. Rows from before keep their creation time as their last change.
 *
 * The list (by date, date ranges) is served by the primary key on rate_date: no other index.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds a NOT NULL column only with a default; every insert names the column anyway.
  await db.schema
    .alterTable('exchange_rates')
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update exchange_rates set updated_at = created_at`.execute(db);
  if (isPostgres(db)) await sql`alter table exchange_rates alter column updated_at drop default`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('exchange_rates').dropColumn('updated_at').execute();
}
