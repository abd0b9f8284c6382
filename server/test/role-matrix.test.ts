/**
 * Every route the app registers × {no token, bad token, revoked token, wrong role}. The
 * routes come from the app itself (its onRoute table), so routes later areas add are
 * covered without touching this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#shared/constants';
import { MESSAGES } from '#shared/messages';
import type { RouteAccess } from '../src/http/access';
import { client, setupAccounts, type Client } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

/** A concrete path for a route pattern: `/users/:id` → `/users/matrix-id`. */
const concretePath = (url: string) => url.replace(/:(\w+)/g, 'matrix-$1').replace(/\*/g, 'matrix');

describe.each(testDialects())('role matrix (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let routes: RouteAccess[];
  const tokens: Record<'admin' | 'orderCreator' | 'pending' | 'revoked', string> = {
    admin: '',
    orderCreator: '',
    pending: '',
    revoked: '',
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    const { admin, withRole } = await setupAccounts(api);
    tokens.admin = admin.token;
    tokens.orderCreator = (await withRole('orderCreator')).token;
    tokens.pending = (await withRole(null)).token;
    const revoked = await withRole('admin');
    expect((await api.post('/api/v1/auth/logout', undefined, { token: revoked.token })).status).toBe(204);
    tokens.revoked = revoked.token;
    routes = server.app.routeAccess.filter((r) => r.access !== 'public');
  });
  afterAll(() => server?.close());

  it('knows the routes of this issue and declares access on each', () => {
    const keys = server.app.routeAccess.map((r) => `${r.method} ${r.url}`);
    for (const key of [
      'GET /api/v1/users',
      'PUT /api/v1/users/:id',
      'GET /api/v1/audit-logs',
      'GET /api/v1/user-preferences/:id',
      'POST /api/v1/user-preferences',
      'GET /api/v1/auth/me',
      'POST /api/v1/auth/logout',
    ]) {
      expect(keys).toContain(key);
    }
    const publicApi = server.app.routeAccess
      .filter((r) => r.access === 'public' && r.url.startsWith('/api/v1'))
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => !k.startsWith('HEAD'));
    expect(publicApi.sort()).toEqual(
      [
        'GET /api/v1/config',
        'GET /api/v1/health',
        'POST /api/v1/auth/forgot-password',
        'POST /api/v1/auth/login',
        'POST /api/v1/auth/register',
        'POST /api/v1/auth/reset-password',
      ].sort(),
    );
  });

  it('answers 401 without a token, with a bad one and with a revoked one', async () => {
    for (const route of routes) {
      const path = concretePath(route.url);
      const label = `${route.method} ${route.url}`;
      const noToken = await api.request(route.method, path);
      expect(noToken.status, `${label} without a token`).toBe(401);
      const bad = await api.request(route.method, path, { token: 'not-a-real-token' });
      expect(bad.status, `${label} with a bad token`).toBe(401);
      const malformed = await api.request(route.method, path, { headers: { authorization: 'Basic abc' } });
      expect(malformed.status, `${label} with another scheme`).toBe(401);
      const revoked = await api.request(route.method, path, { token: tokens.revoked });
      expect(revoked.status, `${label} with a revoked token`).toBe(401);
      if (route.method !== 'HEAD')
        expect(revoked.body).toEqual({ code: 'unauthenticated', message: MESSAGES.unauthenticated });
    }
  });

  it('answers 403 to a signed-in account whose role may not use the route', async () => {
    const accounts: { name: keyof typeof tokens; role: Role | null }[] = [
      { name: 'admin', role: 'admin' },
      { name: 'orderCreator', role: 'orderCreator' },
      { name: 'pending', role: null },
    ];
    let checked = 0;
    for (const route of routes) {
      const path = concretePath(route.url);
      for (const { name, role } of accounts) {
        const allowed =
          route.access === 'session' ||
          (route.access === 'staff' && role !== null) ||
          (Array.isArray(route.access) && role !== null && route.access.includes(role));
        // Allowed calls may write; only refusals are exercised here, plus safe reads.
        if (allowed && route.method !== 'GET') continue;
        const res = await api.request(route.method, path, { token: tokens[name] });
        const label = `${route.method} ${route.url} as ${name}`;
        if (allowed) {
          expect([401, 403], label).not.toContain(res.status);
        } else {
          expect(res.status, label).toBe(403);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
