/**
 * Amazon's "All Orders" report (Seller Central → Reports → Order Reports): tab-separated, one row
 * per order item. `item-price` is already the line total (unit price × quantity), `item-tax` is
 * the tax Amazon collected (our gst), `item-promotion-discount` the discount (Amazon writes it
 * negative). `shipping-price` is what the buyer paid for delivery, not the seller's shipping cost
 * in yen that an order's shippingFee holds, so it is not taken. A cancelled item (order-status or
 * item-status "Cancelled") has quantity 0 and no price.
 */
import { PLATFORM_CURRENCY, type Platform } from '#shared/constants';
import { readReportTable } from './report-table';
import {
  RowProblem,
  amountCell,
  customerOf,
  dateCell,
  quantityCell,
  rowError,
  type ImportLine,
  type ParsedReport,
} from './import-line';

const REQUIRED = [
  'amazon-order-id',
  'purchase-date',
  'sales-channel',
  'sku',
  'quantity',
  'item-price',
] as const;

const CHANNELS: Record<string, Platform> = { 'amazon.co.jp': 'AMAZONJP', 'amazon.in': 'AMAZONIND' };

export function readAmazonReport(text: string, timeZone: string): ParsedReport {
  const table = readReportTable(text, '\t', REQUIRED);
  const result: ParsedReport = { lines: [], errors: [] };
  for (const row of table.rows) {
    try {
      const orderId = row.get('amazon-order-id');
      if (!orderId) throw new RowProblem('importEmptyValue', { column: 'amazon-order-id' });
      const channel = row.get('sales-channel');
      const platformCode = CHANNELS[channel.toLowerCase()];
      if (!platformCode) throw new RowProblem('importUnknownChannel', { channel: channel || '—' });
      const currency = PLATFORM_CURRENCY[platformCode];
      const reported = row.get('currency');
      if (reported && reported.toUpperCase() !== currency) {
        throw new RowProblem('importWrongCurrency', { currency: reported, platform: platformCode });
      }
      const cancelled = /^cancel/i.test(row.get('order-status')) || /^cancel/i.test(row.get('item-status'));
      const sku = row.get('sku');
      const asin = row.get('asin');
      if (!sku && !asin) throw new RowProblem('importEmptyValue', { column: 'sku' });
      const zeroIfCancelled = cancelled ? 0 : undefined;
      const line: ImportLine = {
        row: row.row,
        platformCode,
        orderId,
        orderDate: dateCell(row.get('purchase-date'), 'purchase-date', timeZone, 'utc'),
        sku,
        asin,
        orderQuantity: quantityCell(row.get('quantity'), cancelled),
        currency,
        baseOrderPrice: amountCell(row.get('item-price'), 'item-price', currency, zeroIfCancelled),
        discount: amountCell(row.get('item-promotion-discount'), 'item-promotion-discount', currency, 0),
        gst: amountCell(row.get('item-tax'), 'item-tax', currency, 0),
        cancelled,
        customer: customerOf({
          city: row.get('ship-city'),
          state: row.get('ship-state'),
          postcode: row.get('ship-postal-code'),
          country: row.get('ship-country'),
        }),
      };
      result.lines.push(line);
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      result.errors.push(rowError(row.row, error.code, error.params));
    }
  }
  return result;
}
