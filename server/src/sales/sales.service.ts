/**
 * Sales reports (docs/architecture.md, "Sales"): the sales list with each sale's yen figures,
 * the summary cards and the chart from the kept daily totals, the CSV export, and the OTZ
 * sales. Reads only; the totals are kept by the writes themselves (flushSalesDays).
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Platform } from '#shared/constants';
import { otzSaleYenValues, saleYenValues, type SaleYenValues } from '#shared/domain/profit';
import { periodRange } from '#shared/domain/periods';
import { formatRate } from '#shared/domain/money';
import { isValidJan } from '#shared/domain/jan';
import { otzSalesListSpec, salesListSpec } from '#shared/list-specs';
import { formatMessage } from '#shared/messages';
import { ListQueryError, type ListQuery } from '#shared/query';
import type { ListResponse } from '#shared/schemas/common';
import type { OtzSaleRow, SaleRow, SalesDay, SalesSummary } from '#shared/schemas/sales';
import type { Database } from '../db/database';
import { parseList, runList } from '../http/list';
import { exactInteger } from '../http/responses';
import { type OrderRow, orderRowsByIds, orderRowsQuery, toOrder } from '../orders/orders.repository';
import { janTextSets, orderTextMatch, orderTextSets } from '../orders/order-search.repository';
import {
  hydrateOtzOrders,
  otzOrdersQuery,
  otzTextMatch,
  type OtzOrderRow,
} from '../otz-orders/otz-orders.repository';
import {
  otzSaleFigures,
  otzSalesColumns,
  otzSalesKeysBase,
  repairSalesDaily,
  SALE_FIGURE_SORTS,
  salesColumns,
  salesFigureColumns,
  salesFigureKeysBase,
  salesFigureSearchColumns,
  salesSearchColumns,
  salesDays,
  salesExportBatch,
  salesKeysBase,
  salesSums,
  type ExportLine,
  type SalesRange,
} from './sales.repository';

export interface SalesContext {
  timeZone: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (text: string) =>
  DATE.test(text) &&
  !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
  new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/**
 * The range asked for: `from` and `to` (YYYY-MM-DD, inclusive), each defaulting to the first
 * or last day of the current month in the business's time zone. `from` after `to` is a 400.
 */
export function salesRange(
  query: { from?: string; to?: string },
  ctx: SalesContext,
  now: Date = new Date(),
): { from: string; to: string } {
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value !== undefined && !isDate(value)) {
      throw new ListQueryError(field, formatMessage('queryDate', { field }));
    }
  }
  const month = periodRange('month', now, ctx.timeZone);
  const range = { from: query.from ?? month.from, to: query.to ?? month.to };
  if (range.from > range.to)
    throw new ListQueryError('from', formatMessage('invalidQuery', { field: 'from' }));
  return range;
}

const JAN_SHAPE = /^(\d{8}|\d{13})$/;

/**
 * From this many sales in the range on, a page sorted by order id or creation walks that
 * sort's index (testing each sale's date) rather than sorting the range's sales: at a month of
 * a million orders' history the walk meets its 25 rows within a thousand entries.
 */
const SORT_WALK_MIN_MATCHES = 2000;

/** A list query with its range filled in (so a cached plan is one range's, never the month's default). */
function withRange(
  query: ListQuery,
  ctx: SalesContext,
): { query: ListQuery; range: { from: string; to: string } } {
  const range = salesRange({ from: query.extras.from, to: query.extras.to }, ctx);
  return { query: { ...query, extras: { ...query.extras, ...range } }, range };
}

/** A row's figures from its stored minor units (the reference: shared/src/domain/profit.ts). */
export function saleFiguresOf(row: OrderRow): SaleYenValues {
  return saleYenValues({
    currency: row.currency,
    baseOrderPrice: Number(row.base_order_price),
    discount: Number(row.discount),
    commission: Number(row.commission),
    closingFee: Number(row.closing_fee),
    gst: Number(row.gst),
    shippingFee: Number(row.shipping_fee),
    customFee: Number(row.custom_fee),
    orderQuantity: Number(row.order_quantity),
    purchasePrice: row.product_purchase_price === null ? null : Number(row.product_purchase_price),
    exchangeRate: row.exchange_rate === null ? null : Number(row.exchange_rate),
  });
}

