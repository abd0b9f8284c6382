import type { QueryClient } from '@tanstack/react-query';
import type { ListParams } from '#shared/query';

/**
 * Every TanStack Query key of the renderer, so invalidation never misses a spelling. Each
 * resource's keys start with its `all`, so invalidating `all` reaches every list, search and
 * single row of it.
 */
export const queryKeys = {
  config: ['config'] as const,
  verify: ['auth', 'verify'] as const,
  me: ['auth', 'me'] as const,
  users: {
    all: ['users'] as const,
    list: (params: ListParams) => ['users', 'list', params] as const,
  },
  auditLogs: {
    all: ['audit-logs'] as const,
    list: (params: ListParams) => ['audit-logs', 'list', params] as const,
  },
  products: {
    all: ['products'] as const,
    list: (params: ListParams) => ['products', 'list', params] as const,
    search: (params: ListParams) => ['products', 'search', params] as const,
    one: (id: string) => ['products', 'one', id] as const,
    movements: (id: string, page: number) => ['products', 'movements', id, page] as const,
    remarks: (id: string) => ['products', 'remarks', id] as const,
  },
  /** The active categories, manufacturers or suppliers a product form offers. */
  lookups: (resource: string) => ['lookups', resource] as const,
  shelfNumbers: (text: string) => ['shelf-numbers', text] as const,
  /** All of the user's preferences, read at once. */
  preferences: ['user-preferences'] as const,
  memos: {
    all: ['memos'] as const,
    list: (params: ListParams) => ['memos', 'list', params] as const,
  },
  issues: {
    all: ['issues'] as const,
    list: (params: ListParams) => ['issues', 'list', params] as const,
  },
  orders: {
    all: ['orders'] as const,
    list: (params: ListParams) => ['orders', 'list', params] as const,
    search: (params: ListParams) => ['orders', 'search', params] as const,
    totals: (filters: object) => ['orders', 'totals', filters] as const,
    history: (id: string) => ['orders', 'history', id] as const,
    /** Under `orders`: any change to orders makes a pick list stale. Null: the accepted queue. */
    pickList: (orderIds: readonly string[] | null) => ['orders', 'pick-list', orderIds] as const,
  },
  advanceOrders: {
    all: ['advance-orders'] as const,
    list: (params: ListParams) => ['advance-orders', 'list', params] as const,
  },
  otzOrders: {
    all: ['otz-orders'] as const,
    list: (params: ListParams) => ['otz-orders', 'list', params] as const,
  },
  shipments: {
    all: ['shipments'] as const,
    list: (params: ListParams) => ['shipments', 'list', params] as const,
    search: (params: ListParams) => ['shipments', 'search', params] as const,
    one: (id: string) => ['shipments', 'one', id] as const,
  },
  simulations: {
    all: ['simulations'] as const,
    list: (params: ListParams) => ['simulations', 'list', params] as const,
    one: (id: string) => ['simulations', 'one', id] as const,
  },
  /** The simulator's per-platform commission and closing fee defaults. */
  platformFees: ['platform-fees'] as const,
  businessDetails: ['business-details'] as const,
  /** Today's INR→JPY rate (GET /currency). */
  todaysRate: ['currency', 'today'] as const,
  /** Sales reports (sales and OTZ sales): lists, summaries, daily figures. */
  sales: {
    all: ['sales'] as const,
    list: (params: ListParams) => ['sales', 'list', params] as const,
    summary: (from: string, to: string, platform: string) =>
      ['sales', 'summary', from, to, platform] as const,
    daily: (from: string, to: string, platform: string) => ['sales', 'daily', from, to, platform] as const,
    otzList: (params: ListParams) => ['sales', 'otz-list', params] as const,
    otzSummary: (from: string, to: string) => ['sales', 'otz-summary', from, to] as const,
  },
  /** Live sync's platform connections (admin): their state, each one's runs and waiting lines. */
  connections: {
    all: ['connections'] as const,
    list: ['connections', 'list'] as const,
    runs: (kind: string) => ['connections', 'runs', kind] as const,
    unmatched: (kind: string) => ['connections', 'unmatched', kind] as const,
  },
  settings: {
    /** Every list of one settings resource, whatever its page, sort or search. */
    all: (apiPath: string) => ['settings', apiPath] as const,
    list: (apiPath: string, params: ListParams) => ['settings', apiPath, params] as const,
  },
};

/** What to refetch after a change, named by what changed. */
export const invalidate = {
  users: (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.users.all }),
  products: (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.products.all }),
  memos: (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.memos.all }),
  issues: (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.issues.all }),
  /** An order's status or fields: its lists, tab counts and history, the stock it moved, the sales. */
  orders: (client: QueryClient) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.orders.all }),
      client.invalidateQueries({ queryKey: queryKeys.products.all }),
      client.invalidateQueries({ queryKey: queryKeys.sales.all }),
    ]),
  /** A released advance order becomes a normal order. */
  advanceOrders: (client: QueryClient) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.advanceOrders.all }),
      client.invalidateQueries({ queryKey: queryKeys.orders.all }),
    ]),
  otzOrders: (client: QueryClient) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.otzOrders.all }),
      client.invalidateQueries({ queryKey: queryKeys.sales.all }),
    ]),
  /** A shipment made, changed or cleared through customs: its lists, and its orders' statuses and shares. */
  shipments: (client: QueryClient) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.shipments.all }),
      client.invalidateQueries({ queryKey: queryKeys.orders.all }),
      client.invalidateQueries({ queryKey: queryKeys.sales.all }),
    ]),
  simulations: (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.simulations.all }),
  platformFees: (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.platformFees }),
  settings: (client: QueryClient, apiPath: string) =>
    client.invalidateQueries({ queryKey: queryKeys.settings.all(apiPath) }),
};
