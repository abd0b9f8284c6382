/**
 * The product list's filters, search, sort and page live in the URL query, so reload, back
 * and a shared link show the same list. Parsing is forgiving: a hand-edited URL falls back to
 * the defaults instead of breaking the screen.
 */
import type { ListParams } from '#shared/query';

export const PRODUCT_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PRODUCT_SORT = '-updatedAt';
export const PRODUCT_SORT_FIELDS = [
  'name',
  'skuCode',
  'janCode',
  'inStockQuantity',
  'amazonStockQuantity',
  'releaseDate',
  'lastOrderDate',
  'monthlyQuantity',
  'lowStockLevel',
  'updatedAt',
] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

export const STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface ProductListState {
  page: number;
  limit: number;
  sort: string;
  status: StatusFilter;
  lowStock: boolean;
  q: string;
}

export const DEFAULT_LIST_STATE: ProductListState = {
  page: 1,
  limit: PRODUCT_PAGE_SIZES[0],
  sort: DEFAULT_PRODUCT_SORT,
  status: 'all',
  lowStock: false,
  q: '',
};

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

export function parseListState(params: URLSearchParams): ProductListState {
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const sort = params.get('sort') ?? '';
  const status = params.get('status');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (PRODUCT_PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_LIST_STATE.limit,
    sort: isOneOf(PRODUCT_SORT_FIELDS, sort.replace(/^-/, '')) ? sort : DEFAULT_PRODUCT_SORT,
    status: isOneOf(STATUS_FILTERS, status) ? status : 'all',
    lowStock: params.get('lowStock') === 'true',
    q: params.get('q') ?? '',
  };
}

/** Only what differs from the defaults goes into the URL, so the plain /products stays plain. */
export function listStateToSearch(state: ProductListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.status !== 'all') params.set('status', state.status);
  if (state.lowStock) params.set('lowStock', 'true');
  if (state.sort !== DEFAULT_PRODUCT_SORT) params.set('sort', state.sort);
  if (state.limit !== DEFAULT_LIST_STATE.limit) params.set('limit', String(state.limit));
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

/** The API query for a state; the search text goes to /products/search as `searchString`. */
export function listParamsOf(state: ProductListState, searchString?: string): ListParams {
  return {
    page: state.page,
    limit: state.limit,
    sort: state.sort,
    filters: {
      activeStatus: state.status === 'all' ? undefined : state.status === 'active',
      lowStock: state.lowStock ? true : undefined,
    },
    extras: searchString ? { searchString } : undefined,
  };
}

/** Clicking a header sorts by it descending first for numbers and dates, ascending for text. */
export function nextSort(current: string, field: ProductSortField): string {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return field;
  const textual: readonly ProductSortField[] = ['name', 'skuCode', 'janCode'];
  return textual.includes(field) ? field : `-${field}`;
}
