/**
 * Every list query a screen sends is served by an index, on both databases (see
 * docs/architecture.md, lists): the default sort, each products sort header, the status and
 * low-stock filters and the search, and the default queries of the other lists. A new list
 * (orders, shipments) adds its cases to LIST_PLAN_CASES.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceOrdersListSpec,
  ordersListSpec,
  productsListSpec,
  shipmentsListSpec,
} from '#shared/list-specs';
import { withJanCheckDigit } from '#shared/domain/jan';
import { periodRange } from '#shared/domain/periods';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../src/demo/seed';
import { checkPlans, type PlanCase } from './helpers/query-plans';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

const products = ['products'] as const;
const orders = ['orders', 'products'] as const;
/** A list over a status, platform and order dates: its total is a sum of kept day counts, read by their key. */
const ordersAndCounts = [...orders, 'order_day_counts'] as const;
const shipments = ['shipments', 'orders'] as const;
const quarter = 'orderDate[gte]=2026-01-01&orderDate[lte]=2026-03-31';
const shippedQuarter = 'shippingDate[gte]=2026-10-01&shippingDate[lte]=2026-12-31';
const receivedQuarter = 'receivedDate[gte]=2026-10-01&receivedDate[lte]=2026-12-31';
const page = 'page=1&limit=25';
// The business's month today (the sales screen's default) and three years back.
const month = periodRange('month', new Date(), 'Asia/Tokyo');
const threeYears = `${Number(month.from.slice(0, 4)) - 3}${month.from.slice(4)}`;

