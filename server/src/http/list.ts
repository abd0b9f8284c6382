/**
 * List and search semantics, once for every resource (see docs/architecture.md, lists): the
 * request's query is parsed with the shared codec against the resource's {@link ListSpec}, then
 * applied to a Kysely select as filters, sort and paging. API field names map to SQL columns
 * here, so the query language never reaches SQL unchecked.
 *
 * Built to hold at a million rows: every sort is `key, tieBreaker` in one direction, which an
 * index on the same two expressions serves; nullable columns sort on a coalesce sentinel
 * instead of NULLS LAST (which no index serves on both databases); totals of big tables are
 * cached per filter set until a write bumps the table's `list_versions` counter.
 */
import { createHash } from 'node:crypto';
import {
  CompiledQuery,
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { z } from 'zod';
import {
  FILTER_OPS,
  parseListQuery,
  type Filter,
  type FilterValue,
  type ListQuery,
  type ListSpec,
  type SortSpec,
} from '#shared/query';
import { textSchema, type ListResponse, type SearchResponse } from '#shared/schemas/common';
import { Lru, perDatabase } from '../db/cache-kit';
import { executeCompiled } from '../db/compiled';

export interface ListColumns {
  /** API field → qualified column (`users.created_at`), for every filter and sort field. */
  readonly columns: Readonly<Record<string, string>>;
  /** Text fields sorted case-insensitively, so both dialects order names the same way. */
  readonly caseInsensitiveSorts?: readonly string[];
  /** Filters that are not a plain column comparison (e.g. `role=none` meaning no role). */
  readonly customFilters?: Readonly<Record<string, (filter: Filter) => Expression<SqlBool>>>;
  /** Unique column appended to every sort so pages never overlap or skip rows. */
  readonly tieBreaker: string;
  /**
   * Nullable sort fields of small tables: NULLS LAST, so empty values come last both ways on
   * both databases. No index serves it on PostgreSQL when descending; big tables use
   * {@link nullSentinels}. Fields in neither list must be NOT NULL.
   */
  readonly nullableSorts?: readonly string[];
  /**
   * Nullable sort fields of big tables: sorted on `coalesce(column, high)` ascending and
   * `coalesce(column, low)` descending (empty values last both ways), each served by an index
   * on that very expression and the tie breaker.
   */
  readonly nullSentinels?: Readonly<
    Record<string, { readonly high: string | number; readonly low: string | number }>
  >;
  /**
   * Tables whose writes change the list's total (each bumped in `list_versions` by triggers):
   * with them, the total of a filter set is counted once and reused until one of them changes.
   */
  readonly countedTables?: readonly string[];
}

/** Booleans are stored as 0/1 on both dialects. */
const toSqlValue = (v: FilterValue) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

function columnOf(columns: ListColumns, field: string): string {
  const column = columns.columns[field];
  // A spec field without a column is a programming error, not bad input.
  if (!column) throw new Error(`List field ${field} has no column mapping`);
  return column;
}

/** `ne` is null-safe: "not AMAZONJP" includes rows with no value at all. */
const SQL_OPS = { eq: '=', ne: 'is distinct from', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** Compares any SQL expression with a parsed filter (for custom filters over computed values). */
export function compare(expression: Expression<unknown>, filter: Filter): Expression<SqlBool> {
  if (filter.op === 'in') {
    const values = (filter.value as FilterValue[]).map(toSqlValue);
    return sql<SqlBool>`${expression} in (${sql.join(values)})`;
  }
  return sql<SqlBool>`${expression} ${sql.raw(SQL_OPS[filter.op])} ${toSqlValue(filter.value as FilterValue)}`;
}

export function filterExpression(columns: ListColumns, filter: Filter): Expression<SqlBool> {
  const custom = columns.customFilters?.[filter.field];
  return custom ? custom(filter) : compare(sql.ref(columnOf(columns, filter.field)), filter);
}

/** Case-insensitive "contains" over several columns; `%`, `_` and `\` in the text are literal. */
export function containsText(columnNames: readonly string[], text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const parts = columnNames.map((c) => sql<SqlBool>`lower(${sql.ref(c)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** The sort key of a list query: the column, lowercased or behind its null sentinel. */
export function sortKey(columns: ListColumns, sort: SortSpec): RawBuilder<unknown> {
  const column = sql.ref(columnOf(columns, sort.field));
  const sentinels = columns.nullSentinels?.[sort.field];
  if (sentinels) {
    // Literals, not parameters: an index on an expression serves only the same expression.
    return sql`coalesce(${column}, ${sql.lit(sort.direction === 'asc' ? sentinels.high : sentinels.low)})`;
  }
  return columns.caseInsensitiveSorts?.includes(sort.field) ? sql`lower(${column})` : column;
}

/** Applies the query's filters to `base`. */
export function applyFilters<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: { readonly filters: readonly Filter[] },
  columns: ListColumns,
): SelectQueryBuilder<DB, TB, O> {
  let filtered = base;
  for (const filter of query.filters) filtered = filtered.where(filterExpression(columns, filter));
  return filtered;
}

/** Orders by the query's sort and the tie breaker, both in the sort's direction. */
export function applySort<DB, TB extends keyof DB, O>(
  select: SelectQueryBuilder<DB, TB, O>,
  sort: SortSpec,
  columns: ListColumns,
): SelectQueryBuilder<DB, TB, O> {
  const key = sortKey(columns, sort);
  const ordered = columns.nullableSorts?.includes(sort.field)
    ? select.orderBy(key, (ob) => (sort.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
    : select.orderBy(key, sort.direction);
  return ordered.orderBy(sql.ref(columns.tieBreaker), sort.direction);
}

/**
 * Totals by database and count query, with the `list_versions` sum they were counted at. Each
 * server instance keeps its own; the versions live in the database, so a write through any
 * instance makes every instance recount.
 */
const countCacheOf = perDatabase(() => new Lru<string, { version: number; count: number }>(500));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any area's database type
type AnyDb = Kysely<any>;

/** Sum of the tables' versions: it grows with every write to any of them. */
async function tablesVersion(db: AnyDb, tables: readonly string[]): Promise<number> {
  const [row] = await executeCompiled(
    db,
    `list.version:${tables.length}`,
    () =>
      db
        .selectFrom('list_versions')
        .select(sql<number>`coalesce(sum(version), 0)`.as('v'))
        .where('name', 'in', tables),
    tables,
  );
  return Number((row as { v?: number } | undefined)?.v ?? 0);
}

/** The number of rows `filtered` selects, from the count cache when `columns` has counted tables. */
export async function countRows<DB, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  columns: ListColumns,
  db: AnyDb | undefined,
): Promise<number> {
  const countQuery = countQueryOf(filtered);
  if (!db) return totalOf(await countQuery.executeTakeFirst());
  return countCompiled(countQuery.compile(), columns, db);
}

const countQueryOf = <DB, TB extends keyof DB, O>(filtered: SelectQueryBuilder<DB, TB, O>) =>
  filtered.clearSelect().select(sql<number>`count(*)`.as('total_count'));

/**
 * The count cache's key of a compiled count: its SQL and parameters, hashed when long (a filter
 * of many values would make a long key).
 */
function countKeyOf(compiled: CompiledQuery): string {
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  return key.length > 2000 ? `sha256:${createHash('sha256').update(key).digest('base64')}` : key;
}

/**
 * Runs a compiled count (the count query of a list's filters), through the count cache when
 * `columns` has counted tables; `key`, when known, is its {@link countKeyOf}.
 */
async function countCompiled(
  compiled: CompiledQuery,
  columns: ListColumns,
  db: AnyDb,
  key?: string,
): Promise<number> {
  const tables = columns.countedTables;
  if (!tables) return totalOf((await db.executeQuery(compiled)).rows[0]);
  // The version is read before counting: a write committed in between is then either in the
  // count or in a newer version, never lost.
  const version = await tablesVersion(db, tables);
  const cacheKey = key ?? countKeyOf(compiled);
  const cache = countCacheOf(db);
  const hit = cache.get(cacheKey);
  if (hit && hit.version === version) return hit.count;
  // The same count at the same version already running (several users, or one user's list and
  // tabs, opening the same search at once): wait for it rather than count again. A cold count of
  // a common word took 0.4 s on PostgreSQL at a million orders; ten at once took seconds each.
  const inFlight = countsInFlightOf(db);
  const flightKey = `${version}\u0000${cacheKey}`;
  let counting = inFlight.get(flightKey);
  if (!counting) {
    counting = db
      .executeQuery(compiled)
      .then((result) => totalOf(result.rows[0]))
      .finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, counting);
  }
  const total = await counting;
  cache.set(cacheKey, { version, count: total });
  return total;
}

/** Counts running now, by database and version + count key (not a cache: gone once counted). */
const countsInFlightOf = perDatabase(() => new Map<string, Promise<number>>());

const totalOf = (row: unknown) => Number((row as { total_count?: number } | undefined)?.total_count ?? 0);

/** A builder, or how to build it when it is needed (a cached plan may make it unneeded). */
type Lazy<Q> = Q | (() => Q);
const built = <Q>(lazy: Lazy<Q>): Q => (typeof lazy === 'function' ? (lazy as () => Q)() : lazy);

/**
 * The compiled queries of a keyed list for one shape of filters (which fields, operators and
 * how many values: the values themselves are parameters), sort and extras: its count and its
 * page of keys (with `limit` and `offset` as its last two parameters), and the same page found
 * by the scan when a list has one. Kysely builds and compiles a query object anew for every
 * request, which cost a list page more CPU than running its SQL; staff change a filter's value
 * far more often than its shape, so every new date window or status tab finds its plan.
 */
interface KeyPlan {
  count?: Template;
  keys?: Template;
  scanKeys?: Template;
}

/** A compiled query whose parameters are filter values (by position in the query) or constants. */
interface Template {
  sql: string;
  parameters: readonly ({ filter: number; item: number } | { value: unknown })[];
}

/** Stands for a filter value while a plan is compiled; no value a request holds looks like it. */
const MARK = '\u0001kura-filter\u0002';
// eslint-disable-next-line no-control-regex -- the mark is made of control characters on purpose
const MARKED = /^\u0001kura-filter\u0002(\d+)\.(\d+)$/;

/**
 * The query with the values of its plain filters (column comparisons) replaced by marks, and
 * the key of its shape. A custom filter may turn its value into SQL of its own (`role=none`
 * into `is null`), so its value stays in the key and in the query.
 */
function shapeOf(query: ListQuery, columns: ListColumns) {
  const plain = (filter: Filter) => !columns.customFilters?.[filter.field];
  const marked: ListQuery = {
    ...query,
    filters: query.filters.map((filter, i) => {
      if (!plain(filter)) return filter;
      const value = Array.isArray(filter.value)
        ? filter.value.map((_, j) => `${MARK}${i}.${j}`)
        : `${MARK}${i}.0`;
      return { ...filter, value } as Filter;
    }),
  };
  const key = JSON.stringify([
    query.filters.map((f) =>
      plain(f) ? [f.field, f.op, Array.isArray(f.value) ? f.value.length : -1] : [f.field, f.op, f.value],
    ),
    query.sort,
    query.extras,
  ]);
  return { marked, key };
}

function templateOf(compiled: { sql: string; parameters: readonly unknown[] }): Template {
  return {
    sql: compiled.sql,
    parameters: compiled.parameters.map((value) => {
      if (typeof value !== 'string' || !value.includes(MARK)) return { value };
      const match = MARKED.exec(value);
      // A plain filter's value reached SQL changed (quoted, lowered): this shape cannot be reused.
      if (!match) throw new Error(`A list filter's value did not reach its query as a parameter: ${value}`);
      return { filter: Number(match[1]), item: Number(match[2]) };
    }),
  };
}

