/**
 * The seller's Shopify shop as a {@link PlatformSource}: its orders, oldest change first, through
 * the GraphQL Admin API, as the lines the orders export (Orders → Export, CSV) gives for the same
 * orders (order-import/shopify-report.ts), so an order synced and the same order imported from a
 * report are one and the same to the import:
 * - the order id is the order's `name` (#1001), as the export's `Name`;
 * - a line item without a SKU (gift wrapping, a tip, a custom item) is no line; its order counts;
 * - line total = original unit price × quantity; gst = the line's tax lines summed;
 * - the order's discount is `totalDiscountsSet` (what the export writes as `Discount Amount`: every
 *   discount of the order, line and order level), shared over the lines with a SKU in proportion
 *   to their totals by largest remainder, exactly as the report reader shares it. Shopify's own
 *   per-line `discountAllocations` are not asked for: they split an order discount by Shopify's
 *   rules, and a line would get another share from the sync than from the report;
 * - a cancelled order (`cancelledAt` set) keeps its quantities and prices, cancelled, as the
 *   report reader keeps them;
 * - the customer is the shipping address (billing name when it has none), with codes for province
 *   and country as the export writes them.
 * An order the report reader would refuse a row of (another currency than INR, an amount past its
 * bound, a control character) is skipped whole and told to `onProblem`, as a report's row errors.
 *
 * Paging: orders by UPDATED_AT, `updated_at:>'since'`, after GraphQL's cursor. The cursor handed
 * to the sync holds `since`, the GraphQL cursor and the highest `updatedAt` seen; the run's last
 * page hands one that starts the next run at that highest `updatedAt` less two minutes and no
 * GraphQL cursor, so an order whose change Shopify indexed late (its search lags its writes a
 * little) is still found. An order changed during a run moves to the end of UPDATED_AT and comes
 * again later in the run; repeats are absorbed by the import's upsert. A search is paged at most
 * {@link WINDOW_ORDERS} deep (Shopify pages no deeper than 25,000 objects): then a new one starts
 * from the last page's last change, its second included, so the first sync of a large shop runs
 * through.
 */
import { z } from 'zod';
import { MAX_AMOUNT, MAX_UNIT_PRICE, PLATFORM_CURRENCY } from '#shared/constants';
import { allocateMinor } from '#shared/domain/allocate';
import { formatMinor, toMinor, type Minor } from '#shared/domain/money';
import {
  RowProblem,
  amountCell,
  amountTooLarge,
  checkText,
  customerOf,
  dateCell,
  quantityCell,
  type ImportLine,
} from '../../order-import/import-line';
import {
  decodeSourceCursor,
  encodeSourceCursor,
  type OrderProblem,
  type PlatformSource,
  type SourcePage,
} from '../platform-source';
import { clientCredentialsToken, fixedToken } from './shopify-token';
import { createShopifyClient, type Sleep } from './shopify-client';

/**
 * The Admin API version every query names. Pinned, not "latest": Shopify changes fields and
 * answers between versions (each is supported for a year), and the schemas below check answers
 * of this version's shape. Moving on is a change of this line and a run of the tests.
 */
export const SHOPIFY_API_VERSION = '2025-10';

/** How far back each run starts before the last change it saw: Shopify's search lags its writes. */
export const OVERLAP_MS = 2 * 60_000;
/** Line items per order beyond which the order is skipped, as the report reader refuses it. */
export const MAX_ORDER_LINES = 1000;
/**
 * Orders one search pages through before the next page starts a new search from the last change
 * seen: Shopify pages at most 25,000 objects deep into a list.
 */
export const WINDOW_ORDERS = 10_000;
/** Shopify refuses a query whose requested cost is above this, whatever the bucket holds. */
const MAX_QUERY_COST = 1000;
/** Line items per request when an order has more than its page of orders carried. */
const MORE_LINES_PAGE = 100;
/** Orders per request unless told: 25 orders with 5 line items each ask about 950 points. */
export const DEFAULT_PAGE_SIZE = 25;

const currency = PLATFORM_CURRENCY.SHOPIFY;

