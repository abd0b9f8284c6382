/**
 * Orders API answers (getOrders, getOrderItems) as the import's order lines. A line is exactly
 * what the All Orders report reader (order-import/amazon-report.ts) makes of the same order's
 * report row, through the same cell readers: `ItemPrice` is already the line total (price ×
 * quantity), `ItemTax` is the gst, `PromotionDiscount` the discount (kept as a positive amount,
 * whatever its sign), and `ShippingPrice` is what the buyer paid for delivery, not the seller's
 * shipping cost, so it is not taken. A cancelled order's lines carry quantity 0 and no amounts,
 * as Amazon writes them in the report.
 */
import { z } from 'zod';
import {
  RowProblem,
  amountCell,
  checkText,
  customerOf,
  dateCell,
  quantityCell,
  type ImportLine,
} from '../../order-import/import-line';
import type { AmazonMarketplace } from './marketplaces';

/** Amounts are decimal text (`"1299.50"`), read exactly: never through a float. */
const money = z.object({ CurrencyCode: z.string(), Amount: z.string() });
export type Money = z.infer<typeof money>;

const instant = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'not a date');

/**
 * The fields of an order the lines need. Buyer details and the address's name and street are
 * restricted data (a Restricted Data Token and roles Kura does not ask for): nothing here
 * requires them, and the address's city, region, postcode and country come without.
 */
export const orderSchema = z.object({
  AmazonOrderId: z.string(),
  PurchaseDate: z.string(),
  LastUpdateDate: instant,
  OrderStatus: z.string(),
  MarketplaceId: z.string().optional(),
  SalesChannel: z.string().optional(),
  OrderTotal: money.optional(),
  ShippingAddress: z
    .object({
      City: z.string().optional(),
      StateOrRegion: z.string().optional(),
      PostalCode: z.string().optional(),
      CountryCode: z.string().optional(),
    })
    .optional(),
});
export type AmazonOrder = z.infer<typeof orderSchema>;

export const ordersAnswer = z.object({
  payload: z.object({
    Orders: z.array(orderSchema),
    NextToken: z.string().optional(),
    LastUpdatedBefore: z.string().optional(),
  }),
});

export const orderItemSchema = z.object({
  ASIN: z.string(),
  SellerSKU: z.string().optional(),
  OrderItemId: z.string(),
  Title: z.string().optional(),
  QuantityOrdered: z.number().int(),
  ItemPrice: money.optional(),
  ItemTax: money.optional(),
  PromotionDiscount: money.optional(),
});
export type AmazonOrderItem = z.infer<typeof orderItemSchema>;

export const orderItemsAnswer = z.object({
  payload: z.object({
    AmazonOrderId: z.string(),
    OrderItems: z.array(orderItemSchema),
    NextToken: z.string().optional(),
  }),
});

/**
 * `Pending` (payment not authorized) and `PendingAvailability` (a pre-order) orders carry no
 * prices yet, and Amazon advises not to act on them: they are skipped, and come back when they
 * turn `Unshipped` (or `Canceled`), which is an update of the order.
 */
export const isPending = (order: AmazonOrder) => /^pending/i.test(order.OrderStatus);

export const isCancelled = (order: AmazonOrder) => /^cancel/i.test(order.OrderStatus);

/**
 * The order's lines, `row` numbered from `firstRow`. Throws a {@link RowProblem} for an order
 * that cannot be imported whole (another channel, another currency, a bad amount or date, a
 * control character): none of its lines is taken.
 */
export function orderLines(
  order: AmazonOrder,
  items: readonly AmazonOrderItem[],
  marketplace: AmazonMarketplace,
  timeZone: string,
  firstRow: number,
): ImportLine[] {
  const orderId = order.AmazonOrderId;
  if (!orderId) throw new RowProblem('importEmptyValue', { column: 'AmazonOrderId' });
  // A Multi-Channel Fulfillment order ("Non-Amazon") is no sale on the marketplace: the report
  // reader refuses its channel too.
  const channel = order.SalesChannel;
  if (channel !== undefined && channel.toLowerCase() !== marketplace.channel.toLowerCase()) {
    throw new RowProblem('importUnknownChannel', { channel: channel || '—' });
  }
  const { currency, platform: platformCode } = marketplace;
  const amounts = [order.OrderTotal, ...items.flatMap((i) => [i.ItemPrice, i.ItemTax, i.PromotionDiscount])];
  for (const amount of amounts) {
    if (amount && amount.CurrencyCode.toUpperCase() !== currency) {
      throw new RowProblem('importWrongCurrency', { currency: amount.CurrencyCode, platform: platformCode });
    }
  }
  const cancelled = isCancelled(order);
  const orderDate = dateCell(order.PurchaseDate, 'PurchaseDate', timeZone, 'utc');
  const address = order.ShippingAddress;
  const customer = customerOf({
    city: address?.City ?? '',
    state: address?.StateOrRegion ?? '',
    postcode: address?.PostalCode ?? '',
    country: address?.CountryCode ?? '',
  });
  return items.map((item, i) => {
    const sku = item.SellerSKU ?? '';
    const asin = item.ASIN;
    if (!sku && !asin) throw new RowProblem('importEmptyValue', { column: 'SellerSKU' });
    const amount = (value: Money | undefined, column: string, fallback?: number) =>
      cancelled ? 0 : amountCell(value?.Amount ?? '', column, currency, fallback);
    const line: ImportLine = {
      row: firstRow + i,
      platformCode,
      orderId,
      orderDate,
      sku,
      asin,
      name: item.Title ?? '',
      orderQuantity: quantityCell(cancelled ? '0' : String(item.QuantityOrdered), cancelled),
      currency,
      baseOrderPrice: amount(item.ItemPrice, 'ItemPrice'),
      discount: amount(item.PromotionDiscount, 'PromotionDiscount', 0),
      gst: amount(item.ItemTax, 'ItemTax', 0),
      cancelled,
      customer,
    };
    checkText(line);
    return line;
  });
}
