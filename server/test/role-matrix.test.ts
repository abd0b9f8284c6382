/**
 * The access policy, written down once: for every route the app registers, who may call it.
 * The table below is the policy; the routes' own declarations are what is tested against it,
 * by calling every route as each kind of caller and comparing the server's real answers.
 *
 * A route missing from the table, or a table row without a route, fails the test: a new route
 * (orders, shipments …) needs its row here, which makes its access a reviewed decision.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#shared/constants';
import { MESSAGES } from '#shared/messages';
import { client, setupAccounts, type Client } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

/** Anyone, signed in or not; any signed-in account, even one waiting for a role; or these roles. */
type Policy = 'public' | 'signedIn' | readonly Role[];

const PUBLIC: Policy = 'public';
const SIGNED_IN: Policy = 'signedIn';
const ADMIN: Policy = ['admin'];
const STAFF: Policy = ['admin', 'orderCreator'];

/** Method + path → who may call it. HEAD routes follow their GET. */
const POLICY: Record<string, Policy> = {
  // CORS preflight, the API's documentation and the server's own state.
  'OPTIONS *': PUBLIC,
  'GET /api/docs': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,
  'GET /api/docs/static/*': PUBLIC,
  'GET /api/docs/json': PUBLIC,
  'GET /api/docs/yaml': PUBLIC,
  'GET /api/v1/health': PUBLIC,
  'GET /api/v1/config': PUBLIC,

  // Accounts.
  'POST /api/v1/auth/register': PUBLIC,
  'POST /api/v1/auth/login': PUBLIC,
  'POST /api/v1/auth/forgot-password': PUBLIC,
  'POST /api/v1/auth/reset-password': PUBLIC,
  'GET /api/v1/auth/validate-token': SIGNED_IN,
  'GET /api/v1/auth/me': SIGNED_IN,
  'POST /api/v1/auth/logout': SIGNED_IN,
  'GET /api/v1/users': ADMIN,
  'GET /api/v1/users/search': ADMIN,
  'PUT /api/v1/users/:id': ADMIN,
  'GET /api/v1/audit-logs': ADMIN,
  'GET /api/v1/user-preferences': STAFF,
  'GET /api/v1/user-preferences/:id': STAFF,
  'POST /api/v1/user-preferences': STAFF,

  // Settings: every member of staff reads them (order entry needs them); admins change them.
  'GET /api/v1/categories': STAFF,
  'POST /api/v1/categories': ADMIN,
  'PUT /api/v1/categories/:id': ADMIN,
  'GET /api/v1/manufacturers': STAFF,
  'POST /api/v1/manufacturers': ADMIN,
  'PUT /api/v1/manufacturers/:id': ADMIN,
  'GET /api/v1/suppliers': STAFF,
  'POST /api/v1/suppliers': ADMIN,
  'PUT /api/v1/suppliers/:id': ADMIN,
  'GET /api/v1/shipping-methods': STAFF,
  'POST /api/v1/shipping-methods': ADMIN,
  'PUT /api/v1/shipping-methods/:id': ADMIN,
  'GET /api/v1/handling-fees': STAFF,
  'POST /api/v1/handling-fees': ADMIN,
  'PUT /api/v1/handling-fees/:id': ADMIN,
  'GET /api/v1/pre-categories': STAFF,
  'GET /api/v1/shelf-numbers/search': STAFF,

  // Products: staff find and read one (to pick it on an order); the rest is for admins.
  'GET /api/v1/products': ADMIN,
  'GET /api/v1/products/search': STAFF,
  'GET /api/v1/products/csv-products': ADMIN,
  'GET /api/v1/products/:id': STAFF,
  'POST /api/v1/products': ADMIN,
  'POST /api/v1/products/import': ADMIN,
  'PUT /api/v1/products/:id': ADMIN,
  'POST /api/v1/products/:id/stock-adjustments': ADMIN,
  'GET /api/v1/products/:id/stock-movements': ADMIN,
  'POST /api/v1/products/:id/remarks': ADMIN,
  'GET /api/v1/products/:id/remarks': ADMIN,

  // Product requests: staff file and read them; admins resolve them or make the product.
  'GET /api/v1/issues': STAFF,
  'POST /api/v1/issues': STAFF,
  'PUT /api/v1/issues/:id': ADMIN,
  'POST /api/v1/issues/:id/product': ADMIN,

  // OTZ orders: the storefront pushes them with an admin token; only admins see and move them.
  'GET /api/v1/otz-orders': ADMIN,
  'GET /api/v1/otz-orders/search': ADMIN,
  'GET /api/v1/otz-orders/:id': ADMIN,
  'POST /api/v1/otz-orders': ADMIN,
  'PUT /api/v1/otz-orders/:id': ADMIN,

  // The memo board is the whole staff's.
  'GET /api/v1/memos': STAFF,
  'POST /api/v1/memos': STAFF,
  'PUT /api/v1/memos/:id': STAFF,
  'DELETE /api/v1/memos/:id': STAFF,

  // The cost simulator: saved simulations are the admins'; staff read the platform fee defaults.
  'GET /api/v1/simulation': ADMIN,
  'GET /api/v1/simulation/:id': ADMIN,
  'POST /api/v1/simulation': ADMIN,
  'PUT /api/v1/simulation/:id': ADMIN,
  'GET /api/v1/platform-fees': STAFF,
  'PUT /api/v1/platform-fees/:platformCode': ADMIN,

  // Orders: order creators enter orders, search and pack them; the rest is for admins.
  'GET /api/v1/orders': ADMIN,
  'GET /api/v1/orders/search': STAFF,
  'GET /api/v1/orders/total': ADMIN,
  'GET /api/v1/orders/:id': ADMIN,
  'POST /api/v1/orders': STAFF,
  // Admins; an order creator only with a packing record (the packing station's PACKED, held
  // in server/test/packing.test.ts): without one, a 403 before the body is read.
  'PUT /api/v1/orders/status': ADMIN,
  'POST /api/v1/orders/:id/short-pick': STAFF,
  'PUT /api/v1/orders/:id': ADMIN,
  'GET /api/v1/advance-orders': ADMIN,
  'POST /api/v1/advance-orders': ADMIN,
  'PUT /api/v1/advance-orders/:id': ADMIN,
  // Importing platform order reports.
  'POST /api/v1/orders/import': ADMIN,

  // Shipments: order creators read them and save customs; admins combine orders, add or take
  // out orders before customs, and correct saved customs.
  'GET /api/v1/shipments': STAFF,
  'GET /api/v1/shipments/search': STAFF,
  'GET /api/v1/shipments/:id': STAFF,
  'POST /api/v1/shipments': ADMIN,
  'PUT /api/v1/shipments/:id': STAFF,
  'PUT /api/v1/shipments/:id/customs': ADMIN,
  'POST /api/v1/shipments/:id/orders': ADMIN,
  'DELETE /api/v1/shipments/:id/orders/:orderId': ADMIN,
  // A shipment's papers: whoever sees shipments makes them; the exporter they print, admins set.
  'GET /api/v1/shipments/:id/documents/commercial-invoice.pdf': STAFF,
  'GET /api/v1/shipments/:id/documents/packing-list.pdf': STAFF,
  'GET /api/v1/shipments/:id/documents/label.pdf': STAFF,
  'GET /api/v1/business-details': STAFF,
  'PUT /api/v1/business-details': ADMIN,
  'GET /api/v1/sync/changes': STAFF,
  // Live sync's platform connections: credentials and their runs are for admins only.
  'GET /api/v1/connections': ADMIN,
  'PUT /api/v1/connections/shopify': ADMIN,
  'PUT /api/v1/connections/amazon': ADMIN,
  'POST /api/v1/connections/:kind/sync': ADMIN,
  'GET /api/v1/connections/:kind/runs': ADMIN,
  'POST /api/v1/connections/:kind/test': ADMIN,
  'GET /api/v1/connections/:kind/unmatched': ADMIN,
  'POST /api/v1/connections/:kind/unmatched/map': ADMIN,
  // Exchange rates: staff read today's (order entry); admins list and set the dated rates.
  'GET /api/v1/currency': STAFF,
  'GET /api/v1/currency/rates': ADMIN,
  'PUT /api/v1/currency/rates/:date': ADMIN,

  // What the warehouse prints: whoever packs orders prints their pick list; labels come from the
  // products list, which is the admins' (staff read one product at a time to pick it on an order).
  'GET /api/v1/pick-list': STAFF,
  'GET /api/v1/pick-list.pdf': STAFF,
  'GET /api/v1/labels/products.pdf': ADMIN,

  // Sales reports: profit figures are for admins only.
  'GET /api/v1/sales': ADMIN,
  'GET /api/v1/sales/summary': ADMIN,
  'GET /api/v1/sales/daily': ADMIN,
  'GET /api/v1/sales/export': ADMIN,
  'GET /api/v1/otz-sales': ADMIN,
  'GET /api/v1/otz-sales/summary': ADMIN,
};

