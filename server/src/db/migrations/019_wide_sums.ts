/**
 * A column that keeps a sum is as wide as the sum. `products.monthly_quantity` adds up the
 * units of a product's orders of the last 30 days: up to 100,000 units a line, it left a 32-bit
 * integer after 21,475 such lines, and PostgreSQL refused the order that went past (numeric value
 * out of range). SQLite's integers are 64-bit already. `sales_daily` was made bigint by
 * 014_sales; every other integer column holds one bounded value (docs/architecture.md, "Input").
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table products alter column monthly_quantity type bigint`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table products alter column monthly_quantity type integer`.execute(db);
}