function parametersOf(template: Template, query: ListQuery): unknown[] {
  return template.parameters.map((slot) => {
    if ('value' in slot) return slot.value;
    const value = query.filters[slot.filter]?.value;
    return toSqlValue((Array.isArray(value) ? value[slot.item] : value) as FilterValue);
  });
}

const plansOf = perDatabase(() => new Lru<string, KeyPlan>(500));
const LIMIT_OFFSET = /limit (\?|\$\d+) offset (\?|\$\d+)$/i;

/** Compiles a page of keys, checking that `limit` and `offset` are its last two parameters. */
function pageTemplate(compiled: CompiledQuery, query: ListQuery): Template {
  const { parameters } = compiled;
  if (
    !LIMIT_OFFSET.test(compiled.sql) ||
    parameters[parameters.length - 2] !== query.limit ||
    parameters[parameters.length - 1] !== query.offset
  ) {
    throw new Error(`A list's page of keys does not end with its limit and offset: ${compiled.sql}`);
  }
  return templateOf({ sql: compiled.sql, parameters: parameters.slice(0, -2) });
}

const runPage = async (db: AnyDb, page: Template, query: ListQuery) =>
  (
    await db.executeQuery(
      CompiledQuery.raw(page.sql, [...parametersOf(page, query), query.limit, query.offset]),
    )
  ).rows as { list_key: string }[];

