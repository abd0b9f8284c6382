/**
 * What a shipment's papers are made of, in two reads: the shipment with its shipping method's
 * name, and its orders (in the shipment's order) with their products' customs fields.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { shipmentRowsQuery } from '../shipments/shipments.repository';

export function shipmentRow(db: Kysely<Database>, id: string) {
  return shipmentRowsQuery(db).where('shipments.id', '=', id).executeTakeFirst();
}

export function shipmentPaperOrders(db: Kysely<Database>, shipmentId: string) {
  return (
    db
      .selectFrom('orders')
      .leftJoin('products', 'products.id', 'orders.product_id')
      .select([
        'orders.id',
        'orders.order_quantity',
        'orders.currency',
        'orders.base_order_price',
        'orders.discount',
        'orders.customer',
        'orders.product_id',
        'products.name as product_name',
        'products.sku_code',
        'products.description_en',
        'products.hs_code',
        'products.country_of_origin',
        'products.net_weight_grams',
      ])
      .where('orders.shipment_id', '=', shipmentId)
      // Orders seeded without a place come after the combined ones, as the shipment lists them.
      .orderBy((eb) => eb.fn.coalesce('orders.shipment_position', eb.val(2_147_483_647)))
      .orderBy('orders.id')
      .execute()
  );
}

export type PaperOrderRow = Awaited<ReturnType<typeof shipmentPaperOrders>>[number];
