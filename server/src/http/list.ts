/**
 * List and search semantics of DESIGN §2, once for every resource: the request's query is
 * parsed with the shared codec against the resource's {@link ListSpec}, then applied to a
 * Kysely select as filters, sort and paging. API field names map to SQL columns here, so
 * the query language never reaches SQL unchecked.
 */
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import {
  FILTER_OPS,
  parseListQuery,
  type Filter,
  type FilterValue,
  type ListQuery,
  type ListSpec,
} from '#shared/query';
import type { ListResponse, SearchResponse } from '#shared/schemas/common';

export interface ListColumns {
  /** API field → qualified column (`users.created_at`), for every filter and sort field. */
  readonly columns: Readonly<Record<string, string>>;
  /** Text fields sorted case-insensitively, so both dialects order names the same way. */
  readonly caseInsensitiveSorts?: readonly string[];
  /** Filters that are not a plain column comparison (e.g. `role=none` meaning no role). */
  readonly customFilters?: Readonly<Record<string, (filter: Filter) => Expression<SqlBool>>>;
  /** Unique column appended to every sort so pages never overlap or skip rows. */
  readonly tieBreaker: string;
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

/**
 * Applies filters, counts, sorts and pages. `base` carries the select list and any
 * resource-specific conditions (search text, access); `map` turns a row into the API shape.
 */
export async function runList<DB, TB extends keyof DB, O, T>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery,
  columns: ListColumns,
  map: (row: O) => T,
): Promise<ListResponse<T>> {
  let filtered = base;
  for (const filter of query.filters) filtered = filtered.where(filterExpression(columns, filter));

  const countRow = await filtered
    .clearSelect()
    .select(sql<number>`count(*)`.as('total_count'))
    .executeTakeFirst();
  const totalCount = Number((countRow as { total_count?: number } | undefined)?.total_count ?? 0);

  const sortColumn = sql.ref(columnOf(columns, query.sort.field));
  const sortExpression = columns.caseInsensitiveSorts?.includes(query.sort.field)
    ? sql`lower(${sortColumn})`
    : sortColumn;
  // Empty values last in both directions and on both databases (SQLite would put them
  // first when ascending, PostgreSQL last): a blank release date is never "the earliest".
  const rows = await filtered
    .orderBy(sortExpression, (ob) => (query.sort.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
    .orderBy(sql.ref(columns.tieBreaker), query.sort.direction)
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return { data: rows.map(map), totalCount };
}

/** `…/search` endpoints answer `totalcount` in lowercase (SPEC §7). */
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

const queryValue = z.union([z.string(), z.array(z.string())]).optional();

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