/**
 * Applies filters, counts, sorts and pages. `base` carries the select list and any
 * resource-specific conditions (search text, access); `map` turns a row into the API shape.
 *
 * Options: `db` for the count cache of lists with `countedTables`; `keysBase`, the same rows
 * as `base` from the list's own table alone (no display joins, no per-row subselects). With
 * it the total is counted from that table's indexes, and the page is found as keys first
 * (a sort or an offset then moves keys, not whole rows) and its rows read by key after.
 * With `plan` too, the count and key queries are compiled once per set of parsed filters,
 * sort and extras and reused (see {@link KeyPlan}).
 */
export async function runList<DB, TB extends keyof DB, O, T, KDB, KTB extends keyof KDB, KO>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery,
  columns: ListColumns,
  map: (row: O) => T,
  options: {
    db?: AnyDb;
    keysBase?: Lazy<SelectQueryBuilder<KDB, KTB, KO>>;
    /**
     * Names what `keysBase` and `scanKeys.base` select, so their compiled queries are kept per
     * parsed query under that name: they must then depend on nothing but the parsed query
     * (its filters, sort and extras) and the database. Needs `db`.
     */
    plan?: string;
    /**
     * The list's total when the resource knows it without counting rows (kept counts), or
     * undefined to count as usual.
     */
    count?: (query: ListQuery) => Promise<number | undefined>;
    /**
     * Reads the page's rows by key (in any order, each with its key as `list_key`) instead of
     * `base` filtered by the keys: for a repository that keeps that query compiled.
     */
    readRows?: (keys: string[]) => Promise<(O & { list_key: string })[]>;
    /**
     * The same rows as `keysBase`, found by a condition tested row by row (no index lookup):
     * used for the page's keys when `preferScan(totalCount)` says so. Walking the sort index
     * and testing each row stops after the page, whereas an index lookup must fetch and sort
     * every match first, so with many matches the walk is the cheaper plan.
     */
    scanKeys?: {
      // Its own tables: a lookup may join what a walk does not.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any rows with the list's columns
      base: Lazy<SelectQueryBuilder<any, any, any>>;
      preferScan: (totalCount: number) => boolean | Promise<boolean>;
    };
  } = {},
): Promise<ListResponse<T>> {
  if (!options.keysBase) {
    const filtered = applyFilters(base, query, columns);
    const totalCount = await countRows(filtered, columns, options.db);
    if (totalCount === 0 || query.offset >= totalCount) return { data: [], totalCount };
    const rows = await applySort(filtered, query.sort, columns)
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    return { data: rows.map(map), totalCount };
  }
  const { db, keysBase, scanKeys: scan } = options;
  const tie = sql.ref(columns.tieBreaker);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- keysBase's or scanKeys.base's rows
  const keysOf = (from: Lazy<SelectQueryBuilder<any, any, any>>, filters: ListQuery) =>
    pageTemplate(
      applySort(
        applyFilters(built(from), filters, columns)
          .clearSelect()
          .select(tie.as('list_key') as never),
        query.sort,
        columns,
      )
        .limit(query.limit)
        .offset(query.offset)
        .compile(),
      query,
    );

  let keys: { list_key: string }[];
  let totalCount: number;
  if (options.plan && db) {
    const byKey = plansOf(db);
    const shape = shapeOf(query, columns);
    const planKey = `${options.plan}\u0000${shape.key}`;
    const plan = byKey.get(planKey) ?? {};
    byKey.set(planKey, plan);
    const kept = await options.count?.(query);
    if (kept !== undefined) {
      totalCount = kept;
    } else {
      plan.count ??= templateOf(countQueryOf(applyFilters(built(keysBase), shape.marked, columns)).compile());
      const count = CompiledQuery.raw(plan.count.sql, parametersOf(plan.count, query));
      totalCount = await countCompiled(count, columns, db);
    }
    if (totalCount === 0 || query.offset >= totalCount) return { data: [], totalCount };
    if (scan && (await scan.preferScan(totalCount))) {
      keys = await runPage(db, (plan.scanKeys ??= keysOf(scan.base, shape.marked)), query);
    } else {
      keys = await runPage(db, (plan.keys ??= keysOf(keysBase, shape.marked)), query);
    }
  } else {
    const keyed = applyFilters(built(keysBase), query, columns);
    totalCount = (await options.count?.(query)) ?? (await countRows(keyed, columns, db));
    if (totalCount === 0 || query.offset >= totalCount) return { data: [], totalCount };
    const from =
      scan && (await scan.preferScan(totalCount)) ? applyFilters(built(scan.base), query, columns) : keyed;
    keys = (await applySort(from.clearSelect().select(tie.as('list_key') as never), query.sort, columns)
      .limit(query.limit)
      .offset(query.offset)
      .execute()) as unknown as { list_key: string }[];
  }
  if (keys.length === 0) return { data: [], totalCount };
  const keyList = keys.map((k) => k.list_key);
  const rows = options.readRows
    ? await options.readRows(keyList)
    : ((await base
        .select(tie.as('list_key') as never)
        .where(sql<SqlBool>`${tie} in (${sql.join(keyList)})`)
        .execute()) as (O & { list_key: string })[]);
  const byKey = new Map(rows.map((row) => [row.list_key, row]));
  const data: T[] = [];
  for (const { list_key } of keys) {
    const row = byKey.get(list_key);
    // A row deleted between the two reads is left out rather than failing the page.
    if (row) data.push(map(row));
  }
  return { data, totalCount };
}