/** Routes that end the caller's session when allowed: called with a throwaway session. */
const ENDS_SESSION = new Set(['POST /api/v1/auth/logout']);

type Caller = 'admin' | 'orderCreator' | 'pending' | 'none' | 'badToken' | 'revoked';
const CALLERS: Caller[] = ['admin', 'orderCreator', 'pending', 'none', 'badToken', 'revoked'];
const ROLE_OF: Partial<Record<Caller, Role | null>> = {
  admin: 'admin',
  orderCreator: 'orderCreator',
  pending: null,
};

/** What the policy says the caller gets: through (any answer but 401/403), 401 or 403. */
function expected(policy: Policy, caller: Caller): 'through' | 401 | 403 {
  if (policy === 'public') return 'through';
  if (!(caller in ROLE_OF)) return 401;
  if (policy === 'signedIn') return 'through';
  const role = ROLE_OF[caller];
  return role && policy.includes(role) ? 'through' : 403;
}

/**
 * A concrete path for a route pattern: `/users/:id` → `/users/matrix-id`. With an unknown id
 * and no body, an allowed call answers 400 or 404 and changes nothing.
 */
const concretePath = (url: string) =>
  url === '*' ? '/api/v1/matrix' : url.replace(/:(\w+)/g, 'matrix-$1').replace(/\*/g, 'matrix');

