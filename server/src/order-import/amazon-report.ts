/**
 * Amazon's "All Orders" report (Seller Central → Reports → Order Reports): tab-separated, one row
 * per order item. `item-price` is already the line total (unit price × quantity), `item-tax` is
 * the tax Amazon collected (our gst), `item-promotion-discount` the discount (Amazon writes it
 * negative). `shipping-price` is what the buyer paid for delivery, not the seller's shipping cost
 * in yen that an order's shippingFee holds, so it is not taken. A cancelled item (order-status or
 * item-status "Cancelled") has quantity 0 and no price.
 */
import { PLATFORM_CURRENCY, type Platform } from '#shared/constants';
import { AMAZON_REPORT } from './report-kinds';
import { openReportTable, type ReportSource, type ReportTable } from './report-table';
import {
  RowProblem,
  amountCell,
  checkText,
  customerOf,
  dateCell,
  quantityCell,
  rowError,
  type ImportLine,
  type OpenedReport,
  type ReportItem,
} from './import-line';

const CHANNELS: Record<string, Platform> = { 'amazon.co.jp': 'AMAZONJP', 'amazon.in': 'AMAZONIND' };

/** The report's rows as order lines and row errors, read as its bytes arrive. */
export async function* amazonItems(table: ReportTable, timeZone: string): AsyncGenerator<ReportItem> {
  for await (const row of table.rows) {
    try {
      if (row.unreadableLine !== undefined) {
        throw new RowProblem('importUnreadableRow', { line: row.unreadableLine });
      }
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
        name: row.get('product-name'),
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
      checkText(line);
      yield { kind: 'line', line };
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      yield { kind: 'error', error: rowError(row.row, error.code, error.params) };
    }
  }
}

/** Opens an All Orders report: its header is read and checked before this resolves. */
export async function openAmazonReport(source: ReportSource, timeZone: string): Promise<OpenedReport> {
  const table = await openReportTable(source, AMAZON_REPORT);
  return { items: amazonItems(table, timeZone), close: table.close };
}