/**
 * The keyset batches of a query in list order: each batch starts after the last row of the one
 * before on the sort key and the tie breaker, so memory stays flat and each batch is an index
 * range, however many rows there are. `read` runs one batch; `keysOf` takes the row's
 * (sort key, tie breaker), selected last.
 */
async function* keysetBatches<DB, TB extends keyof DB, O, R>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery,
  columns: ListColumns,
  batchSize: number,
  read: (batch: SelectQueryBuilder<DB, TB, O>) => Promise<R[]>,
  keysOf: (row: R) => [unknown, unknown],
): AsyncGenerator<R[]> {
  const filtered = applyFilters(base, query, columns);
  const key = sortKey(columns, query.sort);
  const tie = sql.ref(columns.tieBreaker);
  const after = query.sort.direction === 'asc' ? sql.raw('>') : sql.raw('<');
  const keyed = filtered.select([key.as('list_sort_key' as never), tie.as('list_tie_key' as never)] as never);
  let last: [unknown, unknown] | undefined;
  for (;;) {
    const page = last ? keyed.where(sql<SqlBool>`(${key}, ${tie}) ${after} (${last[0]}, ${last[1]})`) : keyed;
    const rows = await read(applySort(page, query.sort, columns).limit(batchSize));
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    last = keysOf(rows[rows.length - 1] as R);
  }
}

