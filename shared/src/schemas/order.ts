import { z } from 'zod';
import {
  CURRENCIES,
  MAX_AMOUNT,
  ORDER_STATUSES,
  PLATFORMS,
  type Currency,
  type Platform,
} from '../constants';
import { parseMoney } from '../domain/money';
import {
  MAX_PACKING_ENTRIES,
  MAX_SHORT_PICK_REASON,
  PACKING_REFUSALS,
  type PackingRecord,
} from '../domain/packing';
import { MESSAGES, formatMessage } from '../messages';
import {
  dateSchema,
  idSchema,
  moneySchema,
  quantitySchema,
  textSchema,
  timestamps,
  timestampSchema,
} from './common';
import { productSchema } from './product';

/**
 * An amount of an order line, read before its currency is known: {@link amountsInCurrency}
 * holds it to the currency (its decimals and bound) with that currency's own message; an edit,
 * which has no currency beside it, is held to the stored order's by the server.
 */
const lineAmount = z.number({ error: MESSAGES.enterNumber });

/**
 * Adds an issue at `path` unless `amount` is an amount of `currency` (whole yen for JPY) of at
 * most `max` major units, with the currency's own message ('Must be at most 20000000.00').
 */
export function checkAmountIn(
  ctx: z.RefinementCtx,
  path: (string | number)[],
  amount: number,
  currency: Currency,
  max: number,
): void {
  const parsed = parseMoney(amount, currency, { max });
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', path, message: formatMessage(parsed.error.code, parsed.error.params) });
  }
}

/** Refines an object with a `currency`: each of `fields` present is held to it and MAX_AMOUNT. */
export const amountsInCurrency =
  <K extends string>(fields: readonly K[]) =>
  (value: { currency: Currency } & Partial<Record<K, number>>, ctx: z.RefinementCtx) => {
    for (const field of fields) {
      const amount = value[field];
      if (amount !== undefined)
        checkAmountIn(ctx, [field], amount, value.currency, MAX_AMOUNT[value.currency]);
    }
  };

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
/** The parts of a customer, in the order the screens show them. */
export const CUSTOMER_FIELDS = customerSchema.keyof().options;

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
  /** 0 only on an imported Amazon item cancelled before it was first imported (CANCELLED). */
  orderQuantity: z.number().int().nonnegative(),
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
  /** Advance orders: when the goods are expected; null for other orders. */
  deliveryDate: dateSchema.nullable(),
  shipmentStatus: z.enum(ORDER_STATUSES),
  shipmentId: z.string().nullable(),
  /**
   * Whether the order holds the stock it took on acceptance: what cancelling it gives back.
   * Orders seeded as history (the demo data) hold none whatever their status.
   */
  stockTaken: z.boolean(),
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
    baseOrderPrice: lineAmount,
    discount: lineAmount,
    currency: z.enum(CURRENCIES),
    orderId: textSchema({ error: MESSAGES.orderIdRequired }).trim().min(1, MESSAGES.orderIdRequired).max(100),
    orderQuantity: quantitySchema,
    shipmentStatus: z.literal('RECEIVED').default('RECEIVED'),
    orderDate: dateSchema,
  })
  .superRefine(amountsInCurrency(['baseOrderPrice', 'discount']));
export type OrderEntryLine = z.input<typeof orderEntryLineSchema>;

/** A customer as integrations send it: every part optional, stored as given (trimmed). */
const customerPart = textSchema().trim().max(500).default('');
export const customerInputSchema = z.object({
  name: customerPart,
  email: customerPart,
  phone: customerPart,
  address: customerPart,
  city: customerPart,
  state: customerPart,
  country: customerPart,
  postcode: customerPart,
});
export type CustomerInput = z.input<typeof customerInputSchema>;

/**
 * The fees an integration may send with a line, and an admin may edit later. An edit has no
 * currency beside it: the server holds it to the stored order's.
 */
const orderFeeFields = {
  commission: lineAmount.optional(),
  closingFee: lineAmount.optional(),
  gst: lineAmount.optional(),
  handlingFee: lineAmount.optional(),
  /** Yen, whatever the order's currency. */
  shippingFee: moneySchema('JPY').optional(),
  expectedShippingDate: dateSchema.nullable().optional(),
  customer: customerInputSchema.nullable().optional(),
};

/**
 * POST /orders: one order line (Order Entry sends the product as its whole record, integrations
 * its id). `baseOrderPrice` is the line total in `currency`, which must be the platform's.
 * AWAITING makes an advance order (with its `deliveryDate`). The order date, when left out,
 * is today in the business's time zone.
 */
const orderLineFields = z.object({
  product: z
    .union([idSchema, z.object({ _id: idSchema }).passthrough()], { error: MESSAGES.productsRequired })
    .transform((p) => (typeof p === 'string' ? p : p._id)),
  platformCode: z.enum(PLATFORMS, { error: MESSAGES.platformRequired }),
  orderId: textSchema({ error: MESSAGES.orderIdRequired }).trim().min(1, MESSAGES.orderIdRequired).max(100),
  orderDate: dateSchema.optional(),
  orderQuantity: quantitySchema,
  currency: z.enum(CURRENCIES),
  baseOrderPrice: lineAmount,
  discount: lineAmount.default(0),
  shipmentStatus: z.enum(['RECEIVED', 'AWAITING']).default('RECEIVED'),
  deliveryDate: dateSchema.nullable().optional(),
  isBookedAdvance: z.boolean().default(false),
  ...orderFeeFields,
});