export const LIST_PLAN_CASES: PlanCase[] = [
  { name: 'products: default sort', path: `products?${page}`, bigTables: products },
  ...productsListSpec.sorts.flatMap((field) =>
    [field, `-${field}`].map((sort) => ({
      name: `products: sort ${sort}`,
      path: `products?${page}&sort=${sort}`,
      bigTables: products,
    })),
  ),
  { name: 'products: active', path: `products?${page}&activeStatus=true`, bigTables: products },
  { name: 'products: inactive', path: `products?${page}&activeStatus=false`, bigTables: products },
  { name: 'products: low stock', path: `products?${page}&lowStock=true`, bigTables: products },
  {
    name: 'products: search',
    path: `products/search?searchString=matcha&${page}&sort=-updatedAt`,
    bigTables: products,
    allowSort: true,
  },
  {
    name: 'products: search, Japanese',
    path: `products/search?searchString=${encodeURIComponent('ポッキー')}&${page}`,
    bigTables: products,
    allowSort: true,
  },
  {
    name: 'products: search, active only',
    path: `products/search?searchString=kit&${page}&activeStatus=true`,
    bigTables: products,
    allowSort: true,
  },
  {
    name: 'products: name filter',
    path: `products?${page}&name=pocky`,
    bigTables: products,
    allowSort: true,
  },
  // A JAN as a scanner types it.
  { name: 'products: search, JAN', path: `products/search?searchString=4901234567894`, bigTables: products },
  // OTZ orders: the screen (status tab, newest first), its count, and the new-order poller.
  ...(
    [
      ['otz orders: default', `otz-orders?${page}`],
      ['otz orders: status tab', `otz-orders?${page}&shipmentStatus=RECEIVED`],
      ['otz orders: status, by order date', `otz-orders?${page}&shipmentStatus=ACCEPTED&sort=-orderDate`],
      ['otz orders: count', 'otz-orders?page=1&limit=1'],
      ['otz orders: poller cursor', 'otz-orders?page=1&limit=1&sort=-createdAt'],
      [
        'otz orders: poller',
        'otz-orders?page=1&limit=100&sort=-createdAt&createdAt[gt]=2026-01-01T00:00:00.000Z',
      ],
    ] as const
  ).map(([name, path]) => ({ name, path, bigTables: ['otz_orders', 'otz_order_items'] })),
  // The search finds its matches through the search indexes, then sorts that handful.
  ...(
    [
      ['otz orders: search', 'otz-orders/search?searchStr=kumar&page=1&limit=25'],
      ['otz orders: search in a status tab', 'otz-orders/search?searchStr=PAYID-4&shipmentStatus=RECEIVED'],
      ['otz orders: search, two characters', 'otz-orders/search?searchStr=PA&page=1&limit=25'],
    ] as const
  ).map(([name, path]) => ({ name, path, bigTables: ['otz_orders', 'otz_order_items'], allowSort: true })),
  ...['categories', 'manufacturers', 'suppliers', 'shipping-methods'].map((path) => ({
    name: `settings: ${path}`,
    path: `${path}?page=1&limit=10`,
    bigTables: [path.replace('-', '_')],
    smallTableCount: true,
  })),
  // Exchange rates: newest first, oldest first and the screen's date-range search, each a walk
  // of the primary key (date).
  ...(
    [
      ['exchange rates: default', 'currency/rates?page=1&limit=10'],
      ['exchange rates: oldest first', 'currency/rates?page=1&limit=10&sort=date'],
      ['exchange rates: a month', 'currency/rates?page=1&limit=10&date[gte]=2026-05-01&date[lte]=2026-05-31'],
    ] as const
  ).map(([name, path]) => ({ name, path, bigTables: ['exchange_rates'] })),
  // Order management: the default, every sort header, each tab under the platform and date
  // filters, the integrations' sync cursors, search and the tab totals.
  { name: 'orders: default sort', path: `orders?${page}`, bigTables: orders },
  ...ordersListSpec.sorts.flatMap((field) =>
    [field, `-${field}`].map((sort) => ({
      name: `orders: sort ${sort}`,
      path: `orders?${page}&sort=${sort}`,
      bigTables: orders,
    })),
  ),
  { name: 'orders: status tab', path: `orders?${page}&shipmentStatus=RECEIVED`, bigTables: orders },
  { name: 'orders: platform', path: `orders?${page}&platformCode=AMAZONIND`, bigTables: orders },
  { name: 'orders: date range', path: `orders?${page}&${quarter}`, bigTables: ordersAndCounts },
  {
    name: 'orders: status, platform and date range',
    path: `orders?${page}&shipmentStatus=ACCEPTED&platformCode=AMAZONIND&${quarter}`,
    bigTables: ordersAndCounts,
  },
  {
    name: 'orders: status and date range',
    path: `orders?${page}&shipmentStatus=PACKED&${quarter}`,
    bigTables: ordersAndCounts,
  },
  {
    name: 'orders: not AMAZONJP',
    path: `orders?${page}&platformCode[ne]=AMAZONJP&shipmentStatus=PACKED`,
    bigTables: orders,
  },
  { name: 'orders: one product', path: `orders?${page}&product=p-1`, bigTables: orders },
  { name: 'orders: one shipment', path: `orders?${page}&shipmentId=SHIP-1`, bigTables: orders },
  {
    name: 'orders: one order id',
    path: `orders?${page}&orderId=408-1234567-1234567`,
    bigTables: orders,
    allowSort: true,
  },
  // The packing station: its queue (accepted orders, earliest expected shipping date first,
  // within a platform or not) and an order opened by its id (the case above, unsorted).
  {
    name: 'orders: packing queue',
    path: `orders?${page}&shipmentStatus=ACCEPTED&sort=expectedShippingDate`,
    bigTables: orders,
  },
  {
    name: 'orders: packing queue of a platform',
    path: `orders?${page}&shipmentStatus=ACCEPTED&platformCode=AMAZONIND&sort=expectedShippingDate`,
    bigTables: orders,
  },
  {
    name: 'orders: new since (notifications)',
    path: `orders?page=1&limit=50&sort=createdAt&createdAt[gt]=2026-01-01T00:00:00.000Z`,
    bigTables: orders,
  },
  {
    name: 'orders: changed since (sync)',
    path: `orders?page=1&limit=50&sort=updatedAt&updatedAt[gt]=2026-01-01T00:00:00.000Z`,
    bigTables: orders,
  },
  {
    name: 'orders: search, product word',
    path: `orders/search?searchStr=matcha&page=1&limit=50`,
    bigTables: orders,
    allowSort: true,
    // Unfiltered, the matches are looked up only when few (walkBeatsLookup); many are walked.
    fewIds: 'looked up only when few',
  },
  // An order id fragment of the shipped orders made below (in no product's SKU): few matches,
  // looked up by id; in a status tab each match's row is read to test the filter.
  {
    name: 'orders: search, order id',
    path: `orders/search?searchStr=plan-4&page=1&limit=50`,
    bigTables: orders,
    allowSort: true,
  },
  {
    name: 'orders: search, order id in a status tab',
    path: `orders/search?searchStr=plan-4&shipmentStatus=SHIPPED&page=1&limit=50`,
    bigTables: orders,
    allowSort: true,
  },
  {
    name: 'orders: search, customer',
    path: `orders/search?searchStr=${encodeURIComponent('priya iyer')}&shipmentStatus=PACKED&page=1&limit=50`,
    bigTables: orders,
    allowSort: true,
  },
  {
    name: 'orders: search, short',
    path: `orders/search?searchStr=40&page=1&limit=50`,
    bigTables: ['orders'],
    allowSort: true,
  },
  {
    name: 'orders: search in a tab',
    path: `orders/search?searchStr=matcha&shipmentStatus=RECEIVED&page=1&limit=50`,
    bigTables: orders,
    allowSort: true,
  },
  // A word in a tab, a platform and a week: the matched products' orders are narrowed to them
  // before they are handed on (a week of a common word is a few dozen of its thousands).
  {
    name: 'orders: search in a tab, platform and week',
    path: `orders/search?searchStr=matcha&shipmentStatus=RECEIVED&platformCode=AMAZONIND&orderDate[gte]=2026-11-01&orderDate[lte]=2026-11-07&page=1&limit=50`,
    bigTables: orders,
    allowSort: true,
  },
  {
    name: 'orders: search, JAN',
    path: `orders/search?searchStr=4901234567894`,
    bigTables: orders,
    allowSort: true,
  },
  // The tab totals are sums of the kept day counts: a range of their key, or all of them (three
  // years are about 9,000 rows), and never the orders.
  {
    name: 'orders: tab totals',
    path: `orders/total?start_date=2026-01-01&end_date=2026-03-31`,
    bigTables: ['order_day_counts'],
    notRead: orders,
  },
  {
    name: 'orders: tab totals, all dates',
    path: `orders/total`,
    bigTables: [],
    reads: ['order_day_counts'],
    notRead: orders,
  },
  ...advanceOrdersListSpec.sorts.map((field) => ({
    name: `advance orders: sort -${field}`,
    path: `advance-orders?${page}&sort=-${field}`,
    bigTables: ['orders'],
    allowSort: field !== 'createdAt',
  })),
  {
    name: 'advance orders: delivery range',
    path: `advance-orders?${page}&deliveryDate[gte]=2026-12-01&deliveryDate[lte]=2026-12-31`,
    bigTables: ['orders'],
    allowSort: true,
  },
  // The shipment screen: newest update first, each sort header, the status tabs, the quarter of
  // shipping or received dates (alone and under a tab: the matches of a quarter are sorted),
  // one shipment id, the desktop's sync, and the search by shipment id and by order id. Each
  // page's orders are read in one query by the orders' shipment index.
  { name: 'shipments: default sort', path: `shipments?${page}`, bigTables: shipments },
  { name: 'shipments: count', path: 'shipments?page=1&limit=1', bigTables: shipments },
  ...shipmentsListSpec.sorts.flatMap((field) =>
    [field, `-${field}`].map((sort) => ({
      name: `shipments: sort ${sort}`,
      path: `shipments?${page}&sort=${sort}`,
      bigTables: shipments,
    })),
  ),
  { name: 'shipments: status tab', path: `shipments?${page}&status=SHIPPED`, bigTables: shipments },
  { name: 'shipments: received tab', path: `shipments?${page}&status=RECEIVED`, bigTables: shipments },
  ...(
    [
      ['shipments: shipping quarter', `shipments?${page}&${shippedQuarter}`],
      ['shipments: received quarter', `shipments?${page}&${receivedQuarter}`],
      ['shipments: tab and shipping quarter', `shipments?${page}&status=SHIPPED&${shippedQuarter}`],
      ['shipments: tab and received quarter', `shipments?${page}&status=RECEIVED&${receivedQuarter}`],
      ['shipments: one shipment id', `shipments?${page}&shipmentId=PLAN-SHIP-1`],
      ['shipments: search, shipment id', `shipments/search?searchStr=plan-sh&page=1&limit=50`],
      ['shipments: search, short', `shipments/search?searchStr=PL&page=1&limit=50`],
      ['shipments: search, order id', `shipments/search?searchStr=PLAN-4&searchBy=orderId&page=1&limit=50`],
      [
        'shipments: search in a tab and quarter',
        `shipments/search?searchStr=plan&status=SHIPPED&${shippedQuarter}&page=1&limit=50`,
      ],
    ] as const
  ).map(([name, path]) => ({ name, path, bigTables: shipments, allowSort: true })),
  {
    name: 'shipments: changed since (sync)',
    path: 'shipments?page=1&limit=50&sort=updatedAt&updatedAt[gt]=2026-01-01T00:00:00.000Z',
    bigTables: shipments,
  },
  // Sales: the screen's default (the current month), a platform, a month, three years, a status,
  // each sort header, a search; the cards and chart read the kept daily totals. (The export
  // walks the sale index in date order as `sort=orderDate` does, through SQLite's raw reads,
  // which the query tap does not see.) OTZ sales the same way.
  ...(
    [
      ['sales: default', `sales?${page}`],
      ['sales: platform', `sales?${page}&platformCode=AMAZONIND`],
      ['sales: a month', `sales?${page}&from=${month.from}&to=${month.to}`],
      ['sales: three years', `sales?${page}&from=${threeYears}&to=${month.to}`],
      [
        'sales: platform, three years',
        `sales?${page}&platformCode=SHOPIFY&from=${threeYears}&to=${month.to}`,
      ],
      ['sales: status', `sales?${page}&shipmentStatus=COMPLETED&from=${threeYears}&to=${month.to}`],
      ['sales: status and platform', `sales?${page}&shipmentStatus=SHIPPED&platformCode=AMAZONIND`],
      ...['orderDate'].flatMap((field) =>
        [field, `-${field}`].map((sort) => [
          `sales: sort ${sort}`,
          `sales?${page}&sort=${sort}&from=${threeYears}`,
        ]),
      ),
    ] as const
  ).map(([name, path]) => ({ name, path, bigTables: orders })),
  // Sorted by another key, a range's few sales are sorted (many walk that key's sale index:
  // the runtime choice the bench measures at a million orders).
  ...['orderId', 'createdAt'].flatMap((field) =>
    [field, `-${field}`].map((sort) => ({
      name: `sales: sort ${sort}`,
      path: `sales?${page}&sort=${sort}&from=${threeYears}`,
      bigTables: orders,
      allowSort: true,
    })),
  ),
  // The yen figures' sorts read the kept figures (026_sale_sort_values) the same way, with a
  // platform too; the walk of their indexes is asserted in sales-sort.test.ts.
  ...['orderPrice', 'profit'].flatMap((field) =>
    [field, `-${field}`].flatMap((sort) =>
      ['', '&platformCode=AMAZONIND'].map((platform) => ({
        name: `sales: sort ${sort}${platform}`,
        path: `sales?${page}&sort=${sort}&from=${threeYears}${platform}`,
        bigTables: [...orders, 'sale_sort_values'],
        allowSort: true,
      })),
    ),
  ),
  {
    name: 'sales: sort -profit, search',
    path: `sales?${page}&sort=-profit&searchStr=matcha&from=${threeYears}&to=${month.to}`,
    bigTables: [...orders, 'sale_sort_values'],
    allowSort: true,
  },
  ...(
    [
      ['sales: search', `sales?${page}&searchStr=matcha&from=${threeYears}&to=${month.to}`],
      ['sales: search, order id', `sales?${page}&searchStr=PLAN-4&from=${threeYears}&to=${month.to}`],
    ] as const
  ).map(([name, path]) => ({ name, path, bigTables: orders, allowSort: true })),
  ...(
    [
      ['sales summary: a month', `sales/summary?from=${month.from}&to=${month.to}`],
      [
        'sales summary: three years, a platform',
        `sales/summary?from=${threeYears}&to=${month.to}&platformCode=AMAZONIND`,
      ],
      ['sales chart: three years', `sales/daily?from=${threeYears}&to=${month.to}`],
    ] as const
  ).map(([name, path]) => ({ name, path, bigTables: ['sales_daily'] })),
  ...(
    [
      ['otz sales: default', `otz-sales?${page}`],
      ['otz sales: three years', `otz-sales?${page}&from=${threeYears}&to=${month.to}&sort=createdAt`],
      ['otz sales summary: three years', `otz-sales/summary?from=${threeYears}&to=${month.to}`],
    ] as const
  ).map(([name, path]) => ({ name, path, bigTables: ['otz_orders', 'otz_order_items'] })),
  ...(
    [
      ['settings: handling fees', 'handling-fees?page=1&limit=10', 'handling_fees'],
      ['settings: pre-categories', 'pre-categories?page=1&limit=100', 'pre_categories'],
      ['users', `users?${page}`, 'users'],
      ['issues', `issues?${page}`, 'issues'],
      ['memos', `memos?${page}`, 'memos'],
      ['simulations', 'simulation?page=1&limit=10', 'simulations'],
      ['simulations: by name', 'simulation?page=1&limit=10&sort=name', 'simulations'],
      ['simulations: oldest first', 'simulation?page=1&limit=10&sort=createdAt', 'simulations'],
      ['audit log', `audit-logs?${page}`, 'audit_log'],
    ] as const
  ).map(([name, path, table]) => ({ name, path, bigTables: [table], smallTableCount: true })),
  // The history screen's filters (who, what kind, one record's history, a date range), each
  // newest first; their totals are counted through the same indexes.
  ...(
    [
      ['audit log: who', `audit-logs?${page}&userId=0b7c8f2e-5d1a-4f3e-9c2b-7a6d5e4f3a21`],
      ['audit log: kind', `audit-logs?${page}&entity=product`],
      [
        'audit log: one record',
        `audit-logs?${page}&entity=product&entityId=0b7c8f2e-5d1a-4f3e-9c2b-7a6d5e4f3a21`,
      ],
      [
        'audit log: date range',
        `audit-logs?${page}&at[gte]=2026-01-01T00:00:00Z&at[lt]=2026-02-01T00:00:00Z`,
      ],
      ['audit log: kind, oldest first', `audit-logs?${page}&entity=memo&sort=at`],
    ] as const
  ).map(([name, path]) => ({ name, path, bigTables: ['audit_log'] })),
];

