/**
 * `npm run bench`: throughput and latency of the API against targets, on the demo data set
 * and then at scale: the demo plus 50,000 generated products (KURA_BENCH_PRODUCTS) and
 * 1,000,000 order lines over three years (KURA_BENCH_ORDERS; 0 leaves the orders out).
 * The demo server runs in this process on a temporary SQLite file (or on PostgreSQL when
 * KURA_BENCH_PG_URL names a database to use); the data set at scale is measured on SQLite
 * and, when KURA_BENCH_PG_URL is set, on that PostgreSQL database too, each server in a process
 * of its own. autocannon loads it over loopback with a bounded duration. Exits 1 when a target
 * is missed, so a regression is visible.
 *
 * Seeding a million orders takes minutes: KURA_BENCH_SQLITE (a SQLite path) and
 * KURA_BENCH_PG_URL name databases kept between runs; one that already holds orders is
 * measured as it is, without seeding again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { withJanCheckDigit } from '#shared/domain/jan';
import { createDatabase } from '../src/db/connect';
import { seedLarge } from '../src/demo/large';
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

const LARGE_PRODUCTS = Number(process.env.KURA_BENCH_PRODUCTS ?? 50_000);

/** Products at scale: what the lists must hold (list with totalCount, search, export). */
export const largeScenarios: Scenario[] = [
  {
    name: `products list + totalCount (${LARGE_PRODUCTS / 1000}k)`,
    path: '/api/v1/products?page=1&limit=25&sort=-updatedAt',
    minRps: 1000,
    maxP99Ms: 25,
  },
  {
    name: `products page 40, by name (${LARGE_PRODUCTS / 1000}k)`,
    path: '/api/v1/products?page=40&limit=25&sort=name',
    minRps: 1000,
    maxP99Ms: 25,
  },
  {
    name: `products low-stock filter (${LARGE_PRODUCTS / 1000}k)`,
    path: '/api/v1/products?page=1&limit=25&lowStock=true',
    minRps: 1000,
    maxP99Ms: 25,
  },
  {
    name: `product search (${LARGE_PRODUCTS / 1000}k)`,
    path: '/api/v1/products/search?searchString=matcha&page=1&limit=25',
    minRps: 500,
    maxP99Ms: 50,
  },
  {
    // Shorter than a trigram: the bounded scan of the catalog.
    name: `product search, 2 characters (${LARGE_PRODUCTS / 1000}k)`,
    path: `/api/v1/products/search?searchString=${encodeURIComponent('抹茶')}&page=1&limit=25`,
    minRps: 500,
    maxP99Ms: 50,
  },
  {
    name: `product search, JAN scan (${LARGE_PRODUCTS / 1000}k)`,
    // A generated JAN (2, the product's number, the check digit), as a scanner types it.
    path: `/api/v1/products/search?searchString=${withJanCheckDigit(`2${String(1000).padStart(11, '0')}`)}&page=1&limit=25`,
    minRps: 500,
    maxP99Ms: 50,
  },
];

const LARGE_ORDERS = Number(process.env.KURA_BENCH_ORDERS ?? 1_000_000);

/** Order screens at scale; the list targets differ by database (`minRpsPg`). */
function orderScenarios(now = new Date()): (Scenario & { minRpsPg: number })[] {
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const quarter = `orderDate[gte]=${day(90)}&orderDate[lte]=${day(0)}`;
  const n = `${LARGE_ORDERS / 1_000_000}M orders`;
  return [
    {
      name: `orders list + totalCount, status + platform + date (${n})`,
      path: `/api/v1/orders?page=1&limit=25&shipmentStatus=COMPLETED&platformCode=AMAZONIND&${quarter}`,
      minRps: 1000,
      minRpsPg: 500,
      maxP99Ms: 25,
    },
    {
      name: `orders list, ALL tab, page 3 (${n})`,
      path: '/api/v1/orders?page=3&limit=25',
      minRps: 1000,
      minRpsPg: 500,
      maxP99Ms: 25,
    },
    {
      name: `orders list, received tab (${n})`,
      path: `/api/v1/orders?page=1&limit=25&shipmentStatus=RECEIVED&${quarter}`,
      minRps: 1000,
      minRpsPg: 500,
      maxP99Ms: 25,
    },
    {
      name: `order search, product word (${n})`,
      path: '/api/v1/orders/search?searchStr=matcha&page=1&limit=50',
      minRps: 200,
      minRpsPg: 200,
      maxP99Ms: 50,
    },
    {
      name: `order search, order id (${n})`,
      path: '/api/v1/orders/search?searchStr=403-12&page=1&limit=50',
      minRps: 200,
      minRpsPg: 200,
      maxP99Ms: 50,
    },
    {
      name: `orders/total, a quarter (${n})`,
      path: `/api/v1/orders/total?start_date=${day(90)}&end_date=${day(0)}`,
      minRps: 1000,
      minRpsPg: 500,
      maxP99Ms: 25,
    },
  ];
}

/** The CSV export at scale: rows per second and the server's peak memory. */
const EXPORT_TARGETS = { minRowsPerSecond: 200_000, maxPeakRssMb: 250 };

