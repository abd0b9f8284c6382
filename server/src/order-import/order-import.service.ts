/**
 * POST /orders/import: a platform's order report in, order lines out.
 *
 * The report is read as it arrives (decoded, split into records, columns found by name), and its
 * lines are applied a batch at a time while the rest is still coming: one query per batch finds
 * the products by SKU (then by the ASIN of their listing on the line's platform), one finds which
 * lines are already stored, and one transaction writes the batch through the orders service, so a
 * report of 100,000 lines costs a few hundred queries and transactions rather than hundreds of
 * thousands. Nothing holds the whole report: one batch of lines, the first rows of the unmatched
 * and error lists (with their counts), and the line keys of two batches.
 *
 * Idempotent by platform + order id + product: a stored line is left alone (skipped), except
 * that a line the report now shows cancelled cancels the stored order, giving back any stock it
 * took. Inside each batch's transaction the batch's products are locked (in id order) before the
 * stored lines are read: every creation of an order locks its product first, so two imports of
 * one report running at once queue on the products and the second finds the first's lines.
 *
 * A dry run reads and matches exactly the same way and writes nothing: the screen's preview.
 */
import type { Kysely, Transaction } from 'kysely';
import type { OrderStatus } from '#shared/constants';
import { checkTransition } from '#shared/domain/order-status';
import { messageCodeOf, type MessageKey } from '#shared/messages';
import type { SessionUser } from '#shared/schemas/auth';
import type { ImportProgress, ImportSource, OrderImportResult } from '#shared/schemas/order-import';
import type { Database } from '../db/database';
import { recordAudits } from '../audit/audit.repository';
import { shareTable } from '../db/locking';
import { writeTransaction } from '../db/write-transaction';
import { ratesUpTo } from '../currency/currency.repository';
import { rateOfDate } from '../currency/currency.service';
import { findOrders, refreshProductSales } from '../orders/orders.repository';
import { lockProductsStock } from '../products/stock';
import { changeOrdersStatus, monthlyWindowStart, type OrdersContext } from '../orders/orders.service';
import { openAmazonReport } from './amazon-report';
import {
  FirstRows,
  rowError,
  type ImportLine,
  type OpenedReport,
  type RowError,
  type UnmatchedRow,
} from './import-line';
import {
  insertOrderRows,
  orderLineKey,
  productsByListing,
  productsBySku,
  storedOrderLines,
  type StoredOrderLine,
} from './order-import.repository';
import type { ReportSource } from './report-table';
import { openShopifyReport } from './shopify-report';

/** Lines per query round and per transaction: big enough to amortise, small enough to hold locks briefly. */
export const IMPORT_BATCH = 1000;

export interface ImportOptions {
  dryRun: boolean;
  /** Called after the header and after each batch. */
  onProgress?: (progress: ImportProgress) => void;
  /** The report's size in bytes, when the request says it (for progress). */
  size?: number | null;
  /** Bytes of the report read so far, kept up to date by its reader (for progress). */
  counted?: { bytes: number };
}

/**
 * Opens a report of `source`: reads its first record and checks it is the report's header (a 400
 * naming the missing columns otherwise), and nothing more until its rows are asked for.
 */
export function openReport(
  report: ReportSource,
  source: ImportSource,
  timeZone: string,
): Promise<OpenedReport> {
  return source === 'amazon' ? openAmazonReport(report, timeZone) : openShopifyReport(report, timeZone);
}

type Plan =
  | { kind: 'create'; line: ImportLine; productId: string }
  | { kind: 'cancel'; line: ImportLine; stored: StoredOrderLine }
  | { kind: 'skip' }
  | { kind: 'error'; row: number; code: MessageKey; params?: Record<string, string> };

