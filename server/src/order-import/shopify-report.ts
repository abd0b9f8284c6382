/**
 * Shopify's orders export (Orders → Export, CSV): one row per line item, the order's own fields
 * (Currency, Discount Amount, Created at, Cancelled at, customer) only on its first row, rows of
 * one order grouped by `Name` (#1001). `Lineitem price` is a unit price, so the line total is
 * price × quantity. The order's discount is shared over its lines in proportion to their totals,
 * in whole paise by largest remainder, so the lines' discounts add up to the order's exactly.
 * An order with a bad row is not imported in part: its other rows are reported too, since a
 * missing line would shift the discount onto the rest.
 */
import { MAX_AMOUNT, MAX_UNIT_PRICE, PLATFORM_CURRENCY } from '#shared/constants';
import { allocateMinor } from '#shared/domain/allocate';
import { toMinor } from '#shared/domain/money';
import { readReportTable, type ReportRow } from './report-table';
import {
  RowProblem,
  amountCell,
  amountTooLarge,
  customerOf,
  dateCell,
  quantityCell,
  rowError,
  type ImportLine,
  type ParsedReport,
  type RowError,
} from './import-line';

const REQUIRED = ['name', 'created at', 'lineitem quantity', 'lineitem price', 'lineitem sku'] as const;

const currency = PLATFORM_CURRENCY.SHOPIFY;

export function readShopifyReport(text: string, timeZone: string): ParsedReport {
  const table = readReportTable(text, ',', REQUIRED);
  const groups = new Map<string, ReportRow[]>();
  const result: ParsedReport = { lines: [], errors: [] };
  for (const row of table.rows) {
    const name = row.get('name');
    if (!name) {
      result.errors.push(rowError(row.row, 'importEmptyValue', { column: 'Name' }));
      continue;
    }
    const group = groups.get(name);
    if (group) group.push(row);
    else groups.set(name, [row]);
  }
  for (const [orderId, rows] of groups) {
    const errors: RowError[] = [];
    const first = rows[0] as ReportRow;
    let orderDate = '';
    let discount = 0;
    let cancelled = false;
    try {
      const reported = first.get('currency');
      if (reported && reported.toUpperCase() !== currency) {
        throw new RowProblem('importWrongCurrency', { currency: reported, platform: 'SHOPIFY' });
      }
      orderDate = dateCell(first.get('created at'), 'Created at', timeZone, timeZone);
      discount = amountCell(first.get('discount amount'), 'Discount Amount', currency, 0);
      cancelled = first.get('cancelled at') !== '';
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      errors.push(rowError(first.row, error.code, error.params));
    }
    const customer = customerOf({
      name: first.get('shipping name') || first.get('billing name'),
      email: first.get('email'),
      phone: first.get('shipping phone') || first.get('phone'),
      address: [first.get('shipping address1'), first.get('shipping address2')].filter(Boolean).join(', '),
      city: first.get('shipping city'),
      state: first.get('shipping province'),
      country: first.get('shipping country'),
      postcode: first.get('shipping zip'),
    });
    const lines: ImportLine[] = [];
    for (const row of rows) {
      try {
        const orderQuantity = quantityCell(row.get('lineitem quantity'), false);
        const price = row.get('lineitem price');
        const unitPrice = amountCell(price, 'Lineitem price', currency, undefined, MAX_UNIT_PRICE[currency]);
        // At most 10^7 rupees (10^9 paise) × 10^5 units: exact in a double.
        const baseOrderPrice = unitPrice * orderQuantity;
        if (baseOrderPrice > toMinor(MAX_AMOUNT[currency], currency)) {
          throw amountTooLarge('Lineitem price × Lineitem quantity', price, MAX_AMOUNT[currency], currency);
        }
        const sku = row.get('lineitem sku');
        if (!sku) throw new RowProblem('importEmptyValue', { column: 'Lineitem sku' });
        lines.push({
          row: row.row,
          platformCode: 'SHOPIFY',
          orderId,
          orderDate,
          sku,
          asin: '',
          orderQuantity,
          currency,
          baseOrderPrice,
          discount: 0,
          gst: 0,
          cancelled,
          customer,
        });
      } catch (error) {
        if (!(error instanceof RowProblem)) throw error;
        errors.push(rowError(row.row, error.code, error.params));
      }
    }
    if (errors.length > 0) {
      const reported = new Set(errors.map((e) => e.row));
      for (const row of rows) {
        if (!reported.has(row.row)) errors.push(rowError(row.row, 'importOrderHasErrors', { orderId }));
      }
      result.errors.push(...errors);
      continue;
    }
    const shares = allocateMinor(
      discount,
      lines.map((line) => line.baseOrderPrice),
    );
    lines.forEach((line, i) => {
      line.discount = shares[i] as number;
      result.lines.push(line);
    });
  }
  result.errors.sort((a, b) => a.row - b.row);
  return result;
}