const money = z.object({ shopMoney: z.object({ amount: z.string(), currencyCode: z.string() }) });
const pageInfo = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() });
const lineItem = z.object({
  sku: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  originalUnitPriceSet: money,
  taxLines: z.array(z.object({ priceSet: money })),
});
const lineItems = z.object({ nodes: z.array(lineItem), pageInfo });
const address = {
  name: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  provinceCode: z.string().nullable(),
  countryCodeV2: z.string().nullable(),
  zip: z.string().nullable(),
  phone: z.string().nullable(),
};
const order = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  createdAt: z.string(),
  updatedAt: z.iso.datetime({ offset: true }),
  cancelledAt: z.string().nullable(),
  currencyCode: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  totalDiscountsSet: money,
  shippingAddress: z.object(address).nullable(),
  billingAddress: z.object({ name: z.string().nullable() }).nullable(),
  lineItems,
});
type Order = z.infer<typeof order>;
type LineItem = z.infer<typeof lineItem>;

const ordersAnswer = z.object({ orders: z.object({ nodes: z.array(order), pageInfo }) });
const lineItemsAnswer = z.object({ order: z.object({ lineItems }).nullable() });
const shopAnswer = z.object({ shop: z.object({ name: z.string() }) });

const MONEY = 'shopMoney { amount currencyCode }';
const LINE_ITEM = `sku name quantity originalUnitPriceSet { ${MONEY} } taxLines { priceSet { ${MONEY} } }`;
const PAGE_INFO = 'pageInfo { hasNextPage endCursor }';

export const ORDERS_QUERY = `query ShopifyOrders($first: Int!, $after: String, $query: String, $lineItems: Int!) {
  orders(first: $first, after: $after, sortKey: UPDATED_AT, query: $query) {
    nodes {
      id name createdAt updatedAt cancelledAt currencyCode email phone
      totalDiscountsSet { ${MONEY} }
      shippingAddress { name address1 address2 city provinceCode countryCodeV2 zip phone }
      billingAddress { name }
      lineItems(first: $lineItems) { nodes { ${LINE_ITEM} } ${PAGE_INFO} }
    }
    ${PAGE_INFO}
  }
}`;

export const LINE_ITEMS_QUERY = `query ShopifyOrderLineItems($id: ID!, $first: Int!, $after: String) {
  order(id: $id) {
    lineItems(first: $first, after: $after) { nodes { ${LINE_ITEM} } ${PAGE_INFO} }
  }
}`;

export const SHOP_QUERY = 'query ShopifyShop { shop { name } }';

/**
 * Line items each order of a page carries, the most that keeps the page's requested cost within
 * Shopify's limit per query. Shopify counts 1 point an object and 2 plus `first` times its nodes
 * a connection: an order is 8 points and a line item 6 (itself, its price, its tax lines), so a
 * page is 3 + orders × (8 + 6 × line items). An order with more line items is paged on its own.
 */
export function lineItemsPerOrder(pageSize: number): number {
  const perOrder = Math.floor((MAX_QUERY_COST - 3) / pageSize);
  return Math.min(250, Math.floor((perOrder - 8) / 6));
}

const cursorSchema = z.object({
  v: z.literal(1),
  /** Orders updated after this instant (ISO), or every order. */
  since: z.iso.datetime({ offset: true }).nullable(),
  /** GraphQL's cursor within the run, null at its start. */
  after: z.string().min(1).max(4096).nullable(),
  /** The highest `updatedAt` seen so far (ISO). */
  high: z.iso.datetime({ offset: true }).nullable(),
  /** Orders paged since the search began (since `after` was null). */
  paged: z.number().int().nonnegative(),
});
type Cursor = z.infer<typeof cursorSchema>;

/** An instant as Shopify writes it, in whole seconds. */
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

const encodeCursor = (cursor: Cursor) => encodeSourceCursor(cursor);

const decodeCursor = (text: string | null): Cursor =>
  text === null
    ? { v: 1, since: null, after: null, high: null, paged: 0 }
    : decodeSourceCursor(text, cursorSchema, 'shopifyCursorInvalid');