/**
 * Two shipments (one through customs) of packed India orders, so the shipment lists read rows
 * and their orders. A product of their own holds the stock the orders take.
 */
async function shipSomeOrders(url: string, token: string) {
  const headers = { 'content-type': 'application/json', authorization: `Token ${token}` };
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${url}/api/v1/${path}`, { method, headers, body: JSON.stringify(body) });
    if (res.status >= 300)
      throw new Error(`${method} ${path} for the plans: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: { _id: string } }).data;
  };
  const product = await call('POST', 'products', {
    name: 'Plan shipment product',
    skuCode: 'PLAN-SHIP',
    janCode: withJanCheckDigit('499999000001'),
    inStockQuantity: 10,
  });
  for (const [i, receivedDate] of [
    [1, null],
    [2, '2026-11-20'],
  ] as const) {
    const ids: string[] = [];
    for (const n of [1, 2]) {
      const order = await call('POST', 'orders', {
        product: product._id,
        platformCode: 'AMAZONIND',
        currency: 'INR',
        orderId: `PLAN-4${i}${n}`,
        orderQuantity: 1,
        baseOrderPrice: 100,
      });
      for (const status of ['ACCEPTED', 'PACKED'])
        await call('PUT', `orders/${order._id}`, { shipmentStatus: status });
      ids.push(order._id);
    }
    const shipment = await call('POST', 'shipments', {
      shipmentId: `PLAN-SHIP-${i}`,
      shippingDate: '2026-11-01',
      totalShippingFee: 500,
      shipmentTrackingLink: 'https://tracking.example/plan',
      orderIds: ids,
    });
    if (receivedDate) {
      await call('PUT', `shipments/${shipment._id}`, {
        customId: 'PLAN-CUS',
        totalCustomFee: 10,
        receivedDate,
      });
    }
  }
}

