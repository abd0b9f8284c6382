/**
 * `npm run bench`: throughput and latency of the API on the demo data set, against targets.
 * The server runs in this process on a temporary SQLite file (or on PostgreSQL when
 * KURA_BENCH_PG_URL names a database to use), and autocannon loads it over loopback with
 * a bounded duration. Exits 1 when a target is missed, so a regression is visible.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../src/demo/seed';
import { startServer } from '../src/server';

interface Scenario {
  name: string;
  path: string;
  /** Targets on one core of the 2-core build machine; loopback, 10 connections. */
  minRps: number;
  maxP99Ms: number;
}

export const scenarios: Scenario[] = [
  { name: 'health', path: '/api/v1/health', minRps: 3000, maxP99Ms: 20 },
  { name: 'auth/me (token check)', path: '/api/v1/auth/me', minRps: 1500, maxP99Ms: 30 },
  { name: 'users list', path: '/api/v1/users?page=1&limit=25&sort=-createdAt', minRps: 800, maxP99Ms: 50 },
  { name: 'audit log page', path: '/api/v1/audit-logs?page=1&limit=25', minRps: 800, maxP99Ms: 50 },
  {
    name: 'products page (200 products)',
    path: '/api/v1/products?page=1&limit=25&sort=-updatedAt',
    minRps: 300,
    maxP99Ms: 100,
  },
  {
    name: 'products low-stock filter',
    path: '/api/v1/products?page=1&limit=25&lowStock=true',
    minRps: 300,
    maxP99Ms: 100,
  },
  {
    name: 'product search',
    path: '/api/v1/products/search?searchString=matcha&page=1&limit=25',
    minRps: 300,
    maxP99Ms: 100,
  },
  { name: 'categories (count query)', path: '/api/v1/categories/?limit=10000', minRps: 800, maxP99Ms: 50 },
];

const duration = Number(process.env.KURA_BENCH_SECONDS ?? 5);
const dir = mkdtempSync(path.join(tmpdir(), 'kura-bench-'));
const server = await startServer({
  port: 0,
  databaseUrl: process.env.KURA_BENCH_PG_URL ?? path.join(dir, 'kura.sqlite'),
  demo: true,
  logLevel: 'warn',
  loginRateLimit: 1000,
});

let failed = false;
try {
  const login = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORDS.admin }),
  });
  const { token } = (await login.json()) as { token: string };

  const rows: Record<string, string | number>[] = [];
  for (const s of scenarios) {
    const result = await autocannon({
      url: `${server.url}${s.path}`,
      connections: 10,
      duration,
      headers: { authorization: `Token ${token}` },
    });
    const ok = result.non2xx === 0 && result.requests.average >= s.minRps && result.latency.p99 <= s.maxP99Ms;
    failed ||= !ok;
    rows.push({
      scenario: s.name,
      'req/s': Math.round(result.requests.average),
      'target req/s': `≥ ${s.minRps}`,
      'p99 ms': result.latency.p99,
      'target p99': `≤ ${s.maxP99Ms}`,
      errors: result.non2xx + result.errors,
      result: ok ? 'ok' : 'MISSED',
    });
  }
  console.table(rows);
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
