/**
 * A search within a status tab or a platform walks that filter's date index as the search of
 * all orders walks the order date index (016_order_search_walk): each order walked is tested
 * against the matched products, so the product must be in the index or every order walked costs
 * a read of its row. In the completed tab (most orders) a common word walked about 5,000 index
 * entries per page, each with its row read; with the product in the index, none. The indexes
 * serve every query they served before: their first columns are the same. Frozen once shipped.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const INDEXES = {
  ix_orders__status_date: ['shipment_status', 'order_date', 'id'],
  ix_orders__platform_date: ['platform_code', 'order_date', 'id'],
  ix_orders__status_platform_date: ['shipment_status', 'platform_code', 'order_date', 'id'],
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await sql`drop index ${sql.id(name)}`.execute(db);
    const keys = sql.join(columns.map((c) => sql.id(c)));
    await (
      isPostgres(db)
        ? sql`create index ${sql.id(name)} on orders (${keys}) include (product_id)`
        : sql`create index ${sql.id(name)} on orders (${keys}, product_id)`
    ).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await sql`drop index ${sql.id(name)}`.execute(db);
    await sql`create index ${sql.id(name)} on orders (${sql.join(columns.map((c) => sql.id(c)))})`.execute(
      db,
    );
  }
}