const duration = Number(process.env.KURA_BENCH_SECONDS ?? 5);
const WARM_UP_SECONDS = 2;

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORDS.admin }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** CPU seconds a process has used (Linux /proc), or undefined where there is no /proc. */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** The process's peak (VmHWM) or current (VmRSS) resident memory, in MB. */
function rssMb(pid: number, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

async function load(url: string, token: string, list: Scenario[], pid?: number) {
  const rows: Record<string, string | number>[] = [];
  let ok = true;
  for (const s of list) {
    const run = (seconds: number) =>
      autocannon({
        url: `${url}${s.path}`,
        connections: 10,
        duration: seconds,
        headers: { authorization: `Token ${token}` },
      });
    // Unmeasured: the first seconds of a fresh server (JIT compilation, SQLite's page cache,
    // the first count of a total) cost the first scenario a third of its rate, measuring the
    // order of the scenarios rather than the server.
    await run(WARM_UP_SECONDS);
    const cpuBefore = cpuSeconds(pid);
    const result = await run(duration);
    const cpuAfter = cpuSeconds(pid);
    const passed =
      result.non2xx === 0 && result.requests.average >= s.minRps && result.latency.p99 <= s.maxP99Ms;
    ok &&= passed;
    rows.push({
      scenario: s.name,
      'req/s': Math.round(result.requests.average),
      'target req/s': `≥ ${s.minRps}`,
      'p99 ms': result.latency.p99,
      'target p99': `≤ ${s.maxP99Ms}`,
      // Server CPU per request: what the throughput would be on a core of its own.
      ...(pid !== undefined && cpuBefore !== undefined && cpuAfter !== undefined
        ? {
            'server CPU ms/req': Number((((cpuAfter - cpuBefore) * 1000) / result.requests.total).toFixed(2)),
          }
        : {}),
      errors: result.non2xx + result.errors,
      result: passed ? 'ok' : 'MISSED',
    });
  }
  return { rows, ok };
}

/** Downloads the full export (every product) a few times, counting records as they stream. */
async function exportRun(url: string, token: string, pid: number) {
  let rows = 0;
  const runs = 3;
  const rssBefore = rssMb(pid, 'VmRSS');
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const res = await fetch(`${url}/api/v1/products/csv-products`, {
      headers: { authorization: `Token ${token}` },
    });
    if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
    let lineBreaks = 0;
    for await (const chunk of res.body) {
      const bytes = chunk as Uint8Array;
      for (let j = 0; j < bytes.length; j++) if (bytes[j] === 0x0a) lineBreaks++;
    }
    // Quoted names may hold line breaks: close enough for a rate.
    rows += lineBreaks - 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = (cpuSeconds(pid) ?? 0) - (cpuBefore ?? 0);
  const rowsPerSecond = Math.round(rows / seconds);
  const peak = rssMb(pid);
  const ok =
    rowsPerSecond >= EXPORT_TARGETS.minRowsPerSecond &&
    peak !== undefined &&
    peak <= EXPORT_TARGETS.maxPeakRssMb;
  return {
    ok,
    row: {
      scenario: `products CSV export (${Math.round(rows / runs)} rows, ×${runs})`,
      'rows/s': rowsPerSecond,
      'target rows/s': `≥ ${EXPORT_TARGETS.minRowsPerSecond}`,
      'rows per server CPU second': cpu > 0 ? Math.round(rows / cpu) : '?',
      'server RSS before MB': rssBefore ?? '?',
      'server peak RSS MB': peak ?? '?',
      'target RSS MB': `≤ ${EXPORT_TARGETS.maxPeakRssMb}`,
      result: ok ? 'ok' : 'MISSED',
    },
  };
}

/** Starts server-process.ts on `database` and resolves once it is listening. */
async function spawnServer(database: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'server-process.ts'), database],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.on('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
  });
  return { url, child };
}

/** Seeds `database` (unless it already holds orders) and measures the lists at scale on it. */
async function atScale(label: string, database: string): Promise<boolean> {
  const { url, child } = await spawnServer(database);
  try {
    const seedDb = createDatabase(database);
    try {
      const held = await seedDb.db.selectFrom('orders').select('id').limit(1).executeTakeFirst();
      if (held) {
        console.log(`${label}: measuring the data set already in the database`);
      } else {
        const seeded = await seedLarge(seedDb.db, { products: LARGE_PRODUCTS, orders: LARGE_ORDERS });
        console.log(
          `${label}: seeded ${seeded.products} products and ${seeded.orders} orders in ${seeded.seconds.toFixed(1)} s`,
        );
      }
    } finally {
      await seedDb.destroy();
    }
    const token = await login(url);
    const products = await load(url, token, largeScenarios, child.pid);
    const orders = LARGE_ORDERS
      ? await load(
          url,
          token,
          orderScenarios().map((s) => (label === 'PostgreSQL' ? { ...s, minRps: s.minRpsPg } : s)),
          child.pid,
        )
      : { rows: [], ok: true };
    const exported = await exportRun(url, token, child.pid as number);
    const where = `${label}, 10 connections, ${duration} s each; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`;
    console.log(`Products at scale (${where})`);
    console.table(products.rows);
    console.table([exported.row]);
    if (LARGE_ORDERS) {
      console.log(`Orders at scale (${where})`);
      console.table(orders.rows);
    }
    return products.ok && orders.ok && exported.ok;
  } finally {
    child.kill('SIGTERM');
  }
}

let failed = false;
const dir = mkdtempSync(path.join(tmpdir(), 'kura-bench-'));
try {
  // The demo data set.
  const server = await startServer({
    port: 0,
    databaseUrl: process.env.KURA_BENCH_PG_URL ?? path.join(dir, 'kura.sqlite'),
    demo: true,
    logLevel: 'warn',
    loginRateLimit: 1000,
  });
  try {
    const demo = await load(server.url, await login(server.url), scenarios);
    failed ||= !demo.ok;
    console.log('Demo data set');
    console.table(demo.rows);
  } finally {
    await server.close();
  }

  // At scale on SQLite (the desktop's database), then on PostgreSQL when one is named.
  failed ||= !(await atScale('SQLite', process.env.KURA_BENCH_SQLITE ?? path.join(dir, 'kura-large.sqlite')));
  if (process.env.KURA_BENCH_PG_URL) failed ||= !(await atScale('PostgreSQL', process.env.KURA_BENCH_PG_URL));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
