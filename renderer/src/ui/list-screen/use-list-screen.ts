/**
 * The state and data of one list screen: kept in the URL query (reload, back and a shared link
 * show the same list), debounced search, the request built from the resource's spec, the query
 * with the previous page kept on screen while the next one loads, the first page again after
 * any change but paging, and the last page when the list shrank under the one shown.
 */
import {
  keepPreviousData,
  useQuery,
  type QueryClient,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { pageCount, type ListParams } from '#shared/query';
import { useDebouncedValue } from '../use-debounced-value';
import {
  clampPage,
  isNarrowed,
  isSearching,
  listRequest,
  nextSort,
  pageSizesOf,
  parseListState,
  writeListState,
  type ListConfig,
  type ListState,
} from './list-state';

export interface ListPage<Row> {
  data: Row[];
  totalCount: number;
}

export interface ListScreenOptions<Row, F extends string> extends ListConfig<F> {
  queryKey: (params: ListParams) => QueryKey;
  fetch: (params: ListParams) => Promise<ListPage<Row>>;
  /**
   * Where the state lives: the page's URL query (the default), under `prefix` when the page
   * holds more than one list; or component state, for a list inside a panel that opens over
   * any page and must not rewrite that page's URL.
   */
  stateIn?: 'url' | 'memory';
  prefix?: string;
}

export interface ListScreen<Row, F extends string = string> {
  config: ListConfig<F>;
  state: ListState<F>;
  /** The request for the page shown (the CSV export reuses its filters). */
  params: ListParams;
  query: UseQueryResult<ListPage<Row>>;
  rows: Row[];
  total: number;
  pages: number;
  pageSizes: readonly number[];
  /** The search box's text, ahead of the debounced text the request uses. */
  searchText: string;
  setSearchText: (text: string) => void;
  searching: boolean;
  /** A search or a filter narrows the list (empty states say so). */
  narrowed: boolean;
  setPage(page: number): void;
  setLimit(limit: number): void;
  setSort(sort: string): void;
  /** A header click on a column sorting by `field`. */
  sortBy(field: string, first?: 'asc' | 'desc'): void;
  setFilter(name: F, value: string): void;
  /** Several filters in one step (one URL change): a filter that depends on another. */
  setFilters(values: Partial<Record<F, string>>): void;
}

type Patch<F extends string> = Partial<Omit<ListState<F>, 'filters'>> & {
  filters?: Partial<Record<F, string>>;
};

/**
 * The raw query the state is read from: the URL's, or the component's own. Writes build on the
 * latest write, not on the last render: the router hands its setter the params of the render
 * that made it and changes the URL in a transition, so two changes in a row (a filter, then
 * another before the screen renders again) would otherwise lose the first.
 */
function useStateQuery(stateIn: 'url' | 'memory') {
  const [urlParams, setUrlParams] = useSearchParams();
  const [memory, setMemory] = useState(() => new URLSearchParams());
  const params = stateIn === 'url' ? urlParams : memory;
  const latest = useRef(params);
  // What the screen shows now (also after back/forward) is what the next write builds on.
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const write = (next: (current: URLSearchParams) => URLSearchParams, replace: boolean) => {
    const written = next(latest.current);
    latest.current = written;
    if (stateIn === 'url') setUrlParams(written, { replace });
    else setMemory(written);
  };
  return [params, write] as const;
}

export function useListScreen<Row, F extends string = never>(
  options: ListScreenOptions<Row, F>,
): ListScreen<Row, F> {
  const { queryKey, fetch, stateIn = 'url', prefix = '', ...config } = options;
  const [raw, write] = useStateQuery(stateIn);
  const rawText = raw.toString();
  // The config is a module constant in every screen; the raw query is what changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const state = useMemo(() => parseListState(config, raw, prefix), [rawText, prefix]);

  const update = (patch: Patch<F>, replace = false) => {
    write((current) => {
      const base = parseListState(config, current, prefix);
      // Any change but paging itself starts again from the first page.
      const next: ListState<F> = {
        ...base,
        page: 1,
        ...patch,
        filters: { ...base.filters, ...patch.filters } as Record<F, string>,
      };
      return writeListState(config, next, current, prefix);
    }, replace);
  };

  // The URL follows the typed text (debounced), and the box follows the URL (back, reload).
  const [searchText, setSearchText] = useState(state.q);
  const debounced = useDebouncedValue(searchText.trim());
  useEffect(() => {
    if (debounced !== state.q) update({ q: debounced }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text drives this
  }, [debounced]);
  const [seenQ, setSeenQ] = useState(state.q);
  if (seenQ !== state.q) {
    setSeenQ(state.q);
    if (searchText.trim() !== state.q) setSearchText(state.q);
  }

  const params = listRequest(config, state);
  const query = useQuery({
    queryKey: queryKey(params),
    queryFn: () => fetch(params),
    placeholderData: keepPreviousData,
  });

  const total = query.data?.totalCount ?? 0;
  const known = query.data !== undefined && !query.isPlaceholderData;
  useEffect(() => {
    if (!known) return;
    const page = clampPage(state.page, total, state.limit);
    if (page !== state.page) update({ page }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- clamp only when the answer changes
  }, [known, total, state.page, state.limit]);

  return {
    config,
    state,
    params,
    query,
    rows: query.data?.data ?? [],
    total,
    pages: pageCount(total, state.limit),
    pageSizes: pageSizesOf(config),
    searchText,
    setSearchText,
    searching: isSearching(config, state),
    narrowed: isNarrowed(config, state),
    setPage: (page) => update({ page }),
    setLimit: (limit) => update({ limit }),
    setSort: (sort) => update({ sort }),
    sortBy: (field, first) => update({ sort: nextSort(state.sort, field, first) }),
    setFilter: (name, value) => update({ filters: { [name]: value } as Partial<Record<F, string>> }),
    setFilters: (values) => update({ filters: values }),
  };
}

/**
 * Fetches the first page a list screen shows when opened without a query (its defaults) into
 * the cache, so the screen has its rows when it mounts: called when a menu item that opens it
 * is hovered or focused (ui/route-prefetch.ts). A fresh cached page is not fetched again.
 */
export function prefetchList<Row, F extends string>(
  queryClient: QueryClient,
  options: Pick<ListScreenOptions<Row, F>, 'queryKey' | 'fetch' | 'prefix'> & ListConfig<F>,
): Promise<void> {
  const { queryKey, fetch, prefix = '', ...config } = options;
  const params = listRequest(config, parseListState(config, new URLSearchParams(), prefix));
  return queryClient.prefetchQuery({ queryKey: queryKey(params), queryFn: () => fetch(params) });
}