/** GET /sales: a page of sales, each the order as GET /orders gives it with its yen figures. */
export async function listSales(
  db: Kysely<Database>,
  rawQuery: unknown,
  ctx: SalesContext,
): Promise<ListResponse<SaleRow>> {
  const { query, range } = withRange(parseList(rawQuery, salesListSpec), ctx);
  const text = query.extras.searchStr?.trim() ?? '';
  const janOnly = JAN_SHAPE.test(text) && isValidJan(text);
  const keys = (walk: boolean) => () =>
    text
      ? salesKeysBase(db, range, walk).where(
          orderTextMatch(db, janOnly ? janTextSets(db, text) : orderTextSets(db, text)),
        )
      : salesKeysBase(db, range, walk);
  // Sorted by a yen figure, the keys come from the kept figures (026_sale_sort_values).
  const byFigure = SALE_FIGURE_SORTS.includes(query.sort.field);
  const figureKeys = (walk: boolean) => () =>
    text
      ? salesKeysBase(db, range)
          .innerJoin('sale_sort_values as k', 'k.id', 'orders.id')
          .where(orderTextMatch(db, janOnly ? janTextSets(db, text) : orderTextSets(db, text)))
      : salesFigureKeysBase(db, range, walk);
  const columns = byFigure
    ? text
      ? salesFigureSearchColumns
      : salesFigureColumns
    : text
      ? salesSearchColumns
      : salesColumns;
  // Either table's keys: the list engine reads only the columns' mapped fields from them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the orders' or the kept figures' rows
  const keysOf: (walk: boolean) => () => SelectQueryBuilder<any, any, any> = byFigure ? figureKeys : keys;
  const page = await runList(orderRowsQuery(db), query, columns, (row) => row, {
    db,
    keysBase: keysOf(false),
    plan: byFigure ? 'sales:figures' : 'sales',
    readRows: (ids) => orderRowsByIds(db, ids),
    // Sorted by another key than the date, a range of many sales walks that key's sale index.
    ...(query.sort.field !== 'orderDate' && !text
      ? {
          scanKeys: {
            base: keysOf(true),
            preferScan: (matches: number) => matches >= SORT_WALK_MIN_MATCHES,
          },
        }
      : {}),
  });
  const data = page.data.map((row): SaleRow => {
    const order = toOrder(row);
    const yen = saleFiguresOf(row);
    return { ...order, purchasePrice: order.product?.purchasePrice ?? null, profit: yen.profit, yen };
  });
  return { data, totalCount: page.totalCount };
}

/** GET /sales/summary: the cards, from the kept daily totals. */
export async function salesSummary(
  db: Kysely<Database>,
  query: { from?: string; to?: string; platformCode?: Platform },
  ctx: SalesContext,
): Promise<SalesSummary> {
  const range: SalesRange = { ...salesRange(query, ctx), platformCode: query.platformCode };
  await repairSalesDaily(db);
  const sums = await salesSums(db, range);
  // A sale without a rate is left out of every card by the kept daily sums (its yen figures are
  // unknown, so counting its shipping fee and goods cost would describe other sales than the
  // sales value does); `withoutYenValue` says how many (sales.sql.ts).
  return {
    noOfOrders: exactInteger(sums.no_of_orders),
    salesValue: exactInteger(sums.sales_value),
    amazonCommission: exactInteger(sums.amazon_commission),
    shippingFee: exactInteger(sums.shipping_fee),
    customFee: exactInteger(sums.custom_fee),
    totalCostOfGoods: exactInteger(sums.cost_of_goods),
    profit: exactInteger(sums.profit),
    withoutYenValue: exactInteger(sums.without_yen_value),
    withoutPurchasePrice: exactInteger(sums.without_purchase_price),
    from: range.from,
    to: range.to,
  };
}

/** GET /sales/daily: the chart's days, from the kept daily totals. */
export async function salesDaily(
  db: Kysely<Database>,
  query: { from?: string; to?: string; platformCode?: Platform },
  ctx: SalesContext,
): Promise<SalesDay[]> {
  const range: SalesRange = { ...salesRange(query, ctx), platformCode: query.platformCode };
  await repairSalesDaily(db);
  const rows = await salesDays(db, range);
  return rows.map((r) => ({
    date: r.order_date,
    noOfOrders: exactInteger(r.no_of_orders),
    salesValue: exactInteger(r.sales_value),
    profit: exactInteger(r.profit),
  }));
}

// Lines per batch (one buffer each): 5,000 kept 50 MB more resident for no more speed.
const EXPORT_BATCH = 500;

/**
 * GET /sales/export: every sale of the range's CSV line, in order date order, then id, in
 * keyset batches (memory stays flat however many there are).
 */