/** What to do with each matched line, given what is stored. Pure, so a dry run plans alike. */
function plan(
  line: ImportLine,
  productId: string,
  stored: Map<string, StoredOrderLine>,
  seen: LineKeys,
): Plan {
  const key = orderLineKey(line.platformCode, line.orderId, productId);
  if (seen.has(key)) return { kind: 'error', row: line.row, code: 'duplicateField' };
  seen.add(key);
  const existing = stored.get(key);
  // A line cancelled before we ever saw it is recorded too, as CANCELLED (Amazon zeroes such an
  // item's quantity and price): staff looking for the platform's order find it and see why.
  if (!existing) return { kind: 'create', line, productId };
  if (!line.cancelled || existing.status === 'CANCELLED') return { kind: 'skip' };
  const check = checkTransition(existing.status, 'CANCELLED', line.platformCode);
  if (!check.ok) {
    const code = messageCodeOf(check.message);
    return { kind: 'error', row: line.row, code: (code?.code ?? 'cannotChangeStatus') as MessageKey };
  }
  return { kind: 'cancel', line, stored: existing };
}

/**
 * The lines of this batch and the one before, to refuse a line the report repeats. A report gives
 * an order's lines one after another, so a repeated line is near its first: remembering every line
 * of a long report would grow with it, while two batches cover an order cut by a batch's end. A
 * line repeated further away is found stored (skipped), or, on a dry run, counted again.
 */
class LineKeys {
  #previous = new Set<string>();
  #current = new Set<string>();

  has(key: string): boolean {
    return this.#current.has(key) || this.#previous.has(key);
  }

  add(key: string): void {
    this.#current.add(key);
  }

  nextBatch(): void {
    this.#previous = this.#current;
    this.#current = new Set();
  }
}

/**
 * Creates a batch's new lines as the orders service would one by one (the platform's currency,
 * the rate of the order date for rupees, the products' sales columns, an audit entry each), but
 * with a few multi-row statements: row by row, 100,000 lines would take minutes.
 */
async function createLines(
  trx: Transaction<Database>,
  actor: SessionUser,
  creates: readonly { line: ImportLine; productId: string }[],
  ctx: OrdersContext,
): Promise<void> {
  const rupeeDates = creates.filter((c) => c.line.currency === 'INR').map((c) => c.line.orderDate);
  const latest = rupeeDates.reduce((max, date) => (date > max ? date : max), '');
  // Read under the rates' share lock, before this batch writes any order: a rate being set
  // meanwhile then either is read here or waits and updates these orders too.
  if (latest) await shareTable(trx, 'exchange_rates');
  const rates = latest ? await ratesUpTo(trx, latest) : [];
  const ids = await insertOrderRows(
    trx,
    creates.map(({ line, productId }) => ({
      order_id: line.orderId,
      platform_code: line.platformCode,
      product_id: productId,
      order_date: line.orderDate,
      order_quantity: line.orderQuantity,
      currency: line.currency,
      base_order_price: line.baseOrderPrice,
      discount: line.discount,
      commission: 0,
      closing_fee: 0,
      gst: line.gst,
      handling_fee: 0,
      shipping_fee: 0,
      custom_fee: 0,
      exchange_rate: line.currency === 'INR' ? rateOfDate(rates, line.orderDate) : null,
      expected_shipping_date: null,
      delivery_date: null,
      is_advance: 0,
      is_booked_advance: 0,
      shipment_status: line.cancelled ? 'CANCELLED' : 'RECEIVED',
      shipment_id: null,
      customer: line.customer ? JSON.stringify(line.customer) : null,
      stock_taken: 0,
      created_by: actor._id,
    })),
  );
  await refreshProductSales(
    trx,
    creates.map((c) => c.productId),
    monthlyWindowStart(ctx.timeZone),
  );
  const orders = await findOrders(trx, ids);
  await recordAudits(
    trx,
    orders.map((order) => ({
      userId: actor._id,
      entity: 'order',
      entityId: order._id,
      entityName: order.orderId,
      action: 'create' as const,
      // The orders service's snapshot: the order, named by its order id.
      after: { name: order.orderId, ...order },
    })),
  );
}

