import { z } from 'zod';
import {
  CURRENCIES,
  NOTIFICATION_PLATFORMS,
  ORDER_STATUSES,
  PLATFORMS,
  SHIPMENT_STATUSES,
} from '../constants';
import { MESSAGES, formatMessage } from '../messages';
import {
  dateSchema,
  idSchema,
  intSchema,
  moneySchema,
  textSchema,
  timestamps,
  timestampSchema,
} from './common';
import { productSchema } from './product';

/** Customer, as shipping labels show it. */
export const customerSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postcode: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/**
 * An order is one product line. Amounts are line totals in `currency`
 * (JPY for AMAZONJP, INR otherwise) except shippingFee (yen) and customFee (rupees).
 */
export const orderSchema = z.object({
  _id: idSchema,
  orderId: z.string(),
  orderDate: dateSchema,
  platformCode: z.enum(PLATFORMS),
  product: productSchema
    .pick({
      _id: true,
      name: true,
      skuCode: true,
      janCode: true,
      purchasePrice: true,
      availablePlatforms: true,
    })
    .nullable(),
  orderQuantity: z.number().int().positive(),
  currency: z.enum(CURRENCIES),
  baseOrderPrice: z.number(),
  discount: z.number(),
  commission: z.number(),
  closingFee: z.number(),
  gst: z.number(),
  shippingFee: z.number(),
  customFee: z.number(),
  handlingFee: z.number(),
  /** INR→JPY rate of the order date; null until known. */
  exchangeRate: z.number().nullable(),
  expectedShippingDate: dateSchema.nullable(),
  isBookedAdvance: z.boolean(),
  shipmentStatus: z.enum(ORDER_STATUSES),
  shipmentId: z.string().nullable(),
  customer: customerSchema.nullable(),
  ...timestamps,
});
export type Order = z.infer<typeof orderSchema>;

/** The line Order Entry posts, one request per product line. */
export const orderEntryLineSchema = z
  .object({
    product: z.union([idSchema, z.object({ _id: idSchema }).passthrough()], {
      error: MESSAGES.productsRequired,
    }),
    platformCode: z.enum(PLATFORMS, { error: MESSAGES.platformRequired }),
    /** In `currency`: rupees may have paise; yen are held to whole yen below. */
    baseOrderPrice: moneySchema('INR'),
    discount: moneySchema('INR'),
    currency: z.enum(CURRENCIES),
    orderId: textSchema({ error: MESSAGES.orderIdRequired }).trim().min(1, MESSAGES.orderIdRequired).max(100),
    orderQuantity: intSchema({ min: 1, message: MESSAGES.invalidQuantity }),
    shipmentStatus: z.literal('RECEIVED').default('RECEIVED'),
    orderDate: dateSchema,
  })
  .superRefine((line, ctx) => {
    if (line.currency !== 'JPY') return;
    for (const field of ['baseOrderPrice', 'discount'] as const) {
      if (!Number.isInteger(line[field])) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: formatMessage('tooManyDecimals', { max: 0 }),
        });
      }
    }
  });
export type OrderEntryLine = z.input<typeof orderEntryLineSchema>;

/** Shipment popup row. */
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
  })
  .extend({ product: z.object({ _id: idSchema, name: z.string() }).nullable() });

export const shipmentSchema = z.object({
  _id: idSchema,
  shipmentId: z.string(),
  shippingDate: dateSchema,
  shipmentTrackingLink: z.string(),
  /** Yen. */
  totalShippingFee: z.number(),
  customId: z.string().nullable(),
  /** Rupees. */
  totalCustomFee: z.number().nullable(),
  receivedDate: dateSchema.nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  shippedOrders: z.array(shippedOrderSchema),
  ...timestamps,
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const shipmentCreateSchema = z.object({
  shipmentId: textSchema({ error: MESSAGES.shipmentRequired })
    .trim()
    .min(1, MESSAGES.shipmentRequired)
    .max(100),
  shippingDate: dateSchema,
  shipmentTrackingLink: z.url({ protocol: /^https?$/, error: MESSAGES.shipmentRequired }).max(2000),
  /** Yen. */
  totalShippingFee: moneySchema('JPY'),
  orderIds: z.array(idSchema).min(1, MESSAGES.selectOrdersToClub).max(1000),
});
export const customsInputSchema = z.object({
  customId: textSchema({ error: MESSAGES.customsRequired }).trim().min(1, MESSAGES.customsRequired).max(100),
  /** Rupees. */
  totalCustomFee: moneySchema('INR'),
  receivedDate: dateSchema,
});
export type CustomsInput = z.infer<typeof customsInputSchema>;

/** Advance (booked) order. */
export const advanceOrderSchema = z.object({
  _id: idSchema,
  orderId: z.string(),
  deliveryDate: dateSchema.nullable(),
  status: z.enum(ORDER_STATUSES),
  order: orderSchema.nullable(),
  ...timestamps,
});
export type AdvanceOrder = z.infer<typeof advanceOrderSchema>;

/** OTZ orders: paid through PayPal on the OTZ storefront. */
export const otzOrderSchema = z.object({
  _id: idSchema,
  paypalTransactionId: z.string(),
  orderDate: dateSchema,
  status: z.enum(ORDER_STATUSES),
  customer: customerSchema.nullable(),
  product: productSchema.pick({ _id: true, name: true, skuCode: true }).nullable(),
  orderQuantity: z.number().int().positive(),
  currency: z.enum(CURRENCIES),
  amount: z.number(),
  shippingFee: z.number(),
  ...timestamps,
});
export type OtzOrder = z.infer<typeof otzOrderSchema>;

/** Notification items. */
export const orderNotificationSchema = z.object({
  _id: idSchema,
  orderId: z.string(),
  platformCode: z.enum(NOTIFICATION_PLATFORMS),
  createdAt: timestampSchema,
});
export const otzNotificationSchema = z.object({
  _id: idSchema,
  paypalTransactionId: z.string(),
  createdAt: timestampSchema,
});
export type OrderNotification = z.infer<typeof orderNotificationSchema>;
export type OtzNotification = z.infer<typeof otzNotificationSchema>;
