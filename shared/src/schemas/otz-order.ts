/**
 * OTZ orders: orders of the seller's own storefront, paid through PayPal and pushed here by the
 * storefront (POST /otz-orders). One order holds one or more product lines; its status follows
 * the orders' transition table, and accepting it takes its lines' stock.
 */
import { z } from 'zod';
import { CURRENCIES, ORDER_STATUSES } from '../constants';
import { formatMessage, MESSAGES } from '../messages';
import { dateSchema, idSchema, intSchema, moneySchema, textSchema, timestamps } from './common';
import { customerInputSchema, customerSchema } from './order';

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
  customer: customerSchema.nullable(),
  items: z.array(otzOrderItemSchema),
  currency: z.enum(CURRENCIES),
  /** What the customer paid through PayPal, in `currency`. */
  amount: z.number(),
  ...timestamps,
});
export type OtzOrder = z.infer<typeof otzOrderSchema>;

/** Read as rupees (up to 2 decimals); a JPY order is held to whole yen below. */
const otzMoney = moneySchema('INR');

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
          orderQuantity: intSchema({ min: 1, message: MESSAGES.invalidQuantity }),
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
    if (order.currency !== 'JPY') return;
    const whole = (value: number, path: (string | number)[]) => {
      if (!Number.isInteger(value))
        ctx.addIssue({ code: 'custom', path, message: formatMessage('tooManyDecimals', { max: 0 }) });
    };
    whole(order.amount, ['amount']);
    order.items.forEach((item, i) => whole(item.price, ['items', i, 'price']));
  });
export type OtzOrderInput = z.input<typeof otzOrderInputSchema>;

/** PUT /otz-orders/{id}: a status change, through the orders' transition table. */
export const otzOrderUpdateSchema = z.strictObject({ shipmentStatus: z.enum(ORDER_STATUSES) });