export interface ShopifySourceOptions {
  /** `kura-shop.myshopify.com` */
  shopDomain: string;
  /** An admin-created custom app's Admin API access token… */
  accessToken?: string;
  /** …or a Dev Dashboard app's client id and secret (the client credentials grant). */
  clientId?: string;
  clientSecret?: string;
  /** Instead of `https://{shopDomain}` (tests). */
  apiBase?: string;
  apiVersion?: string;
  /** The business's time zone: an order's date is its creation's calendar date there. */
  timeZone: string;
  fetch?: typeof fetch;
  sleep?: Sleep;
  now?: () => number;
  random?: () => number;
  /** Orders per request (1–71: more leaves no room for a line item within the query cost). */
  pageSize?: number;
  /** An order skipped: the run records it among its errors. */
  onProblem?: (problem: OrderProblem) => void;
}

const text = (value: string | null | undefined) => (value ?? '').trim();

/** An amount of Shopify's, which must be in the shop's currency (INR). */
function amountOf(bag: z.infer<typeof money>, column: string, max?: number): Minor {
  const { amount, currencyCode } = bag.shopMoney;
  if (currencyCode !== currency) {
    throw new RowProblem('importWrongCurrency', { currency: currencyCode, platform: 'SHOPIFY' });
  }
  return amountCell(amount, column, currency, undefined, max);
}

/** An order's lines as the report reader makes them; throws a RowProblem for an order it would refuse. */
function orderLines(
  node: Order,
  items: readonly LineItem[],
  timeZone: string,
  firstRow: number,
): ImportLine[] {
  if (node.currencyCode !== currency) {
    throw new RowProblem('importWrongCurrency', { currency: node.currencyCode, platform: 'SHOPIFY' });
  }
  const orderId = text(node.name);
  const orderDate = dateCell(node.createdAt, 'createdAt', timeZone, timeZone);
  const discount = amountOf(node.totalDiscountsSet, 'totalDiscountsSet');
  const cancelled = node.cancelledAt !== null;
  const shipping = node.shippingAddress;
  const customer = customerOf({
    name: text(shipping?.name) || text(node.billingAddress?.name),
    email: text(node.email),
    phone: text(shipping?.phone) || text(node.phone),
    address: [text(shipping?.address1), text(shipping?.address2)].filter(Boolean).join(', '),
    city: text(shipping?.city),
    state: text(shipping?.provinceCode),
    country: text(shipping?.countryCodeV2),
    postcode: text(shipping?.zip),
  });
  const maxAmount = toMinor(MAX_AMOUNT[currency], currency);
  const lines: ImportLine[] = [];
  for (const item of items) {
    const sku = text(item.sku);
    if (!sku) continue;
    const orderQuantity = quantityCell(String(item.quantity), false);
    const unitPrice = amountOf(item.originalUnitPriceSet, 'originalUnitPriceSet', MAX_UNIT_PRICE[currency]);
    // At most 10^9 paise × 10^5 units: exact in a double.
    const baseOrderPrice = unitPrice * orderQuantity;
    if (baseOrderPrice > maxAmount) {
      throw amountTooLarge(
        'originalUnitPriceSet × quantity',
        item.originalUnitPriceSet.shopMoney.amount,
        MAX_AMOUNT[currency],
        currency,
      );
    }
    let gst = 0;
    for (const tax of item.taxLines) gst += amountOf(tax.priceSet, 'taxLines');
    if (gst > maxAmount)
      throw amountTooLarge('taxLines', formatMinor(gst, currency), MAX_AMOUNT[currency], currency);
    const line: ImportLine = {
      row: firstRow + lines.length,
      platformCode: 'SHOPIFY',
      orderId,
      orderDate,
      sku,
      asin: '',
      name: text(item.name),
      orderQuantity,
      currency,
      baseOrderPrice,
      discount: 0,
      gst,
      cancelled,
      customer,
    };
    checkText(line);
    lines.push(line);
  }
  const shares = allocateMinor(
    discount,
    lines.map((line) => line.baseOrderPrice),
  );
  lines.forEach((line, i) => {
    line.discount = shares[i] as number;
  });
  return lines;
}

class OrderTooLarge extends Error {}

