/**
 * Shipments: packed India orders (AMAZONIND, SHOPIFY) combined under one shipment id, shipped
 * together, then cleared through customs. The shipment's yen shipping fee is shared over its
 * orders by quantity and its rupee custom fee by declared value (baseOrderPrice − discount),
 * whole units by largest remainder, so the shares add up exactly (domain/allocate.ts).
 */
import { z } from 'zod';
import { SHIPMENT_STATUSES } from '../constants';
import { MESSAGES } from '../messages';
import { dateSchema, idSchema, moneySchema, textSchema, timestamps } from './common';
import { orderSchema } from './order';

/** An order as the shipment's orders popup shows it; `shippingFee` and `customFee` are its shares. */
export const shippedOrderSchema = orderSchema
  .pick({
    _id: true,
    orderId: true,
    orderDate: true,
    platformCode: true,
    orderQuantity: true,
    baseOrderPrice: true,
    gst: true,
    commission: true,
    closingFee: true,
    shippingFee: true,
    customFee: true,
    discount: true,
    currency: true,
    shipmentStatus: true,
    customer: true,
  })
  .extend({ product: z.object({ _id: idSchema, name: z.string() }).nullable() });
export type ShippedOrder = z.infer<typeof shippedOrderSchema>;

export const shipmentSchema = z.object({
  _id: idSchema,
  shipmentId: z.string(),
  shippingDate: dateSchema,
  shipmentTrackingLink: z.string(),
  shippingMethod: z.object({ _id: idSchema, name: z.string() }).nullable(),
  /** Yen. */
  totalShippingFee: z.number(),
  customId: z.string().nullable(),
  /** Rupees; null until customs are saved. */
  totalCustomFee: z.number().nullable(),
  receivedDate: dateSchema.nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  /** 1 when created, one more with every change of the shipment or of its orders' membership and shares. */
  version: z.number().int().positive(),
  /** The orders in the shipment, in the order they were added. */
  shippedOrders: z.array(shippedOrderSchema),
  ...timestamps,
});
export type Shipment = z.infer<typeof shipmentSchema>;

const shipmentRequired = { error: MESSAGES.shipmentRequired };

/** POST /shipments (admin, from Combine Orders). */
export const shipmentCreateSchema = z.strictObject({
  shipmentId: textSchema(shipmentRequired).trim().min(1, MESSAGES.shipmentRequired).max(100),
  shippingDate: dateSchema,
  /** A shipping method's _id (settings); optional. */
  shippingMethod: idSchema.nullable().optional(),
  /** Yen, whole. */
  totalShippingFee: z.number(shipmentRequired).pipe(moneySchema('JPY')),
  shipmentTrackingLink: textSchema(shipmentRequired)
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/, ...shipmentRequired })),
  orderIds: z
    .array(idSchema, { error: MESSAGES.selectOrdersToClub })
    .min(1, MESSAGES.selectOrdersToClub)
    .max(1000),
});
export type ShipmentCreate = z.input<typeof shipmentCreateSchema>;

const customsRequired = { error: MESSAGES.customsRequired };

/**
 * PUT /shipments/{id}: customs saved once (custom id, total custom fee in rupees, received
 * date); the shipment becomes RECEIVED and its orders COMPLETED. PUT /shipments/{id}/customs
 * takes the same body to correct saved customs (admin).
 */
export const customsInputSchema = z.strictObject({
  customId: textSchema(customsRequired).trim().min(1, MESSAGES.customsRequired).max(100),
  /** Rupees, up to 2 decimals. */
  totalCustomFee: z.number(customsRequired).pipe(moneySchema('INR')),
  receivedDate: z.iso.date(customsRequired),
  /** The version the client saw: when given and not the current one, 409 shipmentChanged. */
  version: z.number().int().positive().max(2_147_483_647).optional(),
});
export type CustomsInput = z.input<typeof customsInputSchema>;

/** POST /shipments/{id}/orders: PACKED India orders added before customs. */
export const shipmentAddOrdersSchema = z.strictObject({
  orderIds: z
    .array(idSchema, { error: MESSAGES.selectOrdersToClub })
    .min(1, MESSAGES.selectOrdersToClub)
    .max(1000),
});
