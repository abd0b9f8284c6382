/**
 * The cache's answers to the window's reads, by the server's own rules: each request is parsed
 * with the shared list spec and the server's parser, and its filters, sort and search text
 * become SQL through the server's list columns and search conditions (http/list.ts and the
 * areas' repositories), compiled by Kysely for SQLite and run here on the cache's tables, which
 * carry the server's names for everything a list reads (cache-records.ts). Errors are answered
 * by the server's own error mapping. The order totals come from the server's kept day counts,
 * read by its own code (order-counts.repository.ts). Only some bookkeeping differs, for the
 * cache's size: an order search counts and looks up its matches by their keys, and asks the
 * trigram indexes for the whole text; the same rows either way.
 *
 * Kysely runs asynchronously and an IPC read wants its answer now: queries are only compiled
 * (a dialect with no driver), then run synchronously through the cache's own better-sqlite3
 * handle, each statement prepared once per cache file.
 */
import type { Database as Sqlite, Statement } from 'better-sqlite3';
import {
  DummyDriver,
  type CompiledQuery,
  type Expression,
  type QueryId,
  type RootOperationNode,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type Compilable,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLATFORMS } from '#shared/constants';
import { isValidJan } from '#shared/domain/jan';
import type { CacheAnswer } from '#shared/ipc';
import {
  ordersListSpec,
  ordersSearchSpec,
  productsListSpec,
  productsSearchSpec,
  shipmentsListSpec,
  shipmentsSearchSpec,
} from '#shared/list-specs';
import { LIMITS } from '#shared/constants';
import { formatMessage, MESSAGES } from '#shared/messages';
import { ListQueryError, type Filter, type ListQuery } from '#shared/query';
import { CONTROL_CHARACTERS, dateSchema, idSchema, textSchema } from '#shared/schemas/common';
import type { Order } from '#shared/schemas/order';
import type { ShippedOrder, Shipment } from '#shared/schemas/shipment';
import type { Product } from '#shared/schemas/product';
import type { SyncOrder, SyncShipment } from '#shared/schemas/sync';
import type { Database } from '../../../../server/src/db/database';
import { HttpError, httpError, notFound, sendError } from '../../../../server/src/http/errors';
import {
  applyFilters,
  applySort,
  compare,
  parseList,
  type ListColumns,
} from '../../../../server/src/http/list';
import {
  countOrdersByDay,
  countOrdersByStatus,
  dayCountsAnswer,
  statusCountsOf,
  sumStatusCounts,
  type StatusCounts,
} from '../../../../server/src/orders/order-counts.repository';
import {
  janTextSets,
  orderIdMatch,
  orderTextMatch,
  orderTextScan,
  orderTextSets,
  ownMatchesPageByKeys,
  type OrderTextSets,
  type SearchTrigrams,
} from '../../../../server/src/orders/order-search.repository';
import { ordersColumns } from '../../../../server/src/orders/orders.repository';
import { productsColumns, productTextMatch } from '../../../../server/src/products/products.repository';
import {
  shipmentsColumns,
  shipmentTextMatch as serverShipmentTextMatch,
} from '../../../../server/src/shipments/shipments.repository';

/** The statement compiled last (see {@link compiledBy}). */
let lastCompiled: CompiledQuery | undefined;

class RecordingCompiler extends SqliteQueryCompiler {
  override compileQuery(node: RootOperationNode, queryId: QueryId): CompiledQuery {
    lastCompiled = super.compileQuery(node, queryId);
    return lastCompiled;
  }
}

/** Compiles only: a query never runs through Kysely here. */
const kdb = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new RecordingCompiler(),
  },
});

/**
 * The statement a server read of one statement builds (order-counts.repository.ts), to run
 * here: Kysely compiles a query synchronously when it is executed, before its first await, so
 * the read's SQL is at hand as soon as it is called; its promise (no driver: no rows) is left.
 */