describe.each(testDialects())('role matrix (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  const accounts: Partial<Record<Caller, { email: string; password: string; token: string }>> = {};

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    const { admin, withRole } = await setupAccounts(api);
    accounts.admin = admin;
    accounts.orderCreator = await withRole('orderCreator');
    accounts.pending = await withRole(null);
    const revoked = await withRole('admin');
    expect((await api.post('/api/v1/auth/logout', undefined, { token: revoked.token })).status).toBe(204);
    accounts.revoked = revoked;
  });
  afterAll(() => server?.close());

  const routeKeys = () => server.app.routeAccess.map((r) => `${r.method} ${r.url}`);

  it('has a policy row for every route, and a route for every row', () => {
    const keys = routeKeys();
    const missing = keys.filter((key) => policyOf(key) === undefined);
    expect(missing, 'routes without a row in POLICY').toEqual([]);
    const stale = Object.keys(POLICY).filter((key) => !keys.includes(key));
    expect(stale, 'POLICY rows without a route').toEqual([]);
  });

  it('answers every route as the policy says, for each kind of caller', async () => {
    const mismatches: string[] = [];
    let calls = 0;
    for (const route of server.app.routeAccess) {
      const key = `${route.method} ${route.url}`;
      const policy = policyOf(key);
      if (policy === undefined) continue; // reported by the test above
      for (const caller of CALLERS) {
        const res = await api.request(route.method, concretePath(route.url), {
          token: await tokenFor(caller, key),
        });
        calls += 1;
        const want = expected(policy, caller);
        const label = `${key} as ${caller}: got ${res.status}, policy says ${want}`;
        if (want === 'through') {
          if (res.status === 401 || res.status === 403 || res.status >= 500) mismatches.push(label);
        } else if (res.status !== want) {
          mismatches.push(label);
        } else if (route.method !== 'HEAD') {
          const message =
            want === 401
              ? MESSAGES.unauthenticated
              : caller === 'pending'
                ? MESSAGES.accountPending
                : MESSAGES.forbidden;
          const code = Object.entries(MESSAGES).find(([, text]) => text === message)?.[0];
          if (res.body?.message !== message || res.body?.code !== code) {
            mismatches.push(`${label} with ${res.body?.code}: ${res.body?.message}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(calls).toBeGreaterThan(CALLERS.length * Object.keys(POLICY).length);
  });

  it('answers 401 to a token in another scheme', async () => {
    const res = await api.request('GET', '/api/v1/auth/me', { headers: { authorization: 'Basic abc' } });
    expect(res.status).toBe(401);
  });

  function policyOf(key: string): Policy | undefined {
    return POLICY[key.startsWith('HEAD ') ? `GET ${key.slice(5)}` : key];
  }

  async function tokenFor(caller: Caller, key: string): Promise<string | undefined> {
    if (caller === 'none') return undefined;
    if (caller === 'badToken') return 'not-a-real-token';
    const account = accounts[caller];
    if (!account) throw new Error(`no account for ${caller}`);
    if (caller === 'revoked' || !ENDS_SESSION.has(key)) return account.token;
    const login = await api.post('/api/v1/auth/login', { email: account.email, password: account.password });
    return login.body.token as string;
  }
});
