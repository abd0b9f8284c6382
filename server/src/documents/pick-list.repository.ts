/**
 * The order lines a pick list is made of: each order row with the product fields a picker
 * reads (name, SKU, JAN, shelf).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

function pickLinesQuery(db: Kysely<Database>) {
  return db
    .selectFrom('orders')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .select([
      'orders.id',
      'orders.order_id',
      'orders.shipment_status',
      'orders.order_quantity',
      'orders.product_id',
      'products.name',
      'products.name_ja',
      'products.sku_code',
      'products.jan_code',
      'products.shelf_number',
    ]);
}

export type PickLineRow = Awaited<ReturnType<ReturnType<typeof pickLinesQuery>['execute']>>[number];

/** The rows of the given ids, whatever their status (the service says which may be picked). */
export function pickLinesByIds(db: Kysely<Database>, ids: readonly string[]): Promise<PickLineRow[]> {
  // `in ()` is an error on PostgreSQL.
  if (ids.length === 0) return Promise.resolve([]);
  return pickLinesQuery(db).where('orders.id', 'in', ids).execute();
}

/** The accepted queue, oldest first, at most `limit` rows (on ix_orders__status_date). */
export function acceptedPickLines(db: Kysely<Database>, limit: number): Promise<PickLineRow[]> {
  return pickLinesQuery(db)
    .where('orders.shipment_status', '=', 'ACCEPTED')
    .orderBy('orders.order_date')
    .orderBy('orders.id')
    .limit(limit)
    .execute();
}