function compiledBy(read: (db: Kysely<Database>) => Promise<unknown>): CompiledQuery;
function compiledBy(
  read: (db: Kysely<Database>) => Promise<unknown>,
  options: { optional: true },
): CompiledQuery | undefined;
function compiledBy(read: (db: Kysely<Database>) => Promise<unknown>, options?: { optional: true }) {
  lastCompiled = undefined;
  // The read may also decide without a statement (an answer it cannot give): `optional`.
  void read(kdb);
  const compiled = lastCompiled as CompiledQuery | undefined;
  if (!compiled && !options?.optional)
    throw new Error('The read compiled no statement before its first await');
  return compiled;
}

const productColumns: ListColumns = productsColumns(kdb);

/**
 * Every trigram as rare as any other: the search asks FTS5 for the whole text. The server looks
 * up the text's rarest run of trigrams and checks the rows found for the whole text, which
 * finds the same rows; at the cache's size the whole phrase is fast.
 */
const WHOLE_TEXT: SearchTrigrams = {
  orderIds: { shares: new Map(), floor: 1 },
  customers: { shares: new Map(), floor: 1 },
};

// ---- running compiled queries on the cache's handle ----

const MAX_STATEMENTS = 500;
const statementsByDb = new WeakMap<Sqlite, Map<string, Statement>>();

function statement(db: Sqlite, text: string): Statement {
  let byText = statementsByDb.get(db);
  if (!byText) {
    byText = new Map();
    statementsByDb.set(db, byText);
  }
  let prepared = byText.get(text);
  if (!prepared) {
    // Texts depend on the shape of the filters, not their values: few, but not bounded.
    if (byText.size >= MAX_STATEMENTS) byText.clear();
    prepared = db.prepare(text);
    byText.set(text, prepared);
  }
  return prepared;
}

function run<T>(db: Sqlite, compiled: CompiledQuery): T[] {
  return statement(db, compiled.sql).all(...compiled.parameters) as T[];
}

const all = <T>(db: Sqlite, query: Compilable): T[] => run<T>(db, query.compile());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's select
type AnySelect = SelectQueryBuilder<any, any, any>;
type Table = 'shipments' | 'orders' | 'products';

const countOf = (db: Sqlite, filtered: AnySelect) =>
  Number(all<{ n: number }>(db, filtered.clearSelect().select(sql<number>`count(*)`.as('n')))[0]?.n ?? 0);

/** The records of the ids, in the ids' order. */
function recordsOf(db: Sqlite, table: Table, ids: readonly string[]): unknown[] {
  if (ids.length === 0) return [];
  // Each record is kept apart from its row, under the row's key (cache-records.ts).
  const rows = run<{ id: string; record: string }>(
    db,
    sql`select t.id, r.record from ${sql.table(table)} t join ${sql.table(`${table}_records`)} r on r.key = t.key
      where t.id in (${sql.join(ids)})`.compile(kdb),
  );
  const byId = new Map(rows.map((row) => [row.id, row.record]));
  const records = ids.flatMap((id) => {
    const record = byId.get(id);
    return record === undefined ? [] : [JSON.parse(record) as unknown];
  });
  if (table === 'shipments') return withShippedOrders(db, records as SyncShipment[]);
  if (table === 'orders') return withProducts(db, records as (Order | SyncOrder)[]);
  return records;
}

/**
 * Orders as the API answers them: the sync names an order's product by id (its record is kept
 * once, as a product), and the answer carries the product's summary as the orders API does.
 * A record kept whole (from a server of an earlier version) is answered as it is.
 */
function withProducts(db: Sqlite, orders: readonly (Order | SyncOrder)[]): Order[] {
  const ids = new Set<string>();
  for (const order of orders) if ('productId' in order && order.productId !== null) ids.add(order.productId);
  const products = new Map((recordsOf(db, 'products', [...ids]) as Product[]).map((p) => [p._id, p]));
  return orders.map((order) => {
    if (!('productId' in order)) return order;
    const { productId, ...rest } = order;
    const product = productId === null ? undefined : products.get(productId);
    return {
      ...rest,
      product: product
        ? {
            _id: product._id,
            name: product.name,
            skuCode: product.skuCode,
            janCode: product.janCode,
            purchasePrice: product.purchasePrice,
            availablePlatforms: product.availablePlatforms,
          }
        : null,
    };
  });
}

