/**
 * OTZ orders: orders of the seller's own storefront, paid through PayPal and pushed here by the
 * storefront (POST /otz-orders). One order holds one or more product lines; its status follows
 * the orders' transition table, and accepting it takes its lines' stock.
 */
import { z } from 'zod';
import { CURRENCIES, MAX_AMOUNT, MAX_UNIT_PRICE, ORDER_STATUSES } from '../constants';
import { MESSAGES } from '../messages';
import { dateSchema, idSchema, quantitySchema, textSchema, timestamps } from './common';
import { checkAmountIn, customerInputSchema, customerSchema } from './order';

export const otzOrderItemSchema = z.object({
  product: z.object({ _id: idSchema, name: z.string(), skuCode: z.string() }).nullable(),
  orderQuantity: z.number().int().positive(),
  /** Unit price in the order's currency. */
  price: z.number(),
});

export const otzOrderSchema = z.object({
  _id: idSchema,
  paypalTransactionId: z.string(),
  orderDate: dateSchema,
  shipmentStatus: z.enum(ORDER_STATUSES),
  /** Whether the order holds its lines' stock (taken on acceptance): what cancelling gives back. */
  stockTaken: z.boolean(),
  customer: customerSchema.nullable(),
  items: z.array(otzOrderItemSchema),
  currency: z.enum(CURRENCIES),
  /** What the customer paid through PayPal, in `currency`. */
  amount: z.number(),
  ...timestamps,
});
export type OtzOrder = z.infer<typeof otzOrderSchema>;

/** Held to the order's currency (its decimals and bounds) below. */
const otzMoney = z.number({ error: MESSAGES.enterNumber });

export const otzOrderInputSchema = z
  .object({
    paypalTransactionId: textSchema().trim().min(1).max(100),
    orderDate: dateSchema,
    customer: customerInputSchema.nullable().optional(),
    items: z
      .array(
        z.object({
          product: z
            .union([idSchema, z.object({ _id: idSchema }).passthrough()], {
              error: MESSAGES.productsRequired,
            })
            .transform((p) => (typeof p === 'string' ? p : p._id)),
          orderQuantity: quantitySchema,
          price: otzMoney,
        }),
        { error: MESSAGES.productsRequired },
      )
      .min(1, MESSAGES.productsRequired)
      .max(100),
    currency: z.enum(CURRENCIES),
    amount: otzMoney,
  })
  .superRefine((order, ctx) => {
    checkAmountIn(ctx, ['amount'], order.amount, order.currency, MAX_AMOUNT[order.currency]);
    order.items.forEach((item, i) =>
      checkAmountIn(ctx, ['items', i, 'price'], item.price, order.currency, MAX_UNIT_PRICE[order.currency]),
    );
  });

/** PUT /otz-orders/{id}: a status change, through the orders' transition table. */
export const otzOrderUpdateSchema = z.strictObject({ shipmentStatus: z.enum(ORDER_STATUSES) });
