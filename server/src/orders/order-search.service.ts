/**
 * GET /orders/search: orders whose order id, customer (name or email), or product (name, SKU,
 * JAN) contains the text, within the list's own filters (status tab, platform, order dates,
 * shipment, product), so a search of a narrowed list stays narrowed. A complete JAN, as a
 * scanner types it, matches that product's orders only. An empty text lists the filters.
 *
 * Built so that every new text is fast, not only a repeated one (staff rarely search the same
 * text twice; docs/architecture.md, "Order search"):
 * - The total: the matched products' orders are a sum of kept counts per product
 *   (020_order_counts); only the orders matched by their own id or customer are counted one by
 *   one, and those are few for almost every text.
 * - The page: looked up (the matches fetched and sorted) when they are fewer than the orders a
 *   walk of the sort's index would read before it has the page; walked otherwise, each order
 *   tested against the matched sets held in memory. Both sizes come from the kept counts.
 */
import type { Kysely } from 'kysely';
import { isValidJan } from '#shared/domain/jan';
import { ordersSearchSpec } from '#shared/list-specs';
import type { Filter, ListQuery } from '#shared/query';
import type { SearchResponse } from '#shared/schemas/common';
import type { Order, OrderTotals, TabCountsFilters } from '#shared/schemas/order';
import type { Database } from '../db/database';
import { applyFilters, parseList, runList } from '../http/list';
import {
  addStatusCounts,
  countOrdersByDay,
  countOrdersByStatus,
  countProductOrders,
  dayCountsAnswer,
  noStatusCounts,
  productCountsAnswer,
  sumStatusCounts,
  type StatusCounts,
} from './order-counts.repository';
import {
  janTextSets,
  matchedOrders,
  matchedProducts,
  orderTextMatch,
  orderTextScan,
  ownMatchesPageByKeys,
  orderTextSets,
  countMatchesByKeys,
  countOrdersPerStatus,
  countOwnMatchesOutsideProducts,
  ownMatches,
  type OrderTextSets,
} from './order-search.repository';
import { orderRowsByIds, orderRowsQuery, ordersColumns, ordersKeysBase, toOrder } from './orders.repository';
import { listOrderPage } from './orders.service';
import { searchTrigrams } from './search-trigrams';

const JAN_SHAPE = /^(\d{8}|\d{13})$/;

export async function searchOrders(db: Kysely<Database>, rawQuery: unknown): Promise<SearchResponse<Order>> {
  const query = parseList(rawQuery, ordersSearchSpec);
  const text = query.extras.searchStr?.trim() ?? '';
  if (!text) {
    const page = await listOrderPage(db, query);
    return { data: page.data, totalcount: page.totalCount };
  }
  const sets = await textSets(db, text);
  const tallied = productCountsAnswer(query.filters);
  const matched = matchedProducts(sets);
  const products = matched
    ? await countProductOrders(db, matched, tallied ? query.filters : [])
    : { byStatus: noStatusCounts(), all: 0 };
  if (products.all === 0) {
    // Only order ids and customers match: the page and its total straight from the search keys.
    const own = await ownMatchesPageByKeys(db, sets, query);
    if (own) {
      const rows = new Map((await orderRowsByIds(db, own.ids)).map((row) => [row.list_key, row]));
      const data = own.ids.flatMap((id) => {
        const row = rows.get(id);
        return row ? [toOrder(row)] : [];
      });
      return { data, totalcount: own.total };
    }
  }
  const matches = await countMatches(db, query.filters, sets, tallied ? products : undefined);
  const total = sumStatusCounts(matches.byStatus);
  const page = await runList(orderRowsQuery(db), query, ordersColumns, toOrder, {
    db,
    count: async () => total,
    keysBase: () => matchedOrders(db, sets, query.filters),
    readRows: (ids) => orderRowsByIds(db, ids),
    scanKeys: {
      base: () => ordersKeysBase(db).where(orderTextScan(db, sets)),
      preferScan: (n) => walkBeatsLookup(db, query, n, matches.lookupRows),
    },
  });
  return { data: page.data, totalcount: page.totalCount };
}

/**
 * The status tabs' counts of a search: its matches per status within the other filters
 * (platform, order dates, shipment, product), so the tabs count what the list shows.
 */