/**
 * Shipments as the API answers them: the sync names a shipment's orders by id (their records are
 * kept once, as orders), and the answer shows each as the shipment's orders popup does — its
 * shares of the fees, its product by name — in the order they were added.
 */
function withShippedOrders(db: Sqlite, shipments: readonly SyncShipment[]): Shipment[] {
  const orders = new Map(
    (recordsOf(db, 'orders', [...new Set(shipments.flatMap((s) => s.orderIds))]) as Order[]).map((o) => [
      o._id,
      o,
    ]),
  );
  return shipments.map(({ orderIds, ...shipment }) => ({
    ...shipment,
    shippedOrders: orderIds.flatMap((id) => {
      const order = orders.get(id);
      return order ? [shippedOrderOf(order)] : [];
    }),
  }));
}

const shippedOrderOf = (order: Order): ShippedOrder => ({
  _id: order._id,
  orderId: order.orderId,
  orderDate: order.orderDate,
  platformCode: order.platformCode,
  orderQuantity: order.orderQuantity,
  baseOrderPrice: order.baseOrderPrice,
  gst: order.gst,
  commission: order.commission,
  closingFee: order.closingFee,
  shippingFee: order.shippingFee,
  customFee: order.customFee,
  discount: order.discount,
  currency: order.currency,
  shipmentStatus: order.shipmentStatus,
  customer: order.customer,
  product: order.product && { _id: order.product._id, name: order.product.name },
});

/**
 * A page as the server's runList answers it: the filters' total, then the page's keys in the
 * sort's order (the tie breaker after it), then their records. `walk`: the same rows found by a
 * condition tested row by row along the sort's index, and when to prefer it.
 */
function listPage(
  db: Sqlite,
  table: Table,
  base: AnySelect,
  query: ListQuery,
  columns: ListColumns,
  walk?: { base: AnySelect; prefer: (total: number) => boolean },
  kept?: () => number,
): { data: unknown[]; totalCount: number } {
  const totalCount = kept ? kept() : countOf(db, applyFilters(base, query, columns));
  if (totalCount === 0 || query.offset >= totalCount) return { data: [], totalCount };
  const from = walk?.prefer(totalCount) ? walk.base : base;
  const keys = all<{ list_key: string }>(
    db,
    applySort(
      applyFilters(from, query, columns)
        .clearSelect()
        .select(sql.ref<string>(columns.tieBreaker).as('list_key')),
      query.sort,
      columns,
    )
      .limit(query.limit)
      .offset(query.offset),
  );
  return {
    data: recordsOf(
      db,
      table,
      keys.map((k) => k.list_key),
    ),
    totalCount,
  };
}

// ---- the requests ----