const lineInCurrency = amountsInCurrency([
  'baseOrderPrice',
  'discount',
  'commission',
  'closingFee',
  'gst',
  'handlingFee',
]);

export const orderLineInputSchema = orderLineFields.superRefine(lineInCurrency);
export type OrderLine = z.output<typeof orderLineInputSchema>;

export const orderLinesSchema = z.array(orderLineInputSchema).min(1, MESSAGES.productsRequired).max(500);

/**
 * POST /orders takes one line or an array of lines, created all or none. Chosen by the body's
 * shape, so a refused line reports its own fields (a plain union would answer "invalid value").
 */
export const orderCreateSchema = z
  .unknown()
  .transform((input, ctx): OrderLine | OrderLine[] => {
    const result = Array.isArray(input)
      ? orderLinesSchema.safeParse(input)
      : orderLineInputSchema.safeParse(input);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue });
    return z.NEVER;
  })
  .describe('One order line (see orderLineInputSchema), or an array of 1 to 500 lines.');

/**
 * PUT /orders/{id}: a status change through the transition table, or edits of the editable
 * fields (or both, in one transaction). Any other field is refused.
 */
export const orderUpdateSchema = z
  .strictObject({
    shipmentStatus: z.enum(ORDER_STATUSES).optional(),
    discount: lineAmount.optional(),
    ...orderFeeFields,
  })
  .refine((body) => Object.keys(body).length > 0, { message: MESSAGES.nothingToUpdate });
export type OrderUpdate = z.input<typeof orderUpdateSchema>;

const tooManyPackingEntries = formatMessage('packingTooManyEntries', { max: MAX_PACKING_ENTRIES });

/**
 * What the packing station saw while it packed an order: each JAN counted (one scan, or a
 * quantity typed for a line) and each scan it refused. Kept in the order's history.
 */
export const packingRecordSchema = z.strictObject({
  scanned: z
    .array(
      z.strictObject({
        janCode: textSchema().trim().min(1).max(64),
        at: timestampSchema,
        /** Units counted at once on the quantity field; absent for one scan. */
        quantity: quantitySchema.optional(),
      }),
    )
    .max(MAX_PACKING_ENTRIES, tooManyPackingEntries),
  refused: z
    .array(
      z.strictObject({
        /** What was scanned: a JAN, or another order's id. */
        janCode: textSchema().trim().max(100),
        reason: z.enum(PACKING_REFUSALS),
        at: timestampSchema,
      }),
    )
    .max(MAX_PACKING_ENTRIES, tooManyPackingEntries),
}) satisfies z.ZodType<PackingRecord>;

/**
 * PUT /orders/status: several orders to one status, all or none. With `packing` (the packing
 * station's record), the change is ACCEPTED → PACKED of every row of one order, whose record
 * must count exactly its quantities; order creators may make that change, and only that one.
 */
export const orderBulkStatusSchema = z
  .strictObject({
    ids: z.array(idSchema).max(1000),
    shipmentStatus: z.enum(ORDER_STATUSES),
    packing: packingRecordSchema.optional(),
  })
  .refine((body) => body.packing === undefined || body.shipmentStatus === 'PACKED', {
    message: MESSAGES.packingOnlyToPacked,
    path: ['packing'],
  });

/** POST /orders/{id}/short-pick: why the order cannot be packed complete. */
export const shortPickSchema = z.strictObject({
  reason: textSchema({ error: MESSAGES.shortPickReasonRequired })
    .trim()
    .min(1, MESSAGES.shortPickReasonRequired)
    .max(MAX_SHORT_PICK_REASON),
});
export type ShortPick = z.infer<typeof shortPickSchema>;

/**
 * What the status tabs count (GET /orders/total): every filter of the order list but the
 * status (an order date range, sent as start_date and end_date), and its search text.
 */
export interface TabCountsFilters {
  from?: string;
  to?: string;
  platformCode?: Platform;
  shipmentId?: string;
  product?: string;
  searchStr?: string;
}

/** GET /orders/total: order counts for the status tabs. */
export const orderTotalsSchema = z.object({
  totalCount: z.number().int().nonnegative(),
  byStatus: z.record(z.enum(ORDER_STATUSES), z.number().int().nonnegative()),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

/**
 * Advance (booked) order: an order taken before the goods are in stock. It is an order row
 * (status AWAITING, then BOOKED, then RECEIVED when released) with a delivery date; `_id` is
 * the order's id and `order` the whole order.
 */
export const advanceOrderSchema = z.object({
  _id: idSchema,
  orderId: z.string(),
  deliveryDate: dateSchema.nullable(),
  status: z.enum(ORDER_STATUSES),
  order: orderSchema,
  ...timestamps,
});
export type AdvanceOrder = z.infer<typeof advanceOrderSchema>;

/** POST /advance-orders: an order line with its delivery date, created AWAITING. */
export const advanceOrderInputSchema = orderLineFields
  .omit({ shipmentStatus: true, deliveryDate: true, isBookedAdvance: true })
  .extend({ deliveryDate: dateSchema })
  .superRefine(lineInCurrency);
export type AdvanceOrderInput = z.input<typeof advanceOrderInputSchema>;

/** PUT /advance-orders/{id}: book or cancel an AWAITING one, or release a BOOKED one. */
export const advanceOrderUpdateSchema = z.strictObject({
  status: z.enum(['BOOKED', 'CANCELLED', 'RECEIVED']),
});

// OTZ orders are in otz-order.ts; new-order notification items in notifications/.
