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
 * Last, the order report import (import-orders.ts: 100,000 lines, on SQLite), the products CSV
 * import (import-products.ts) and live sync's first run of 100,000 Shopify orders (live-sync.ts).
 *
 * Seeding a million orders takes minutes: KURA_BENCH_SQLITE (a SQLite path) and
 * KURA_BENCH_PG_URL name databases kept between runs; one that already holds the orders at
 * scale is measured as it is, without seeding again.
 */
import { spawn } from 'node:child_process';
import { cpuSeconds, login, memoryMb, spawnServer } from './bench-process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDatabase } from '../src/db/connect';
import { seedLarge } from '../src/demo/large';
import { startServer } from '../src/server';
import { ensureBenchAdmin, FreshRequests, loadVocabulary, type Vocabulary } from './fresh';
import { teamLoad } from './team-load';
import {
  EXPORT_TARGETS,
  LARGE_ORDERS,
  LARGE_PRODUCTS,
  largeScenarios,
  orderScenarios,
  salesScenarios,
  scenarios,
  type Scenario,
} from './scenarios';

const duration = Number(process.env.KURA_BENCH_SECONDS ?? 5);
/** KURA_BENCH_ONLY=<text>: only the scenarios (and exports) whose name contains it. */
const only = process.env.KURA_BENCH_ONLY;
const selected = (name: string) => !only || name.includes(only);
const WARM_UP_SECONDS = 2;

/** A bench of its own (its own server, in a process of its own); answers whether it passed. */
const runScript = (file: string, env: NodeJS.ProcessEnv = process.env) =>
  new Promise<boolean>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file)], {
      stdio: 'inherit',
      env,
    });
    child.on('exit', (code) => resolve(code === 0));
  });

async function load(url: string, token: string, list: Scenario[], pid?: number, draw?: FreshRequests) {
  const rows: Record<string, string | number>[] = [];
  let ok = true;
  for (const s of list.filter((c) => selected(c.name))) {
    const fresh = s.fresh;
    if (fresh && !draw) throw new Error(`${s.name} draws fresh requests: load() needs a vocabulary`);
    const run = (seconds: number) =>
      autocannon({
        url: `${url}${s.path}`,
        connections: 10,
        duration: seconds,
        headers: { authorization: `Token ${token}` },
        // A new path for every request: nothing the server saw before in this run.
        ...(fresh && draw
          ? { requests: [{ setupRequest: (request) => ({ ...request, path: fresh(draw) }) }] }
          : {}),
      });
    // Unmeasured: the first seconds of a fresh server (JIT compilation, SQLite's page cache,
    // the first count of a total) cost the first scenario a third of its rate, measuring the
    // order of the scenarios rather than the server.
    await run(WARM_UP_SECONDS);
    const cpuBefore = cpuSeconds(pid);
    const result = await run(duration);
    const cpuAfter = cpuSeconds(pid);
    const passed =
      result.non2xx === 0 &&
      result.requests.average >= s.minRps &&
      result.latency.p99 <= s.maxP99Ms &&
      (s.maxP50Ms === undefined || result.latency.p50 <= s.maxP50Ms);
    if (!s.reference) ok &&= passed;
    rows.push({
      scenario: s.name,
      'req/s': Math.round(result.requests.average),
      'target req/s': s.reference ? `(≥ ${s.minRps} fresh)` : `≥ ${s.minRps}`,
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'target p99': s.reference
        ? `(≤ ${s.maxP99Ms} fresh)`
        : `≤ ${s.maxP99Ms}${s.maxP50Ms === undefined ? '' : ` (p50 ≤ ${s.maxP50Ms})`}`,
      // Server CPU per request: what the throughput would be on a core of its own.
      ...(pid !== undefined && cpuBefore !== undefined && cpuAfter !== undefined
        ? {
            'server CPU ms/req': Number((((cpuAfter - cpuBefore) * 1000) / result.requests.total).toFixed(2)),
          }
        : {}),
      errors: result.non2xx + result.errors,
      result: s.reference ? (result.non2xx === 0 ? 'reference' : 'ERRORS') : passed ? 'ok' : 'MISSED',
    });
    if (s.reference) ok &&= result.non2xx === 0;
  }
  return { rows, ok };
}