/** The query string as Fastify's parser gives it: repeated keys as arrays. */
function rawQueryOf(search: string): Record<string, string | string[]> {
  const raw: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [key, value] of new URLSearchParams(search)) {
    const had = raw[key];
    raw[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return raw;
}

/** The server's check of every query text (errors.ts, preValidation): no control characters, well formed. */
function checkText(raw: Record<string, string | string[]>): void {
  for (const [key, value] of Object.entries(raw)) {
    for (const text of [key, ...(Array.isArray(value) ? value : [value])]) {
      const code = CONTROL_CHARACTERS.test(text)
        ? 'controlCharacter'
        : !text.isWellFormed()
          ? 'illFormedText'
          : undefined;
      if (code) throw httpError(400, code, undefined, [{ field: key, message: MESSAGES[code] }]);
    }
  }
}

/** Validates as the route's zod schema does, failing with the error Fastify would raise. */
function validated<T>(schema: z.ZodType<T>, data: unknown, context: 'querystring' | 'params'): T {
  const result = validatorCompiler({ schema, method: 'GET', url: '', httpPart: context })(data) as {
    value?: T;
    error?: unknown[];
  };
  if (result.error) {
    throw Object.assign(new Error('validation'), {
      statusCode: 400,
      validation: result.error,
      validationContext: context,
    });
  }
  return result.value as T;
}

const idParams = z.object({ id: idSchema });

function byId(db: Sqlite, table: Table, id: string): CacheAnswer {
  validated(idParams, { id }, 'params');
  const [record] = recordsOf(db, table, [id]);
  if (record === undefined) throw notFound();
  return { status: 200, body: { data: record } };
}

const SEARCH_BY = ['shipmentId', 'orderId'] as const;

function shipments(db: Sqlite, raw: Record<string, string | string[]>, search: boolean): CacheAnswer {
  const query = parseList(raw, search ? shipmentsSearchSpec : shipmentsListSpec);
  const base = kdb.selectFrom('shipments');
  if (!search) return { status: 200, body: listPage(db, 'shipments', base, query, shipmentsColumns) };
  const text = query.extras.searchStr?.trim() ?? '';
  const searchBy = query.extras.searchBy ?? 'shipmentId';
  if (!(SEARCH_BY as readonly string[]).includes(searchBy)) {
    const params = { field: 'searchBy', values: SEARCH_BY.join(', ') };
    const message = formatMessage('queryOneOf', params);
    throw httpError(400, 'queryOneOf', params, [{ field: 'searchBy', message, code: 'queryOneOf', params }]);
  }
  const matched = text ? base.where(shipmentTextMatch(text, searchBy as (typeof SEARCH_BY)[number])) : base;
  const page = listPage(db, 'shipments', matched, query, shipmentsColumns);
  return { status: 200, body: { data: page.data, totalcount: page.totalCount } };
}

/**
 * The server's shipment search condition (shipments.repository.ts), with the order id looked up
 * as a whole phrase (WHOLE_TEXT): given no trigram shares, the server's asks the index for the
 * text's first trigram and checks each row found, and "403" begins a third of all order ids
 * (40 ms a search here; 1 ms as a phrase). The same shipments either way.
 */
function shipmentTextMatch(text: string, searchBy: (typeof SEARCH_BY)[number]) {
  if (searchBy === 'shipmentId') return serverShipmentTextMatch(kdb, text, searchBy);
  return sql<SqlBool>`shipments.shipment_id in (select orders.shipment_id from orders
    where orders.id in (${orderIdMatch(kdb, text, WHOLE_TEXT)}) and orders.shipment_id is not null)`;
}

const JAN_SHAPE = /^(\d{8}|\d{13})$/;
const isJan = (text: string) => JAN_SHAPE.test(text) && isValidJan(text);

/** What an order search text matches: a complete JAN, as a scanner types it, that product's orders only. */
const orderSets = (text: string): OrderTextSets =>
  isJan(text) ? janTextSets(kdb, text) : orderTextSets(kdb, text, WHOLE_TEXT);

/** The filters an order's search key `orders_search_keys k` can test (as the server's order search). */
const KEY_COLUMNS: Readonly<Record<string, string>> = {
  shipmentStatus: 'k.shipment_status',
  platformCode: 'k.platform_code',
  orderDate: 'k.order_date',
  product: 'k.product_id',
};

/**
 * The keys of the orders the text matches, with their status, as one union of subqueries of
 * (key, status): those its trigram indexes find by order id or customer, and the matched
 * products' orders from the product index (which holds key, date, status and platform), each
 * part narrowed by the filters a key can test. `complete`: whether those were all the filters.
 * Null where a text below a trigram has no keys to find (an order id prefix).
 */
function matchedKeys(sets: OrderTextSets, filters: readonly Filter[]) {
  // The unary + keeps SQLite from finding the keys by a filter's index (a whole status tab,
  // each tested against the matches) instead of by the matches.
  const narrowing = filters.flatMap((f) => {
    const column = KEY_COLUMNS[f.field];
    return column ? [compare(sql`+${sql.ref(column)}`, f)] : [];
  });
  const keysWhere = (condition: Expression<SqlBool>) =>
    sql`select k.key, k.shipment_status as status from orders_search_keys k
      where ${sql.join([condition, ...narrowing], sql` and `)}`;
  const own = sets.ownKeys && keysWhere(sets.ownKeys);
  if (!own && (sets.orderIds || sets.customers)) return null;
  const products = sets.products && keysWhere(sql<SqlBool>`k.product_id in (${sets.products})`);
  const parts = [own, products].filter((part) => part !== null);
  // The same orders without a union to build: the products' orders, and the own matches of no
  // matched product (a common word's products hold thousands of orders, its own matches none).
  const ownOutside =
    own && sets.products
      ? keysWhere(
          sql<SqlBool>`${sets.ownKeys} and (k.product_id is null or k.product_id not in (${sets.products}))`,
        )
      : own;
  const disjoint = [ownOutside, products].filter((part) => part !== null);
  const none = sql`select null as key, null as status where 1 = 0`;
  return {
    union: parts.length === 0 ? none : sql.join(parts, sql` union `),
    disjoint: disjoint.length === 0 ? none : sql.join(disjoint, sql` union all `),
    complete: narrowing.length === filters.length,
  };
}

/**
 * The orders the text matches, as a base for a lookup or a count: each matched key's order read
 * by its key. The server's orderTextMatch selects the same orders by their text ids, each looked
 * up through the id index; by key, "genmaicha" in the completed tab counted in 3 ms where it
 * took 15. A text below a trigram: the server's condition as it is.
 */
function matchedOrders(sets: OrderTextSets, filters: readonly Filter[]): AnySelect {
  const keys = matchedKeys(sets, filters);
  if (!keys) return kdb.selectFrom('orders').where(orderTextMatch(kdb, sets, filters));
  // A cross join: SQLite keeps the matches outside and reads each order by its key, where it
  // otherwise walked a status tab's index testing every order against them.
  return kdb
    .selectFrom(sql<{ key: number }>`(${keys.union})`.as('m'))
    .crossJoin('orders')
    .where(sql<SqlBool>`orders.key = m.key`);
}

/** The matches within the filters: from their keys alone where those test every filter. */
function countMatches(db: Sqlite, sets: OrderTextSets, filters: readonly Filter[]): number {
  const keys = matchedKeys(sets, filters);
  if (!keys?.complete) return sumStatusCounts(matchesByStatus(db, sets, filters));
  const [row] = run<{ n: number }>(db, sql`select count(*) as n from (${keys.disjoint})`.compile(kdb));
  return Number(row?.n ?? 0);
}

/** The matches per status within the filters: from their keys alone where those test every filter. */
function matchesByStatus(db: Sqlite, sets: OrderTextSets, filters: readonly Filter[]): StatusCounts {
  const keys = matchedKeys(sets, filters);
  const rows = keys?.complete
    ? run<{ status: string; n: number }>(
        db,
        sql`select m.status, count(*) as n from (${keys.disjoint}) m group by m.status`.compile(kdb),
      )
    : all<{ status: string; n: number }>(
        db,
        applyFilters(matchedOrders(sets, filters), { filters }, ordersColumns)
          .clearSelect()
          .select([sql.ref<string>('orders.shipment_status').as('status'), sql<number>`count(*)`.as('n')])
          .groupBy('orders.shipment_status'),
      );
  return statusCountsOf(rows);
}

/**
 * A text that names no product's orders, sorted by order date: the page and its total in one
 * statement from the search keys, as the server reads it (ownMatchesPageByKeys), rather than
 * finding the matches twice, to count and to page. Undefined where that does not apply.
 */
function ownMatchesPage(db: Sqlite, sets: OrderTextSets, query: ListQuery) {
  if (sets.products) {
    const productOrders = run(
      db,
      sql`select 1 from orders where orders.product_id in (${sets.products}) limit 1`.compile(kdb),
    );
    if (productOrders.length > 0) return undefined;
  }
  const compiled = compiledBy((k) => ownMatchesPageByKeys(k, sets, query), { optional: true });
  if (!compiled) return undefined;
  const rows = run<{ id: string; total: number }>(db, compiled);
  // As the server: a page past the end has no total to read; the first page's is 0.
  if (rows.length === 0) return query.offset === 0 ? { data: [], totalcount: 0 } : undefined;
  const ids = rows.map((row) => row.id);
  return { data: recordsOf(db, 'orders', ids), totalcount: Number(rows[0]?.total) };
}

/**
 * A walk of the sort's index reads about (offset + limit) × orders / matches entries; a lookup
 * fetches and sorts every match: the walk wins for a common word on an early page.
 */
const walkBeatsLookup = (db: Sqlite, query: ListQuery) => (matches: number) => {
  const scope = countOf(db, kdb.selectFrom('orders'));
  return ((query.offset + query.limit) * scope) / Math.max(matches, 1) < matches;
};

function orders(db: Sqlite, raw: Record<string, string | string[]>, search: boolean): CacheAnswer {
  const query = parseList(raw, search ? ordersSearchSpec : ordersListSpec);
  const base = kdb.selectFrom('orders');
  const text = search ? (query.extras.searchStr?.trim() ?? '') : '';
  if (!text) {
    // The server's total (listOrderPage): a sum of the kept day counts where they answer the filters.
    const kept = dayCountsAnswer(query.filters)
      ? () =>
          Number(
            run<{ n: number | null }>(
              db,
              compiledBy((k) => countOrdersByDay(k, query)),
            )[0]?.n ?? 0,
          )
      : undefined;
    const page = listPage(db, 'orders', base, query, ordersColumns, undefined, kept);
    return { status: 200, body: search ? { data: page.data, totalcount: page.totalCount } : page };
  }
  const sets = orderSets(text);
  const own = ownMatchesPage(db, sets, query);
  if (own) return { status: 200, body: own };
  const page = listPage(
    db,
    'orders',
    matchedOrders(sets, query.filters),
    query,
    ordersColumns,
    { base: base.where(orderTextScan(kdb, sets)), prefer: walkBeatsLookup(db, query) },
    () => countMatches(db, sets, query.filters),
  );
  return { status: 200, body: { data: page.data, totalcount: page.totalCount } };
}

/** GET /orders/total's query (orders.routes.ts). */
const totalsQuery = z.object({
  start_date: dateSchema.optional(),
  end_date: dateSchema.optional(),
  platformCode: z.enum(PLATFORMS).optional(),
  shipmentId: idSchema.optional(),
  product: idSchema.optional(),
  searchStr: textSchema().optional(),
});

/** The status tabs' counts under the list's other filters, as orderTotals reads its query. */
function orderTotals(db: Sqlite, raw: Record<string, string | string[]>): CacheAnswer {
  const q = validated(totalsQuery, raw, 'querystring');
  const filters: Filter[] = [
    ...(q.start_date ? [{ field: 'orderDate', op: 'gte' as const, value: q.start_date }] : []),
    ...(q.end_date ? [{ field: 'orderDate', op: 'lte' as const, value: q.end_date }] : []),
    ...(q.platformCode ? [{ field: 'platformCode', op: 'eq' as const, value: q.platformCode }] : []),
    ...(q.shipmentId ? [{ field: 'shipmentId', op: 'eq' as const, value: q.shipmentId }] : []),
    ...(q.product ? [{ field: 'product', op: 'eq' as const, value: q.product }] : []),
  ];
  const text = q.searchStr?.trim() ?? '';
  if (!text && dayCountsAnswer(filters)) {
    const rows = run<{ status: string; n: number }>(
      db,
      compiledBy((k) => countOrdersByStatus(k, filters)),
    );
    const byStatus = statusCountsOf(rows);
    return { status: 200, body: { totalCount: sumStatusCounts(byStatus), byStatus } };
  }
  const byStatus = text
    ? matchesByStatus(db, orderSets(text), filters)
    : statusCountsOf(
        all<{ status: string; n: number }>(
          db,
          applyFilters(kdb.selectFrom('orders'), { filters }, ordersColumns)
            .select([sql.ref<string>('orders.shipment_status').as('status'), sql<number>`count(*)`.as('n')])
            .groupBy('orders.shipment_status'),
        ),
      );
  return { status: 200, body: { totalCount: sumStatusCounts(byStatus), byStatus } };
}

function products(db: Sqlite, raw: Record<string, string | string[]>, search: boolean): CacheAnswer {
  const query = parseList(raw, search ? productsSearchSpec : productsListSpec);
  const base = kdb.selectFrom('products');
  if (!search) return { status: 200, body: listPage(db, 'products', base, query, productColumns) };
  // The server's product search (products.service.ts): below two characters nothing; a complete
  // JAN that product only; otherwise name (either language), SKU or JAN contains the text.
  const text = query.extras.searchString?.trim() ?? '';
  if (text.length < LIMITS.productSearchMinChars) return { status: 200, body: { data: [], totalcount: 0 } };
  const matched = isJan(text)
    ? base.where('products.jan_code', '=', text)
    : base.where(productTextMatch(kdb, text));
  const page = listPage(db, 'products', matched, query, productColumns);
  return { status: 200, body: { data: page.data, totalcount: page.totalCount } };
}

/** The API's error answer, by the server's own mapping of the error. */
function errorAnswer(error: unknown): CacheAnswer {
  if (!(error instanceof HttpError || error instanceof ListQueryError || isValidationError(error)))
    throw error;
  let answer: CacheAnswer = { status: 500, body: null };
  const reply = {
    status(code: number) {
      answer = { ...answer, status: code };
      return reply;
    },
    send(body: unknown) {
      answer = { ...answer, body };
      return reply;
    },
  };
  const quiet = () => undefined;
  sendError(error as Error, { log: { info: quiet, warn: quiet, error: quiet } } as never, reply as never);
  return answer;
}

const isValidationError = (error: unknown) =>
  typeof error === 'object' && error !== null && 'validation' in error && 'validationContext' in error;

type Route = (db: Sqlite, raw: Record<string, string | string[]>) => CacheAnswer;

const ROUTES: Record<string, Route> = {
  shipments: (db, raw) => shipments(db, raw, false),
  'shipments/search': (db, raw) => shipments(db, raw, true),
  orders: (db, raw) => orders(db, raw, false),
  'orders/search': (db, raw) => orders(db, raw, true),
  'orders/total': orderTotals,
  products: (db, raw) => products(db, raw, false),
  'products/search': (db, raw) => products(db, raw, true),
};

/** `shipments/{id}`, `orders/{id}`, `products/{id}`; the other routes under them are the server's. */
const ONE = /^(shipments|orders|products)\/([^/]+)$/;
const NOT_IDS = new Set(['products/csv-products']);

/**
 * The answer to a read of the records, or undefined when `path` is not one of them. `context`
 * is reserved for date defaults: no list the cache answers has one today.
 */
export function answerRecords(db: Sqlite, path: string, context: { today: string }): CacheAnswer | undefined {
  void context;
  const [rawPath = '', search = ''] = path.replace(/^\/+/, '').split(/\?(.*)/s);
  // The server ignores a trailing slash.
  const route = rawPath.replace(/\/+$/, '');
  const one = ONE.exec(route);
  const handler = ROUTES[route];
  if (!handler && (!one || NOT_IDS.has(route))) return undefined;
  try {
    const raw = rawQueryOf(search);
    checkText(raw);
    if (handler) return handler(db, raw);
    const [, table, id] = one as RegExpExecArray;
    return byId(db, table as Table, decodeURIComponent(id as string));
  } catch (error) {
    return errorAnswer(error);
  }
}
