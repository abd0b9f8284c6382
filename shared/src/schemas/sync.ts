import { z } from 'zod';
import { idSchema } from './common';
import { orderSchema, type Order } from './order';
import { productSchema } from './product';
import { shipmentSchema, type Shipment } from './shipment';

/** Records a sync page holds by default, and at most (`limit`). */
export const SYNC_PAGE = { default: 500, max: 2000 } as const;

/**
 * The sync set's ages, in days before today in the business's time zone: shipments by shipping
 * date, orders by order date (orders of a shipment in the set are in it whatever their date).
 */
export const SYNC_WINDOW_DAYS = { shipments: 365, orders: 90 } as const;

export const syncChangesQuerySchema = z.object({
  cursor: z.string().optional().describe('The cursor of the last answer; none starts a full sync.'),
  limit: z
    .string()
    .optional()
    .describe(
      `Records (or, with a change cursor, change notes) per page: 1–${SYNC_PAGE.max}, default ${SYNC_PAGE.default}.`,
    ),
  orderProduct: z
    .enum(['record', 'id'])
    .optional()
    .describe(
      "How an order names its product: `record` (the default) as the orders API does, `id` as `productId` alone (the product's record is in the set too).",
    ),
});

const removedIds = z.array(z.string());

/**
 * A shipment as a sync page gives it: its orders named by id, in the order they were added
 * (`shippedOrders` on the API), since their records are in the set too — sent once, not again
 * inside each shipment (a quarter of a first full sync's bytes). The cache builds `shippedOrders`
 * from its orders when it answers.
 */
export const syncShipmentSchema = shipmentSchema
  .omit({ shippedOrders: true })
  .extend({ orderIds: z.array(z.string()) });
export type SyncShipment = z.infer<typeof syncShipmentSchema>;

export const toSyncShipment = ({ shippedOrders, ...shipment }: Shipment): SyncShipment => ({
  ...shipment,
  orderIds: shippedOrders.map((o) => o._id),
});

/**
 * An order as a sync page gives it when asked with `orderProduct=id`: its product named by id,
 * since the product's record is in the set too — a sixth of a first full sync's bytes, and the
 * orders naming a product need not come again when it changes. The cache builds `product` from
 * its products when it answers. (`record`, the default, keeps earlier versions of the app working.)
 */
export const syncOrderSchema = orderSchema.omit({ product: true }).extend({ productId: idSchema.nullable() });
export type SyncOrder = z.infer<typeof syncOrderSchema>;

export const toSyncOrder = ({ product, ...order }: Order): SyncOrder => ({
  ...order,
  productId: product?._id ?? null,
});

/** GET /sync/changes: a page of the offline cache's records, and where to go on from. */
export const syncChangesSchema = z.object({
  data: z.object({
    shipments: z.array(syncShipmentSchema),
    orders: z.array(z.union([orderSchema, syncOrderSchema])),
    products: z.array(productSchema),
    removed: z.object({ shipments: removedIds, orders: removedIds, products: removedIds }),
  }),
  cursor: z.string(),
  more: z.boolean(),
  total: z.number().int().nonnegative(),
});
export type SyncChanges = z.infer<typeof syncChangesSchema>;