/** A few OTZ orders, so their list queries read rows (an empty list stops at its count). */
async function pushOtzOrders(url: string, token: string) {
  const headers = { 'content-type': 'application/json', authorization: `Token ${token}` };
  const products = await fetch(`${url}/api/v1/products?limit=2`, { headers });
  const ids = ((await products.json()) as { data: { _id: string }[] }).data.map((p) => p._id);
  for (let i = 0; i < 3; i += 1) {
    const res = await fetch(`${url}/api/v1/otz-orders`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        paypalTransactionId: `PLAN-${i}`,
        orderDate: '2026-11-01',
        items: ids.map((product) => ({ product, orderQuantity: 1, price: 10 })),
        currency: 'INR',
        amount: 20,
      }),
    });
    if (res.status !== 201) throw new Error(`OTZ order for the plans: ${res.status}`);
  }
}

describe.each(testDialects())('list query plans (%s)', (dialect) => {
  let server: TestServer;
  let token = '';

  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { demo: true } });
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORDS.admin }),
    });
    token = ((await login.json()) as { token: string }).token;
    // A few orders, so each list finds rows and runs its page query, not only its count.
    const headers = { 'content-type': 'application/json', authorization: `Token ${token}` };
    const list = await fetch(`${server.url}/api/v1/products?page=1&limit=1`, { headers });
    const productId = ((await list.json()) as { data: { _id: string }[] }).data[0]?._id;
    const line = { product: productId, platformCode: 'AMAZONIND', currency: 'INR', orderQuantity: 1 };
    for (const [path, body] of [
      [
        'orders',
        [
          { ...line, orderId: 'PLAN-1', baseOrderPrice: 100 },
          { ...line, orderId: 'PLAN-2', baseOrderPrice: 200 },
        ],
      ],
      ['advance-orders', { ...line, orderId: 'PLAN-3', baseOrderPrice: 300, deliveryDate: '2026-12-24' }],
    ] as const) {
      const res = await fetch(`${server.url}/api/v1/${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    }
    await pushOtzOrders(server.url, token);
    await shipSomeOrders(server.url, token);
    for (const date of ['2026-04-20', '2026-05-01', '2026-05-15', '2026-06-01']) {
      const res = await fetch(`${server.url}/api/v1/currency/rates/${date}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ rate: 1.734512 }),
      });
      if (res.status !== 200) throw new Error(`rate ${date}: ${res.status} ${await res.text()}`);
    }
  });
  afterAll(() => server?.close());

  it('serves every screen query from an index, never a full scan of a big table', async () => {
    const findings = await checkPlans(server, dialect, token, LIST_PLAN_CASES);
    const report = findings.map(
      (f) => `${f.case}: ${f.problem}\n  ${f.sql}\n  ${f.plan.replaceAll('\n', '\n  ')}`,
    );
    expect(report).toEqual([]);
  });

  it('flags a query no index serves (the checker itself)', async () => {
    // Sorting the handling fees by value sorts a computed number: no index can serve it.
    const findings = await checkPlans(server, dialect, token, [
      { name: 'unindexed sort', path: 'handling-fees?sort=value', bigTables: ['handling_fees'] },
    ]);
    expect(findings.map((f) => f.problem)).toContain('sort not served by an index');
  });
});