export async function* exportSales(
  db: Kysely<Database>,
  query: { from?: string; to?: string; platformCode?: Platform },
  ctx: SalesContext,
): AsyncGenerator<ExportLine> {
  const range: SalesRange = { ...salesRange(query, ctx), platformCode: query.platformCode };
  let after: [string, string] | null = null;
  for (;;) {
    const batch = await salesExportBatch(db, range, after, EXPORT_BATCH);
    if (batch.count === 0 || batch.body === null) return;
    yield batch.body;
    if (batch.count < EXPORT_BATCH || batch.last === null) return;
    after = batch.last;
  }
}

/** An OTZ sale's figures from its row, its date's rate and its goods cost. */
async function otzFigures(db: Kysely<Database>, ids: readonly string[]) {
  const byId = new Map<string, { rate: number | null; yen: SaleYenValues }>();
  if (ids.length === 0) return byId;
  const rows = await otzSaleFigures(db)
    .where('otz_orders.id', 'in', [...ids])
    .execute();
  for (const row of rows) byId.set(row.id, otzFiguresOf(row));
  return byId;
}

function otzFiguresOf(row: {
  currency: 'JPY' | 'INR';
  amount: number;
  rate: number | null;
  cost_of_goods: number | null;
}) {
  const rate = row.currency === 'INR' && row.rate !== null ? Number(row.rate) : null;
  return {
    rate,
    yen: otzSaleYenValues({
      currency: row.currency,
      amount: Number(row.amount),
      exchangeRate: rate,
      costOfGoods: row.cost_of_goods === null ? null : Number(row.cost_of_goods),
    }),
  };
}

/** GET /otz-sales: a page of OTZ sales with their yen figures. */
export async function listOtzSales(
  db: Kysely<Database>,
  rawQuery: unknown,
  ctx: SalesContext,
): Promise<ListResponse<OtzSaleRow>> {
  const { query, range } = withRange(parseList(rawQuery, otzSalesListSpec), ctx);
  const text = query.extras.searchStr?.trim() ?? '';
  const keys = () =>
    text ? otzSalesKeysBase(db, range).where(otzTextMatch(db, text)) : otzSalesKeysBase(db, range);
  const page = await runList(otzOrdersQuery(db), query, otzSalesColumns, (row: OtzOrderRow) => row, {
    db,
    keysBase: keys,
    plan: 'otz-sales',
  });
  const orders = await hydrateOtzOrders(db, page.data);
  const figures = await otzFigures(
    db,
    orders.map((o) => o._id),
  );
  const data = orders.map((order): OtzSaleRow => {
    const f = figures.get(order._id);
    const yen =
      f?.yen ??
      otzSaleYenValues({ currency: order.currency, amount: 0, exchangeRate: null, costOfGoods: null });
    const rate = f?.rate ?? null;
    return {
      ...order,
      exchangeRate: rate === null ? null : Number(formatRate(rate)),
      profit: yen.profit,
      yen,
    };
  });
  return { data, totalCount: page.totalCount };
}

/** GET /otz-sales/summary: computed from the OTZ sales of the range (few), through their index. */
export async function otzSalesSummary(
  db: Kysely<Database>,
  query: { from?: string; to?: string },
  ctx: SalesContext,
): Promise<SalesSummary> {
  const range = salesRange(query, ctx);
  const rows = await otzSaleFigures(db, range).execute();
  // Added as BigInt: each sale's figures are safe integers (below 2^50, see docs/architecture.md,
  // "Input"), their sum over a range need not be.
  let salesValue = 0n;
  let totalCostOfGoods = 0n;
  let profit = 0n;
  let withoutYenValue = 0;
  let withoutPurchasePrice = 0;
  for (const row of rows) {
    const { yen } = otzFiguresOf(row);
    // Without a rate, a sale is left out of every card, as on the sales screen.
    if (yen.salesValue === null) {
      withoutYenValue += 1;
      continue;
    }
    salesValue += BigInt(yen.salesValue);
    if (yen.costOfGoods === null) withoutPurchasePrice += 1;
    else totalCostOfGoods += BigInt(yen.costOfGoods);
    if (yen.profit !== null) profit += BigInt(yen.profit);
  }
  return {
    noOfOrders: rows.length - withoutYenValue,
    salesValue: exactInteger(salesValue),
    amazonCommission: 0,
    shippingFee: 0,
    customFee: 0,
    totalCostOfGoods: exactInteger(totalCostOfGoods),
    profit: exactInteger(profit),
    withoutYenValue,
    withoutPurchasePrice,
    ...range,
  };
}
