/**
 * Sales reports (the Sales Management and OTZ Sales screens). A sale is an order in status
 * SHIPPED or COMPLETED whose order date lies in the range; every figure here is whole yen,
 * each row's value rounded up (toward +∞) once, exactly (docs/architecture.md, "Sales").
 *
 * - `GET /sales` → `{ data: SaleRow[], totalCount }` (list query: `salesListSpec`)
 * - `GET /sales/summary` → `{ data: SalesSummary }`
 * - `GET /sales/daily` → `{ data: SalesDay[] }`
 * - `GET /sales/export` → `text/csv` (sales-management.csv), or 404 `listEmpty`
 * - `GET /otz-sales` → `{ data: OtzSaleRow[], totalCount }` (list query: `otzSalesListSpec`)
 * - `GET /otz-sales/summary` → `{ data: SalesSummary }`
 *
 * `from` and `to` (YYYY-MM-DD, inclusive) default to the first and last day of the current
 * month in the business's time zone when left out; `from` after `to` is a 400.
 */
import { z } from 'zod';
import { PLATFORMS } from '../constants';
import { dateSchema, exactIntegerSchema } from './common';
import { orderSchema } from './order';
import { otzOrderSchema } from './otz-order';

/** One sale's figure: below 2^50 in magnitude by the bounds of the inputs (docs/architecture.md, "Input"). */
const yen = z.number().int();
const yenOrNull = yen.nullable();
/** A sum of sales' figures: as large as the range is long, written exactly. */
const yenSum = exactIntegerSchema;

/**
 * One sale's figures in whole yen, each rounded up once. Null where it cannot be known: an
 * INR order without a rate has no yen values but its shipping fee (already yen) and goods
 * cost; a product without a purchase price has no goods cost and no profit.
 */
export const saleYenSchema = z.object({
  /** ceil(jpy(baseOrderPrice − discount)). */
  salesValue: yenOrNull,
  /** ceil(jpy(commission + closingFee)); 0 for OTZ sales (PayPal fees are not recorded). */
  commission: yenOrNull,
  /** The order's share of its shipment's shipping fee (always yen); 0 for OTZ sales. */
  shippingFee: yen,
  /** ceil(jpy(customFee)); 0 for OTZ sales. */
  customFee: yenOrNull,
  /** purchasePrice × orderQuantity (OTZ: over its items; null if any lacks a purchase price). */
  costOfGoods: yenOrNull,
  /**
   * ceil(jpy(baseOrderPrice − discount − commission − closingFee − gst) − shippingFee −
   * jpy(customFee) − costOfGoods), as one exact fraction (OTZ: ceil(jpy(amount) − costOfGoods)).
   */
  profit: yenOrNull,
});
export type SaleYen = z.infer<typeof saleYenSchema>;

/**
 * A row of GET /sales: the order as GET /orders gives it (amounts in its own currency,
 * `exchangeRate` its stored INR→JPY rate or null), plus its product's purchase price (yen per
 * unit, null when unknown), its yen figures, and its profit again at the top level.
 */
export const saleRowSchema = orderSchema.extend({
  purchasePrice: z.number().nullable(),
  profit: yenOrNull,
  yen: saleYenSchema,
});
export type SaleRow = z.infer<typeof saleRowSchema>;

/**
 * A row of GET /otz-sales: the OTZ order as GET /otz-orders gives it, plus the INR→JPY rate in
 * effect on its order date (null for JPY orders or when none is known), its yen figures and
 * its profit.
 */
export const otzSaleRowSchema = otzOrderSchema.extend({
  exchangeRate: z.number().nullable(),
  profit: yenOrNull,
  yen: saleYenSchema,
});
export type OtzSaleRow = z.infer<typeof otzSaleRowSchema>;

/**
 * The cards: sums of the rows' yen figures over the sales in the range that have a yen value,
 * so a spreadsheet of those rows adds up to them exactly. Sales without one (INR orders with no
 * rate) are left out of every card, so all of them describe the same sales; `withoutYenValue`
 * says how many. totalCostOfGoods and profit sum the sales where they are known;
 * `withoutPurchasePrice` counts the sales whose profit is unknown for lack of a purchase price.
 */
export const salesSummarySchema = z.object({
  noOfOrders: z.number().int().nonnegative(),
  salesValue: yenSum,
  /** Commission + closing fee of AMAZONJP and AMAZONIND sales (0 for OTZ sales). */
  amazonCommission: yenSum,
  shippingFee: yenSum,
  customFee: yenSum,
  totalCostOfGoods: yenSum,
  profit: yenSum,
  withoutYenValue: z.number().int().nonnegative(),
  withoutPurchasePrice: z.number().int().nonnegative(),
  /** The range the figures cover (the defaults filled in). */
  from: dateSchema,
  to: dateSchema,
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;

/** One day of the sales chart (days without sales are left out). */
export const salesDaySchema = z.object({
  date: dateSchema,
  noOfOrders: z.number().int().nonnegative(),
  salesValue: yenSum,
  profit: yenSum,
});
export type SalesDay = z.infer<typeof salesDaySchema>;

/** The query of GET /sales/summary, /sales/daily and /sales/export. */
export const salesRangeQuerySchema = z.object({
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  platformCode: z.enum(PLATFORMS).optional(),
});
export type SalesRangeQuery = z.input<typeof salesRangeQuerySchema>;

/** The query of GET /otz-sales/summary. */
export const otzSalesRangeQuerySchema = salesRangeQuerySchema.omit({ platformCode: true });

/**
 * The columns of GET /sales/export, in order, with their header labels. Amounts are in the
 * order's own currency as major-unit decimals (1234.50 rupees, 1200 yen); the shipping fee
 * in yen.
 */
export const SALES_EXPORT_COLUMNS = [
  'Date',
  'Order ID',
  'SKU Code',
  'ASIN',
  'JAN Code',
  'Order Quantity',
  'Platform Code',
  'Base Price',
  'Commission',
  'Shipping Fee',
  'Tax',
  'Handling Fee',
  'Discount',
] as const;

export const SALES_EXPORT_FILE_NAME = 'sales-management.csv';
