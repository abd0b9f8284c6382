/**
 * The list query language (docs/architecture.md, "The API contract"), built by the renderer and parsed by the server with
 * the same code so the two cannot drift:
 *
 *   page=2&limit=25&sort=-updatedAt&status=SHIPPED&shippingDate[gte]=2026-10-01
 *
 * `sort=field` is ascending and `sort=-field` descending (the standard meaning; the original
 * client's inverted arrow is a bug we do not copy). Filters are `field=value` or
 * `field[op]=value`; a repeated `field=value` means "any of". Only fields a resource lists
 * may filter or sort: anything else is an error naming the field.
 *
 * The query is hostile input: keys are looked up as own properties only (`?constructor=1` or
 * `?__proto__[gt]=1` must be an unknown field, not an inherited one), the offset is bounded and
 * integer fields stay within the databases' 32-bit integer range.
 */
import { INT_MAX, LIMITS } from './constants';

export const FILTER_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] as const;
export type FilterOp = (typeof FILTER_OPS)[number] | 'in';

export type FieldType =
  | 'string'
  /** Any finite number within ±{@link MAX_NUMBER_FILTER} (decimal columns, computed values). */
  | 'number'
  /** A whole number within the 32-bit range every integer column of both databases holds. */
  | 'integer'
  | 'boolean'
  /** YYYY-MM-DD */
  | 'date'
  /** ISO 8601 timestamp; a bare date is accepted and means its start (UTC). */
  | 'datetime'
  | { readonly enum: readonly string[] };

export interface ListSpec {
  /** Fields that may be filtered, with their type. */
  readonly filters: Readonly<Record<string, FieldType>>;
  /** Fields that may be sorted on. */
  readonly sorts: readonly string[];
  /** Sort when none is given, in query syntax (`-updatedAt`). */
  readonly defaultSort: string;
  /** Other parameters the endpoint understands (search text and the like), passed through. */
  readonly extras?: readonly string[];
  readonly defaultLimit?: number;
}

export type FilterValue = string | number | boolean;
export interface Filter {
  field: string;
  op: FilterOp;
  value: FilterValue | FilterValue[];
}
export interface SortSpec {
  field: string;
  direction: 'asc' | 'desc';
}
export interface ListQuery {
  page: number;
  limit: number;
  offset: number;
  sort: SortSpec;
  filters: Filter[];
  extras: Record<string, string>;
}

export class ListQueryError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'ListQueryError';
  }
}

/** Beyond this a number filter only overflows a column: no stored amount comes near it. */
export const MAX_NUMBER_FILTER = 1e15;
/**
 * No screen pages this deep, and a larger offset only costs the database a longer walk (or
 * overflows its offset type): page × limit beyond it is refused.
 */
export const MAX_OFFSET = INT_MAX;

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** Parameters the codec itself owns; they are never filters. */
const RESERVED = new Set(['page', 'limit', 'sort', 'size']);
const KEY_PATTERN = /^([A-Za-z_][A-Za-z0-9_.]*)(?:\[([a-z]+)\])?$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function parseSort(sort: string): SortSpec {
  return sort.startsWith('-')
    ? { field: sort.slice(1), direction: 'desc' }
    : { field: sort, direction: 'asc' };
}

function parsePositiveInt(field: string, raw: string, max: number): number {
  if (!/^\d+$/.test(raw)) throw new ListQueryError(field, `${field} must be a whole number`);
  const n = Number(raw);
  if (n < 1 || n > max) throw new ListQueryError(field, `${field} must be between 1 and ${max}`);
  return n;
}