export async function searchCountsByStatus(
  db: Kysely<Database>,
  text: string,
  filters: readonly Filter[],
): Promise<StatusCounts> {
  const sets = await textSets(db, text);
  const tallied = productCountsAnswer(filters);
  const matched = matchedProducts(sets);
  const products = tallied && matched ? await countProductOrders(db, matched, filters) : undefined;
  return (await countMatches(db, filters, sets, products ?? (tallied ? NO_PRODUCTS : undefined))).byStatus;
}

const NO_PRODUCTS = { byStatus: noStatusCounts(), all: 0 };

/**
 * GET /orders/total: the status tabs' counts under every filter the list applies. From the kept
 * day counts for order dates and a platform; a search's from the kept product counts and the
 * search keys; counted from the orders' indexes for a shipment or a product.
 */
export async function orderTotals(db: Kysely<Database>, query: TabCountsFilters): Promise<OrderTotals> {
  const filters: Filter[] = [
    ...(query.from ? [{ field: 'orderDate', op: 'gte' as const, value: query.from }] : []),
    ...(query.to ? [{ field: 'orderDate', op: 'lte' as const, value: query.to }] : []),
    ...(query.platformCode ? [{ field: 'platformCode', op: 'eq' as const, value: query.platformCode }] : []),
    ...(query.shipmentId ? [{ field: 'shipmentId', op: 'eq' as const, value: query.shipmentId }] : []),
    ...(query.product ? [{ field: 'product', op: 'eq' as const, value: query.product }] : []),
  ];
  const text = query.searchStr?.trim() ?? '';
  const byStatus = text
    ? await searchCountsByStatus(db, text, filters)
    : dayCountsAnswer(filters)
      ? await countOrdersByStatus(db, filters)
      : await countOrdersPerStatus(applyFilters(ordersKeysBase(db), { filters }, ordersColumns));
  return { totalCount: sumStatusCounts(byStatus), byStatus };
}

/** What a text matches: a complete JAN, as a scanner types it, that product's orders only. */
const textSets = async (db: Kysely<Database>, text: string): Promise<OrderTextSets> =>
  JAN_SHAPE.test(text) && isValidJan(text)
    ? janTextSets(db, text)
    : orderTextSets(db, text, await searchTrigrams(db));

/**
 * The search's matches per status, and how many orders a lookup of its matches would fetch
 * (every order of the matched products, whatever the filters, and the orders matched by their
 * own id or customer). `products`: the matched products' orders from the kept counts, when they
 * can answer the filters.
 */
async function countMatches(
  db: Kysely<Database>,
  filters: readonly Filter[],
  sets: OrderTextSets,
  products: { byStatus: StatusCounts; all: number } | undefined,
): Promise<{ byStatus: StatusCounts; lookupRows: number }> {
  if (!products) {
    // Order dates, a shipment or a product among the filters: the kept counts per product do
    // not know them, so the matches are counted (the filters narrow them first), from the
    // search keys where they can test the filters.
    const byStatus =
      (await countMatchesByKeys(db, sets, filters)) ??
      (await countOrdersPerStatus(
        applyFilters(ordersKeysBase(db).where(orderTextMatch(db, sets, filters)), { filters }, ordersColumns),
      ));
    return { byStatus, lookupRows: sumStatusCounts(byStatus) };
  }
  const own = ownMatches(sets)
    ? await countOwnMatchesOutsideProducts(db, sets, { filters }, ordersColumns)
    : noStatusCounts();
  return {
    byStatus: addStatusCounts(products.byStatus, own),
    lookupRows: products.all + sumStatusCounts(own),
  };
}

/**
 * What a looked-up match costs against an order walked: a lookup reads each match's row by its
 * id and sorts them all; a walk reads one index entry and probes the sets held in memory
 * (measured at a million orders on SQLite: about 4 µs against 0.4 µs).
 */
const LOOKUP_ROW_COST = 10;

/**
 * Whether the page is found faster by walking the sort's index and testing each order than by
 * looking every match up. A walk reads about (offset + limit) × orders in scope / matches
 * entries, and never more than the scope (a small status tab is read whole in no time); a lookup
 * reads every order of the matched products, whatever the filters, and the others matched.
 */
async function walkBeatsLookup(
  db: Kysely<Database>,
  query: ListQuery,
  total: number,
  lookupRows: number,
): Promise<boolean> {
  const scope = await countOrdersByDay(db, { filters: dayCountsAnswer(query.filters) ? query.filters : [] });
  const walked = Math.min(scope, ((query.offset + query.limit) * scope) / Math.max(total, 1));
  return walked < lookupRows * LOOKUP_ROW_COST;
}
