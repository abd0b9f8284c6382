/** The product fields a label prints. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

export function labelProductsByIds(db: Kysely<Database>, ids: readonly string[]) {
  // `in ()` is an error on PostgreSQL.
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('products')
    .select(['id', 'name', 'sku_code', 'jan_code'])
    .where('id', 'in', ids)
    .execute();
}

export type LabelProductRow = Awaited<ReturnType<typeof labelProductsByIds>>[number];