export interface MatchedLine {
  line: ImportLine;
  productId: string;
}

/**
 * The products of a batch of lines: `mapped` first (live sync's remembered mappings, the caller's
 * own look-up), then the SKU (ignoring case), then the ASIN of a listing on the line's platform.
 * One query per kind for the whole batch.
 */
export async function matchImportLines(
  db: Kysely<Database>,
  lines: readonly ImportLine[],
  mapped?: (line: ImportLine) => string | undefined,
): Promise<{ matched: MatchedLine[]; unmatched: ImportLine[] }> {
  const bySku = await productsBySku(
    db,
    lines.map((l) => l.sku),
  );
  const byListing = await productsByListing(
    db,
    lines.map((l) => ({ code: l.platformCode, asin: l.asin })),
  );
  const matched: MatchedLine[] = [];
  const unmatched: ImportLine[] = [];
  for (const line of lines) {
    const productId =
      mapped?.(line) ??
      (line.sku ? bySku.get(line.sku.toLowerCase()) : undefined) ??
      (line.asin ? byListing.get(`${line.platformCode} ${line.asin}`) : undefined);
    if (productId) matched.push({ line, productId });
    else unmatched.push(line);
  }
  return { matched, unmatched };
}

async function planLines(reader: Kysely<Database>, matched: readonly MatchedLine[], seen: LineKeys) {
  const stored = await storedOrderLines(
    reader,
    matched.map((m) => m.line.orderId),
  );
  return matched.map(({ line, productId }) => plan(line, productId, stored, seen));
}

/**
 * Applies matched lines inside the caller's transaction: the lines' products locked (in id
 * order) before the stored lines are read, new lines created, lines the platform now shows
 * cancelled cancelled through the orders service (stock given back where it was taken).
 */
async function applyMatchedLines(
  trx: Transaction<Database>,
  actor: SessionUser,
  matched: readonly MatchedLine[],
  ctx: OrdersContext,
  seen: LineKeys,
): Promise<Plan[]> {
  await lockProductsStock(
    trx,
    matched.map((m) => m.productId),
  );
  const planned = await planLines(trx, matched, seen);
  const creates = planned.filter((p) => p.kind === 'create');
  if (creates.length > 0) await createLines(trx, actor, creates, ctx);
  // A bulk status change needs one shared status: one call per current status.
  const cancels = new Map<OrderStatus, string[]>();
  for (const p of planned) {
    if (p.kind !== 'cancel') continue;
    const ids = cancels.get(p.stored.status) ?? [];
    ids.push(p.stored.id);
    cancels.set(p.stored.status, ids);
  }
  for (const ids of cancels.values()) await changeOrdersStatus(trx, actor, ids, 'CANCELLED', ctx);
  return planned;
}

export interface AppliedLines {
  created: number;
  /** Stored lines the platform now shows cancelled, cancelled. */
  updated: number;
  /** Lines already stored as they are. */
  skipped: number;
  /** Lines no product matched, not applied. */
  unmatched: ImportLine[];
  errors: RowError[];
}

/**
 * One batch of lines matched and applied inside a transaction the caller owns, by the report
 * import's rules (idempotent by platform + order id + product): live sync stores a page's lines,
 * its waiting lines and its cursor in one transaction. A line repeated within the batch is an
 * error (`duplicateField`); one already stored is skipped, or cancelled when it now is.
 */
export async function applyImportLines(
  trx: Transaction<Database>,
  actor: SessionUser,
  lines: readonly ImportLine[],
  ctx: OrdersContext,
  options: { mapped?: (line: ImportLine) => string | undefined } = {},
): Promise<AppliedLines> {
  const { matched, unmatched } = await matchImportLines(trx, lines, options.mapped);
  const plans = await applyMatchedLines(trx, actor, matched, ctx, new LineKeys());
  const applied: AppliedLines = { created: 0, updated: 0, skipped: 0, unmatched, errors: [] };
  for (const p of plans) {
    if (p.kind === 'create') applied.created += 1;
    else if (p.kind === 'cancel') applied.updated += 1;
    else if (p.kind === 'skip') applied.skipped += 1;
    else applied.errors.push(rowError(p.row, p.code, p.params));
  }
  return applied;
}

