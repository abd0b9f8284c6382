/**
 * Shopify's orders export (Orders → Export, CSV): one row per line item, the order's own fields
 * (Currency, Discount Amount, Created at, Cancelled at, customer) only on its first row, the rows
 * of one order one after another under its `Name` (#1001). `Lineitem price` is a unit price, so
 * the line total is price × quantity.
 *
 * A line item without a SKU (gift wrapping, a tip, a custom item) is no product of Kura's: it is
 * reported as a row not imported, and the order's other lines are imported. The order's discount
 * is shared over the lines that have a SKU, in proportion to their totals, in whole paise by
 * largest remainder, so those lines' discounts add up to the order's exactly. The share is the
 * report's alone (it does not depend on which SKUs Kura knows), so a line whose product is added
 * to Kura later and imported again gets the same share as its order's other lines did.
 * An order with a bad row is not imported in part: its other rows are reported too, since a
 * missing line would shift the discount onto the rest.
 */
import { MAX_AMOUNT, MAX_UNIT_PRICE, PLATFORM_CURRENCY } from '#shared/constants';
import { allocateMinor } from '#shared/domain/allocate';
import { toMinor } from '#shared/domain/money';
import { SHOPIFY_REPORT } from './report-kinds';
import { openReportTable, type ReportRow, type ReportSource, type ReportTable } from './report-table';
import {
  RowProblem,
  amountCell,
  amountTooLarge,
  checkText,
  customerOf,
  dateCell,
  quantityCell,
  rowError,
  type ImportLine,
  type OpenedReport,
  type ReportItem,
  type RowError,
  type UnmatchedRow,
} from './import-line';

/**
 * The rows one order may have. An order's rows are held until the next order begins (its
 * discount is shared over all of them), so a file repeating one name for ever must not be held.
 */
export const MAX_ORDER_ROWS = 1000;

const currency = PLATFORM_CURRENCY.SHOPIFY;

interface Group {
  orderId: string;
  rows: ReportRow[];
  /** An unreadable row came between two of its rows: it may have been one of its lines. */
  broken: boolean;
  /** It had more than MAX_ORDER_ROWS rows: every row has been reported already. */
  tooLarge: boolean;
}

const byRow = (a: ReportItem, b: ReportItem) => itemRow(a) - itemRow(b);
function itemRow(item: ReportItem): number {
  if (item.kind === 'line') return item.line.row;
  if (item.kind === 'error') return item.error.row;
  return item.unmatched.row;
}

/** One order's rows as its lines, or as errors when one of them is bad. */
function orderItems(group: Group, timeZone: string): ReportItem[] {
  const { orderId, rows } = group;
  const first = rows[0];
  if (group.tooLarge || !first) return [];
  const errors: RowError[] = [];
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
  const unmatched: UnmatchedRow[] = [];
  for (const row of rows) {
    const sku = row.get('lineitem sku');
    if (!sku) {
      unmatched.push({ row: row.row, sku: '', asin: '', name: row.get('lineitem name') });
      continue;
    }
    try {
      const orderQuantity = quantityCell(row.get('lineitem quantity'), false);
      const price = row.get('lineitem price');
      const unitPrice = amountCell(price, 'Lineitem price', currency, undefined, MAX_UNIT_PRICE[currency]);
      // At most 10^7 rupees (10^9 paise) × 10^5 units: exact in a double.
      const baseOrderPrice = unitPrice * orderQuantity;
      if (baseOrderPrice > toMinor(MAX_AMOUNT[currency], currency)) {
        throw amountTooLarge('Lineitem price × Lineitem quantity', price, MAX_AMOUNT[currency], currency);
      }
      const line: ImportLine = {
        row: row.row,
        platformCode: 'SHOPIFY',
        orderId,
        orderDate,
        sku,
        asin: '',
        name: row.get('lineitem name'),
        orderQuantity,
        currency,
        baseOrderPrice,
        discount: 0,
        gst: 0,
        cancelled,
        customer,
      };
      checkText(line);
      lines.push(line);
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      errors.push(rowError(row.row, error.code, error.params));
    }
  }
  const items: ReportItem[] = unmatched.map((u) => ({ kind: 'unmatched', unmatched: u }));
  if (errors.length > 0 || group.broken) {
    const reported = new Set(errors.map((e) => e.row));
    for (const line of lines) {
      if (!reported.has(line.row)) errors.push(rowError(line.row, 'importOrderHasErrors', { orderId }));
    }
    items.push(...errors.map((error): ReportItem => ({ kind: 'error', error })));
  } else {
    const shares = allocateMinor(
      discount,
      lines.map((line) => line.baseOrderPrice),
    );
    lines.forEach((line, i) => {
      line.discount = shares[i] as number;
      items.push({ kind: 'line', line });
    });
  }
  return items.sort(byRow);
}

/** The export's rows as order lines, unmatched rows and row errors, an order at a time. */
export async function* shopifyItems(table: ReportTable, timeZone: string): AsyncGenerator<ReportItem> {
  let group = null as Group | null;
  /** An unreadable row came after the current order's last row so far. */
  let gap = false;
  for await (const row of table.rows) {
    if (row.unreadableLine !== undefined) {
      yield { kind: 'error', error: rowError(row.row, 'importUnreadableRow', { line: row.unreadableLine }) };
      gap = group !== null;
      continue;
    }
    const name = row.get('name');
    if (!name) {
      yield { kind: 'error', error: rowError(row.row, 'importEmptyValue', { column: 'Name' }) };
      continue;
    }
    if (group?.orderId === name) {
      if (gap) group.broken = true;
      gap = false;
      if (!group.tooLarge && group.rows.length < MAX_ORDER_ROWS) {
        group.rows.push(row);
        continue;
      }
      const tooLarge = (r: ReportRow): ReportItem => ({
        kind: 'error',
        error: rowError(r.row, 'importOrderTooLarge', { orderId: name, max: MAX_ORDER_ROWS }),
      });
      if (!group.tooLarge) {
        group.tooLarge = true;
        yield* group.rows.map(tooLarge);
        group.rows = [];
      }
      yield tooLarge(row);
      continue;
    }
    gap = false;
    if (group) yield* orderItems(group, timeZone);
    group = { orderId: name, rows: [row], broken: false, tooLarge: false };
  }
  if (group) yield* orderItems(group, timeZone);
}

/** Opens an orders export: its header is read and checked before this resolves. */
export async function openShopifyReport(source: ReportSource, timeZone: string): Promise<OpenedReport> {
  const table = await openReportTable(source, SHOPIFY_REPORT);
  return { items: shopifyItems(table, timeZone), close: table.close };
}