/** Every row of the query in list order, `batchSize` at a time, by keyset. */
export function iterateList<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery,
  columns: ListColumns,
  batchSize: number,
): AsyncGenerator<O[]> {
  type Keyed = O & { list_sort_key: unknown; list_tie_key: unknown };
  return keysetBatches(
    base,
    query,
    columns,
    batchSize,
    async (batch) => (await batch.execute()) as Keyed[],
    (row: Keyed) => [row.list_sort_key, row.list_tie_key],
  );
}

/**
 * {@link iterateList} with each row as an array of its selected values (in select order, the
 * sort key and tie breaker last), read by `readRaw` from the compiled batch: SQLite's rows
 * then need no object each (db/sqlite-handle.ts).
 */
export function iterateListRaw<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery,
  columns: ListColumns,
  batchSize: number,
  readRaw: (compiled: CompiledQuery) => Promise<unknown[][]>,
): AsyncGenerator<unknown[][]> {
  return keysetBatches(
    base,
    query,
    columns,
    batchSize,
    (batch) => readRaw(batch.compile()),
    (row: unknown[]) => [row[row.length - 2], row[row.length - 1]],
  );
}

/** `…/search` endpoints answer `totalcount` in lowercase, as their existing clients read it. */
export async function runSearch<DB, TB extends keyof DB, O, T>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery,
  columns: ListColumns,
  map: (row: O) => T,
): Promise<SearchResponse<T>> {
  const { data, totalCount } = await runList(base, query, columns, map);
  return { data, totalcount: totalCount };
}

/** Parses the raw request query; a bad field throws ListQueryError, which answers 400 naming it. */
export const parseList = (rawQuery: unknown, spec: ListSpec): ListQuery =>
  parseListQuery((rawQuery ?? {}) as Record<string, unknown>, spec);

const queryValue = z.union([textSchema(), z.array(textSchema())]).optional();

/**
 * The query-string schema of a list route, for the OpenAPI document. It validates nothing
 * the codec does not (every value is text, unknown keys pass through to {@link parseList},
 * which names the offending field), so the two can never disagree.
 */
export function listQuerySchema(spec: ListSpec) {
  const typeName = (t: ListSpec['filters'][string]) => (typeof t === 'object' ? t.enum.join(' | ') : t);
  const filters = Object.fromEntries(
    Object.entries(spec.filters).map(([field, type]) => [
      field,
      queryValue.describe(
        `${typeName(type)}; also ${field}[op] with op in ${FILTER_OPS.join(', ')}; repeat for "any of"`,
      ),
    ]),
  );
  const extras = Object.fromEntries((spec.extras ?? []).map((key) => [key, queryValue]));
  return z.looseObject({
    page: queryValue.describe('From 1'),
    limit: queryValue.describe('1 to 10000'),
    sort: queryValue.describe(
      `One of ${spec.sorts.join(', ')}; prefix - for descending. Default ${spec.defaultSort}`,
    ),
    ...filters,
    ...extras,
  });
}