interface Tally {
  created: number;
  updated: number;
  skipped: number;
  unmatched: FirstRows<UnmatchedRow>;
  errors: FirstRows<RowError>;
}

const unmatchedRow = (line: ImportLine): UnmatchedRow => ({
  row: line.row,
  sku: line.sku,
  asin: line.asin,
  ...(line.name ? { name: line.name } : {}),
});

/**
 * The report's lines, IMPORT_BATCH at a time, read as they are asked for; its other rows (errors,
 * unmatched) go to `result` on the way, and also report progress, so a file of nothing else still
 * moves the screen's bar. Ends the reading however the import ends.
 */
async function* lineBatches(
  report: OpenedReport,
  result: Tally,
  counts: { read: number },
  progress: () => void,
): AsyncGenerator<ImportLine[]> {
  let batch: ImportLine[] = [];
  let sinceProgress = 0;
  try {
    for await (const item of report.items) {
      if (item.kind === 'error') result.errors.add(item.error);
      else if (item.kind === 'unmatched') result.unmatched.add(item.unmatched);
      else {
        batch.push(item.line);
        counts.read += 1;
      }
      if (batch.length >= IMPORT_BATCH) {
        yield batch;
        batch = [];
        sinceProgress = 0;
      } else if (++sinceProgress >= IMPORT_BATCH) {
        sinceProgress = 0;
        progress();
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    await report.close();
  }
}

/**
 * Reads an opened report to its end, applying its lines a batch at a time. Reading waits while a
 * batch is applied, so the request's bytes wait in the socket: memory stays flat for any size.
 */
export async function importOrderReport(
  db: Kysely<Database>,
  actor: SessionUser,
  report: OpenedReport,
  options: ImportOptions,
  ctx: OrdersContext,
): Promise<OrderImportResult> {
  const result: Tally = {
    created: 0,
    updated: 0,
    skipped: 0,
    unmatched: new FirstRows(),
    errors: new FirstRows(),
  };
  const seen = new LineKeys();
  const counts = { read: 0, done: 0 };
  const progress = () =>
    options.onProgress?.({
      done: counts.done,
      total: counts.read,
      ...(options.counted ? { read: options.counted.bytes, size: options.size ?? null } : {}),
    });
  progress();

  for await (const batch of lineBatches(report, result, counts, progress)) {
    const { matched, unmatched } = await matchImportLines(db, batch);
    for (const line of unmatched) result.unmatched.add(unmatchedRow(line));
    const plans = options.dryRun
      ? await planLines(db, matched, seen)
      : await writeTransaction(db, (trx) => applyMatchedLines(trx, actor, matched, ctx, seen));
    for (const p of plans) {
      if (p.kind === 'create') result.created += 1;
      else if (p.kind === 'cancel') result.updated += 1;
      else if (p.kind === 'skip') result.skipped += 1;
      else result.errors.add(rowError(p.row, p.code, p.params));
    }
    seen.nextBatch();
    counts.done += batch.length;
    progress();
    // SQLite's driver is synchronous, so without this a batch would follow the next in one turn of
    // the event loop whenever the report's bytes are already there: no progress would reach the
    // client, and every other request (the desktop app's own screens included) would wait.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Errors found while reading and while matching, the first by row number, and their count.
  return {
    created: result.created,
    updated: result.updated,
    skipped: result.skipped,
    unmatched: result.unmatched.rows,
    unmatchedCount: result.unmatched.count,
    errors: result.errors.rows,
    errorCount: result.errors.count,
  };
}