/** Downloads a full export a few times (every product, or every sale), counting records as they stream. */
async function exportRun(
  url: string,
  token: string,
  pid: number,
  what = { name: 'products CSV export', path: '/api/v1/products/csv-products' },
) {
  let rows = 0;
  const runs = 3;
  const rssBefore = memoryMb(pid).VmRSS;
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const res = await fetch(`${url}${what.path}`, {
      headers: { authorization: `Token ${token}` },
    });
    if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
    let lineBreaks = 0;
    for await (const chunk of res.body) {
      // indexOf (memchr) rather than a loop over every byte: the client shares the machine's
      // two cores with the server, and its own counting must not slow the download it measures.
      const bytes = Buffer.from(
        (chunk as Uint8Array).buffer,
        (chunk as Uint8Array).byteOffset,
        (chunk as Uint8Array).byteLength,
      );
      for (let j = bytes.indexOf(0x0a); j !== -1; j = bytes.indexOf(0x0a, j + 1)) lineBreaks++;
    }
    // Quoted names may hold line breaks: close enough for a rate.
    rows += lineBreaks - 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = (cpuSeconds(pid) ?? 0) - (cpuBefore ?? 0);
  const rowsPerSecond = Math.round(rows / seconds);
  const peak = memoryMb(pid).VmHWM;
  const ok =
    rowsPerSecond >= EXPORT_TARGETS.minRowsPerSecond &&
    peak !== undefined &&
    peak <= EXPORT_TARGETS.maxPeakRssMb;
  return {
    ok,
    row: {
      scenario: `${what.name} (${Math.round(rows / runs)} rows, ×${runs})`,
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

/** Seeds `database` (unless it already holds the orders at scale) and measures the lists at scale on it. */
async function atScale(label: string, database: string): Promise<boolean> {
  const { url, child } = await spawnServer(database);
  let vocabulary: Vocabulary | undefined;
  try {
    const seedDb = createDatabase(database);
    try {
      // The server seeded the demo first, with products and orders of its own: only a database
      // that already holds the data set at scale is measured as it is.
      const count = async (table: 'products' | 'orders') =>
        Number(
          (
            await seedDb.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      if (await ensureBenchAdmin(seedDb.db))
        console.log(`${label}: added the demo administrator to sign in with`);
      if ((await count('products')) >= LARGE_PRODUCTS && (await count('orders')) >= LARGE_ORDERS) {
        console.log(`${label}: measuring the data set already in the database`);
      } else {
        const seeded = await seedLarge(seedDb.db, { products: LARGE_PRODUCTS, orders: LARGE_ORDERS });
        console.log(
          `${label}: seeded ${seeded.products} products and ${seeded.orders} orders in ${seeded.seconds.toFixed(1)} s`,
        );
      }
      vocabulary = LARGE_ORDERS ? await loadVocabulary(seedDb.db) : undefined;
    } finally {
      await seedDb.destroy();
    }
    const draw = vocabulary ? new FreshRequests(vocabulary) : undefined;
    const token = await login(url);
    const products = await load(url, token, largeScenarios, child.pid);
    const orders = LARGE_ORDERS
      ? await load(
          url,
          token,
          orderScenarios().map((s) =>
            label === 'PostgreSQL' ? { ...s, minRps: s.minRpsPg, maxP99Ms: s.maxP99MsPg ?? s.maxP99Ms } : s,
          ),
          child.pid,
          draw,
        )
      : { rows: [], ok: true };
    const skipped = { ok: true, row: {} };
    const exported = selected('products CSV export')
      ? await exportRun(url, token, child.pid as number)
      : skipped;
    const sales = LARGE_ORDERS
      ? await load(
          url,
          token,
          salesScenarios().map((s) => (label === 'PostgreSQL' ? { ...s, minRps: s.minRpsPg } : s)),
          child.pid,
          draw,
        )
      : { rows: [], ok: true };
    // Every sale of the data set (three years and more), in one file.
    const salesExport =
      LARGE_ORDERS && selected('sales CSV export')
        ? await exportRun(url, token, child.pid as number, {
            name: 'sales CSV export',
            path: '/api/v1/sales/export?from=2000-01-01&to=2100-12-31',
          })
        : undefined;
    const where = `${label}, 10 connections, ${duration} s each; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`;
    console.log(`Products at scale (${where})`);
    console.table(products.rows);
    if (exported !== skipped) console.table([exported.row]);
    if (LARGE_ORDERS) {
      console.log(`Orders at scale (${where})`);
      console.table(orders.rows);
      console.log(`Sales at scale (${where})`);
      console.table(sales.rows);
      if (salesExport) console.table([salesExport.row]);
    }
    return products.ok && orders.ok && exported.ok && sales.ok && (salesExport?.ok ?? true);
  } finally {
    child.kill('SIGTERM');
  }
}

let failed = false;
const dir = mkdtempSync(path.join(tmpdir(), 'kura-bench-'));
try {
  // The demo data set (left out when KURA_BENCH_ONLY picks scenarios at scale).
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
  // Each runs whatever the one before found (`failed ||= !(await …)` would skip PostgreSQL once
  // SQLite missed a target).
  const sqliteOk = await atScale(
    'SQLite',
    process.env.KURA_BENCH_SQLITE ?? path.join(dir, 'kura-large.sqlite'),
  );
  const pgOk = process.env.KURA_BENCH_PG_URL
    ? await atScale('PostgreSQL', process.env.KURA_BENCH_PG_URL)
    : true;
  failed ||= !sqliteOk || !pgOk;

  // Two team servers on that PostgreSQL database under a working day's load (team-load.ts).
  // Run whatever the runs before found: `failed ||= !(await …)` would skip it once one missed.
  if (process.env.KURA_BENCH_PG_URL && process.env.KURA_BENCH_TEAM !== '0' && selected('team server load')) {
    const team = await teamLoad(process.env.KURA_BENCH_PG_URL);
    failed ||= !team.ok;
  }

  // The order report import (100,000 lines in under a minute), on SQLite: its own script, with
  // a server of its own on a fresh demo database. KURA_BENCH_IMPORT_LINES=0 leaves it out.
  if (process.env.KURA_BENCH_IMPORT_LINES !== '0' && selected('order report import')) {
    const { KURA_BENCH_PG_URL: _pg, ...env } = process.env;
    failed ||= !(await runScript('import-orders.ts', env));
  }

  // The products CSV import (the demo catalogue edited, 10,000 new rows), on SQLite: no target,
  // the figures for the record. KURA_BENCH_IMPORT_PRODUCTS=0 leaves it out.
  if (process.env.KURA_BENCH_IMPORT_PRODUCTS !== '0' && selected('products import')) {
    const { KURA_BENCH_PG_URL: _pg, ...env } = process.env;
    failed ||= !(await runScript('import-products.ts', env));
  }

  // Live sync's first run of 100,000 Shopify orders from the fake shop (live-sync.ts), on SQLite
  // and on KURA_BENCH_PG_URL's server: its own script, with the fake and the server in processes
  // of their own. KURA_BENCH_SYNC_SHOP_ORDERS=0 leaves it out.
  if (process.env.KURA_BENCH_SYNC_SHOP_ORDERS !== '0' && selected('live sync')) {
    failed ||= !(await runScript('live-sync.ts'));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