function isValidDate(raw: string): boolean {
  if (!DATE_PATTERN.test(raw)) return false;
  const d = new Date(`${raw}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === raw;
}

export function coerceFilterValue(field: string, type: FieldType, raw: string): FilterValue {
  if (typeof type === 'object') {
    if (!type.enum.includes(raw)) {
      throw new ListQueryError(field, `${field} must be one of ${type.enum.join(', ')}`);
    }
    return raw;
  }
  switch (type) {
    case 'string':
      return raw;
    case 'number': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) {
        throw new ListQueryError(field, `${field} must be a number`);
      }
      if (Math.abs(n) > MAX_NUMBER_FILTER) {
        throw new ListQueryError(
          field,
          `${field} must be between -${MAX_NUMBER_FILTER} and ${MAX_NUMBER_FILTER}`,
        );
      }
      return n;
    }
    case 'integer': {
      if (!/^-?\d+$/.test(raw)) throw new ListQueryError(field, `${field} must be a whole number`);
      const n = Number(raw);
      if (Math.abs(n) > INT_MAX) {
        throw new ListQueryError(field, `${field} must be between -${INT_MAX} and ${INT_MAX}`);
      }
      return n;
    }
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') {
        throw new ListQueryError(field, `${field} must be true or false`);
      }
      return raw === 'true';
    case 'date':
      if (!isValidDate(raw)) throw new ListQueryError(field, `${field} must be a date (YYYY-MM-DD)`);
      return raw;
    case 'datetime': {
      if (isValidDate(raw)) return `${raw}T00:00:00.000Z`;
      const d = new Date(raw);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(raw) || Number.isNaN(d.getTime())) {
        throw new ListQueryError(field, `${field} must be an ISO 8601 date-time`);
      }
      return d.toISOString();
    }
  }
}

type RawQuery = Record<string, unknown>;

function asStrings(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (value === undefined || value === null) return [];
  return [String(value)];
}

/**
 * Parses a query object as Fastify's default parser gives it (flat keys such as
 * `orderDate[gte]`, repeated keys as arrays). Throws {@link ListQueryError} naming the
 * first offending field.
 */
export function parseListQuery(raw: RawQuery, spec: ListSpec): ListQuery {
  const one = (key: string): string | undefined => {
    const values = asStrings(hasOwn(raw, key) ? raw[key] : undefined);
    if (values.length > 1) throw new ListQueryError(key, `${key} may be given once`);
    return values[0];
  };
  const pageRaw = one('page');
  const limitRaw = one('limit') ?? one('size');
  const page = pageRaw === undefined ? 1 : parsePositiveInt('page', pageRaw, Number.MAX_SAFE_INTEGER);
  const limit =
    limitRaw === undefined
      ? (spec.defaultLimit ?? LIMITS.searchLimit)
      : parsePositiveInt('limit', limitRaw, LIMITS.maxLimit);

  if ((page - 1) * limit > MAX_OFFSET) {
    throw new ListQueryError('page', `page × limit must not exceed ${MAX_OFFSET}`);
  }

  const sortRaw = one('sort') || spec.defaultSort;
  const sort = parseSort(sortRaw);
  if (!spec.sorts.includes(sort.field)) {
    throw new ListQueryError('sort', `Cannot sort by ${sort.field}`);
  }

  const filters: Filter[] = [];
  const extras = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(raw)) {
    if (RESERVED.has(key)) continue;
    if (spec.extras?.includes(key)) {
      const v = asStrings(value)[0];
      if (v !== undefined) extras[key] = v;
      continue;
    }
    const match = KEY_PATTERN.exec(key);
    const field = match?.[1];
    if (!match || !field || !hasOwn(spec.filters, field)) {
      throw new ListQueryError(field ?? key, `Cannot filter by ${field ?? key}`);
    }
    const op = (match[2] ?? 'eq') as FilterOp;
    if (!(FILTER_OPS as readonly string[]).includes(op)) {
      throw new ListQueryError(field, `Unknown operator ${op} on ${field}`);
    }
    const type = spec.filters[field] as FieldType;
    const values = asStrings(value).map((v) => coerceFilterValue(field, type, v));
    if (values.length === 0) continue;
    if (values.length > 1) {
      if (op !== 'eq') throw new ListQueryError(field, `${field}[${op}] may be given once`);
      filters.push({ field, op: 'in', value: values });
    } else {
      filters.push({ field, op, value: values[0] as FilterValue });
    }
  }
  return { page, limit, offset: (page - 1) * limit, sort, filters, extras };
}

export type FilterInput =
  | FilterValue
  | readonly FilterValue[]
  | Partial<Record<Exclude<FilterOp, 'in'>, FilterValue>>
  | undefined
  | null;

export interface ListParams {
  page?: number;
  limit?: number;
  /** In query syntax: `name` or `-updatedAt`. */
  sort?: string;
  filters?: Record<string, FilterInput>;
  /** Search text and other pass-through parameters. */
  extras?: Record<string, string | number | boolean | undefined>;
}

/** Builds the query string (without `?`) for {@link ListParams}; empty values are left out. */
export function buildListQuery(params: ListParams): string {
  const q = new URLSearchParams();
  if (params.page !== undefined) q.set('page', String(params.page));
  if (params.limit !== undefined) q.set('limit', String(params.limit));
  if (params.sort) q.set('sort', params.sort);
  for (const [field, input] of Object.entries(params.filters ?? {})) {
    if (input === undefined || input === null || input === '') continue;
    if (Array.isArray(input)) {
      for (const v of input) q.append(field, String(v));
    } else if (typeof input === 'object') {
      for (const [op, v] of Object.entries(input)) {
        if (v === undefined || v === '') continue;
        q.append(op === 'eq' ? field : `${field}[${op}]`, String(v));
      }
    } else {
      q.append(field, String(input));
    }
  }
  for (const [key, v] of Object.entries(params.extras ?? {})) {
    if (v === undefined || v === '') continue;
    q.set(key, String(v));
  }
  return q.toString();
}

/** Page count = ceiling of total divided by page size. */
export const pageCount = (total: number, pageSize: number) =>
  pageSize > 0 ? Math.ceil(total / pageSize) : 0;
