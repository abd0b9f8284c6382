/**
 * The pure half of every list screen: what a list's state is (page, page size, sort, search
 * text, filters), how it reads from and writes to a URL query, and the API request it stands
 * for. Reading is forgiving: a hand-edited URL falls back to the defaults instead of breaking
 * the screen. Only what differs from the defaults is written, so a plain list keeps a plain URL.
 */
import { LIMITS } from '#shared/constants';
import { pageCount, parseSort, type FilterInput, type ListParams, type ListSpec } from '#shared/query';

/** One filter a screen offers (a tab, a switch, a picker), as its URL holds it. */
export interface ListFilter<V extends string = string> {
  /** Values the URL may hold; anything else reads as the default. Left out: any text. */
  readonly choices?: readonly V[];
  readonly default: V;
  /** The API filters the value stands for; `undefined` values are left out of the request. */
  toFilters(value: V): Record<string, FilterInput>;
}

export interface ListConfig<F extends string = string> {
  /** The resource's spec from shared/src/list-specs.ts: sorts and the default order come from it. */
  readonly spec: ListSpec;
  /**
   * Where the search text goes: one of the spec's extras (`searchStr`) or one of its filters
   * (`name`). Left out: the screen has no search.
   */
  readonly searchParam?: string;
  /**
   * The filters the search text stands for, when it is not sent as it is: a list searched by
   * date turns "2026-05" into a date range. Left out: the text goes to `searchParam`.
   */
  readonly searchFilters?: (text: string) => Record<string, FilterInput>;
  /** Shorter text is not sent (the product search needs two characters). */
  readonly searchMinLength?: number;
  /** Page sizes offered; the first is the default. Left out: the spec's default only. */
  readonly pageSizes?: readonly number[];
  readonly filters?: { readonly [K in F]: ListFilter };
}

export interface ListState<F extends string = string> {
  page: number;
  limit: number;
  /** In query syntax: `name` or `-updatedAt`. */
  sort: string;
  /** The search text as sent (trimmed). */
  q: string;
  filters: Record<F, string>;
}

export const pageSizesOf = (config: ListConfig): readonly number[] =>
  config.pageSizes?.length ? config.pageSizes : [config.spec.defaultLimit ?? LIMITS.searchLimit];

export function defaultListState<F extends string>(config: ListConfig<F>): ListState<F> {
  const filters = {} as Record<F, string>;
  for (const [name, filter] of filterEntries(config)) filters[name] = filter.default;
  return { page: 1, limit: pageSizesOf(config)[0] as number, sort: config.spec.defaultSort, q: '', filters };
}

const filterEntries = <F extends string>(config: ListConfig<F>) =>
  Object.entries(config.filters ?? {}) as [F, ListFilter][];

/** Digits only: `1e2`, `0x10` and `2.0` are not what anybody typed as a page. */
const wholeNumber = (raw: string | null) => (raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN);

const isSortable = (spec: ListSpec, sort: string) => spec.sorts.includes(parseSort(sort).field);

/**
 * The list's state from a URL query. `prefix` namespaces the keys (`audit.page`), so a list can
 * share its page's URL with another.
 */
export function parseListState<F extends string>(
  config: ListConfig<F>,
  params: URLSearchParams,
  prefix = '',
): ListState<F> {
  const defaults = defaultListState(config);
  const get = (key: string) => params.get(prefix + key);
  const page = wholeNumber(get('page'));
  const limit = wholeNumber(get('limit'));
  const sort = get('sort') ?? '';
  const filters = { ...defaults.filters };
  for (const [name, filter] of filterEntries(config)) {
    const raw = get(name);
    if (raw !== null && (!filter.choices || filter.choices.includes(raw))) filters[name] = raw;
  }
  return {
    page: page >= 1 ? page : 1,
    limit: pageSizesOf(config).includes(limit) ? limit : defaults.limit,
    sort: sort && isSortable(config.spec, sort) ? sort : defaults.sort,
    q: config.searchParam ? (get('q') ?? '').trim() : '',
    filters,
  };
}

/**
 * `current` with the list's keys replaced by `state`; keys that are not the list's (another
 * list's, a dialog's) are kept as they are.
 */
export function writeListState<F extends string>(
  config: ListConfig<F>,
  state: ListState<F>,
  current: URLSearchParams,
  prefix = '',
): URLSearchParams {
  const defaults = defaultListState(config);
  const next = new URLSearchParams(current);
  const put = (key: string, value: string, fallback: string) => {
    if (value === fallback) next.delete(prefix + key);
    else next.set(prefix + key, value);
  };
  put('q', state.q, '');
  for (const [name] of filterEntries(config)) put(name, state.filters[name], defaults.filters[name]);
  put('sort', state.sort, defaults.sort);
  put('limit', String(state.limit), String(defaults.limit));
  put('page', String(state.page), '1');
  return next;
}

/** Whether the search text is long enough to be sent. */
export const isSearching = (config: ListConfig, state: ListState) =>
  !!config.searchParam && state.q.length > 0 && state.q.length >= (config.searchMinLength ?? 1);

/** Whether the list shows less than everything: a search or a filter other than its default. */
export function isNarrowed<F extends string>(config: ListConfig<F>, state: ListState<F>): boolean {
  return (
    isSearching(config, state) ||
    filterEntries(config).some(([name, filter]) => state.filters[name] !== filter.default)
  );
}

/**
 * The API request for a state. The sort is left out while it is the spec's default: the server
 * parses with the same spec, so the order is the same and the request stays plain.
 */
export function listRequest<F extends string>(config: ListConfig<F>, state: ListState<F>): ListParams {
  const filters: Record<string, FilterInput> = {};
  for (const [name, filter] of filterEntries(config)) {
    Object.assign(filters, filter.toFilters(state.filters[name]));
  }
  const extras: Record<string, string> = {};
  const { searchParam, spec } = config;
  if (searchParam && isSearching(config, state)) {
    if (config.searchFilters) Object.assign(filters, config.searchFilters(state.q));
    else if (spec.extras?.includes(searchParam)) extras[searchParam] = state.q;
    else filters[searchParam] = state.q;
  }
  const params: ListParams = { page: state.page, limit: state.limit };
  if (state.sort !== spec.defaultSort) params.sort = state.sort;
  if (Object.keys(filters).length > 0) params.filters = filters;
  if (Object.keys(extras).length > 0) params.extras = extras;
  return params;
}

/**
 * A header click: the other direction of the column it already sorts by, or the column in its
 * first direction (newest or largest first suits dates and numbers; A to Z suits text).
 */
export function nextSort(current: string, field: string, first: 'asc' | 'desc' = 'asc'): string {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return field;
  return first === 'desc' ? `-${field}` : field;
}

/** How a header shows the current order, in Fluent's words. */
export function sortDirectionOf(current: string, field: string): 'ascending' | 'descending' | undefined {
  if (current === field) return 'ascending';
  if (current === `-${field}`) return 'descending';
  return undefined;
}

/**
 * The page to show once the total is known: a list that shrank (rows deleted elsewhere, a
 * shared link to page 9) shows its last page instead of an empty one.
 */
export const clampPage = (page: number, total: number, limit: number) =>
  Math.min(page, Math.max(1, pageCount(total, limit)));