export function createShopifySource(options: ShopifySourceOptions): PlatformSource {
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const perOrder = lineItemsPerOrder(pageSize);
  if (!Number.isInteger(pageSize) || pageSize < 1 || perOrder < 1) {
    throw new RangeError(`${pageSize} orders a page leave no room for a line item in a Shopify query`);
  }
  const version = options.apiVersion ?? SHOPIFY_API_VERSION;
  const base = options.apiBase ?? `https://${options.shopDomain}`;
  const client = createShopifyClient({
    endpoint: `${base}/admin/api/${version}/graphql.json`,
    tokens:
      options.clientId && options.clientSecret
        ? clientCredentialsToken({
            tokenUrl: `${base}/admin/oauth/access_token`,
            clientId: options.clientId,
            clientSecret: options.clientSecret,
            ...(options.fetch ? { fetch: options.fetch } : {}),
            ...(options.now ? { now: options.now } : {}),
          })
        : fixedToken(options.accessToken ?? ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.random ? { random: options.random } : {}),
  });

  /** Every line item of an order: the ones its page carried, then the rest a page at a time. */
  async function allLineItems(node: Order, signal: AbortSignal): Promise<LineItem[]> {
    const items = [...node.lineItems.nodes];
    let info = node.lineItems.pageInfo;
    while (info.hasNextPage) {
      if (items.length > MAX_ORDER_LINES) throw new OrderTooLarge();
      const answer = await client.query(
        'ShopifyOrderLineItems',
        LINE_ITEMS_QUERY,
        { id: node.id, first: MORE_LINES_PAGE, after: info.endCursor },
        lineItemsAnswer,
        signal,
      );
      // Deleted since its page came (a test order): the page's lines are all there is.
      if (!answer.order) break;
      items.push(...answer.order.lineItems.nodes);
      info = answer.order.lineItems.pageInfo;
    }
    if (items.length > MAX_ORDER_LINES) throw new OrderTooLarge();
    return items;
  }

  async function* pages(cursorText: string | null, signal: AbortSignal): AsyncGenerator<SourcePage> {
    let state = decodeCursor(cursorText);
    let row = 1;
    for (;;) {
      const { since } = state;
      let { high } = state;
      const answer = await client.query(
        'ShopifyOrders',
        ORDERS_QUERY,
        {
          first: pageSize,
          after: state.after,
          query: since === null ? null : `updated_at:>'${since}'`,
          lineItems: perOrder,
        },
        ordersAnswer,
        signal,
      );
      const { nodes, pageInfo: info } = answer.orders;
      const lines: ImportLine[] = [];
      for (const node of nodes) {
        if (high === null || Date.parse(node.updatedAt) > Date.parse(high)) high = node.updatedAt;
        try {
          const items = await allLineItems(node, signal);
          const orderLinesOf = orderLines(node, items, options.timeZone, row);
          row += orderLinesOf.length;
          lines.push(...orderLinesOf);
        } catch (error) {
          if (error instanceof OrderTooLarge) {
            options.onProblem?.({
              orderId: node.name,
              code: 'shopifyOrderTooLarge',
              params: { orderId: node.name, max: MAX_ORDER_LINES },
            });
          } else if (error instanceof RowProblem) {
            options.onProblem?.({
              orderId: node.name,
              code: error.code,
              ...(error.params ? { params: error.params } : {}),
            });
          } else {
            throw error;
          }
        }
      }
      const more = info.hasNextPage && info.endCursor !== null;
      const paged = state.paged + nodes.length;
      const last = nodes.at(-1) ? Date.parse((nodes.at(-1) as Order).updatedAt) : null;
      if (!more) {
        state = {
          v: 1,
          since: high === null ? since : isoSeconds(Date.parse(high) - OVERLAP_MS),
          after: null,
          high,
          paged: 0,
        };
      } else if (
        paged >= WINDOW_ORDERS &&
        last !== null &&
        (since === null || last - 1000 > Date.parse(since))
      ) {
        // A new search from the page's last change: Shopify pages no deeper than 25,000 objects.
        // Its second again, since updatedAt has whole seconds and orders of that second may follow.
        state = { v: 1, since: isoSeconds(last - 1000), after: null, high, paged: 0 };
      } else {
        state = { v: 1, since, after: info.endCursor, high, paged };
      }
      yield { lines, orders: nodes.length, cursor: encodeCursor(state), more };
      if (!more) return;
    }
  }

  return {
    kind: 'shopify',
    pages,
    async test(signal) {
      await client.query('ShopifyShop', SHOP_QUERY, {}, shopAnswer, signal);
    },
  };
}
