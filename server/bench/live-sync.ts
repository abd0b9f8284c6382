/**
 * `node --import tsx server/bench/live-sync.ts`: live sync's first run of a large shop. Three
 * processes, as in production: the Shopify fake (server/test/fakes/shopify-fake.ts: real HTTP,
 * GraphQL, cost bucket) holding 100,000 generated orders (KURA_BENCH_SYNC_SHOP_ORDERS), a Kura
 * server on a fresh database with a product for each of the fake's 500 SKUs, and this process,
 * which saves the connection, asks for a sync and watches. Measured: the run's duration and
 * orders per second, the server's resident memory above idle while it runs (sampled every
 * 100 ms, and its peak through /proc's VmHWM, reset before the run), and that the run stored
 * every line of every order the fake holds (counted in the database, compared with the orders
 * the fake generated). On SQLite (a temporary folder), then on PostgreSQL when
 * KURA_BENCH_PG_URL names a server: a database of its own beside that one, `<name>_live_sync`,
 * made and dropped here (the bench's kept database must not gain 100,000 Shopify orders).
 *
 * Rate: Shopify's standard bucket (2,000 points, 100 restored a second) would make 100,000
 * orders take hours of real time; the fake restores KURA_BENCH_SYNC_RESTORE points a second
 * (default 20,000, a bucket of as many) so the bench measures Kura, while its queries still pay
 * the bucket and meet THROTTLED when they outrun it.
 *
 * Target: the server's RSS at most 100 MB above idle. Exits 1 when it is missed or a count
 * differs. `--fake` and `--serve` are the child processes' modes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { withJanCheckDigit } from '#shared/domain/jan';
import { createDatabase } from '../src/db/connect';
import { startServer } from '../src/server';
import { FAKE_TOKEN, generatedOrder, startShopifyFake } from '../test/fakes/shopify-fake';
import { memoryMb } from './bench-process';

const SHOP_ORDERS = Number(process.env.KURA_BENCH_SYNC_SHOP_ORDERS ?? 100_000);
const RESTORE = Number(process.env.KURA_BENCH_SYNC_RESTORE ?? 20_000);
/** The fake's SKUs: SKU-0 … SKU-499 (generatedOrder). */
const SKUS = 500;
const TARGET_ABOVE_IDLE_MB = 100;
const SAMPLE_MS = 100;

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Child mode: the fake shop, until its input closes. */
async function fake(): Promise<void> {
  const shop = await startShopifyFake({
    generated: SHOP_ORDERS,
    restoreRate: RESTORE,
    maximumAvailable: Math.max(2000, RESTORE),
  });
  process.stdout.write(`${JSON.stringify({ url: shop.url })}\n`);
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.on('end', resolve));
  const throttled = shop.requests.filter((r) => r.throttled).length;
  // What the run would cost on Shopify's standard bucket (requested, before refunds: an upper bound).
  const requested = shop.requests.reduce((sum, r) => sum + (r.throttled ? 0 : (r.requestedCost ?? 0)), 0);
  process.stderr.write(
    `fake: ${shop.requests.length} requests, ${throttled} throttled; ${requested} points requested ` +
      `(${(requested / 100 / 3600).toFixed(1)} h at Shopify's standard 100 points/s)\n`,
  );
  await shop.close();
}

/** Child mode: the Kura server under test, as the team server runs, until its input closes. */
async function serve(database: string, shopUrl: string): Promise<void> {
  const server = await startServer(
    {
      host: '127.0.0.1',
      port: 0,
      databaseUrl: database,
      demo: false,
      rendererDir: path.join(tmpdir(), 'kura-bench-no-renderer'),
      logLevel: 'warn',
      loginRateLimit: 1000,
      secretKey: randomBytes(32),
      platformEndpoints: {
        shopifyApiBase: shopUrl,
        spapiEndpointFe: null,
        spapiEndpointEu: null,
        lwaTokenUrl: null,
      },
    },
    // The bench starts the run itself: no scheduled run beside it.
    { connectionSchedule: false },
  );
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.on('end', resolve));
  await server.close();
}

async function child(args: string[], flags: string[] = []) {
  const proc = spawn(
    process.execPath,
    [...flags, ...process.execArgv, fileURLToPath(import.meta.url), ...args],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const [line] = (await Promise.race([
    once(createInterface({ input: proc.stdout! }), 'line'),
    exited.then(() => {
      throw new Error(`${args[0]} exited before it was ready`);
    }),
  ])) as [string];
  const { url } = JSON.parse(line) as { url: string };
  return {
    url,
    proc: proc as ChildProcess,
    async stop() {
      proc.stdin!.end();
      await exited;
    },
  };
}

async function call(url: string, method: string, route: string, token: string | null, body?: unknown) {
  const res = await fetch(`${url}/api/v1${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Token ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
  return json as Record<string, unknown>;
}

/** What the fake's orders must become: every SKU line of every order, and the cancelled ones. */
function expected() {
  let lines = 0;
  let cancelledLines = 0;
  for (let id = 1; id <= SHOP_ORDERS; id++) {
    const order = generatedOrder(id);
    const n = order.lines.filter((l) => l.sku !== null).length;
    lines += n;
    if (order.cancelledAt) cancelledLines += n;
  }
  return { orders: SHOP_ORDERS, lines, cancelledLines };
}

async function measure(label: string, database: string, shopUrl: string) {
  const server = await child(
    ['--serve', database, shopUrl],
    // As the team server runs (bench-process.ts).
    ['--max-semi-space-size=4', '--max-old-space-size=512'],
  );
  const pid = server.proc.pid as number;
  try {
    const registered = await call(server.url, 'POST', '/auth/register', null, {
      fullname: 'Bench Admin',
      email: 'bench@kura.example',
      username: 'bench',
      password: 'bench-password',
    });
    const token = registered.accessToken as string;
    for (let n = 0; n < SKUS; n++) {
      await call(server.url, 'POST', '/products', token, {
        name: `Product ${n}`,
        skuCode: `SKU-${n}`,
        janCode: withJanCheckDigit(`4900000${String(n).padStart(5, '0')}`),
        purchasePrice: 500,
        inStockQuantity: 1000,
        amazonStockQuantity: 0,
        availablePlatforms: [],
      });
    }
    await call(server.url, 'PUT', '/connections/shopify', token, {
      shopDomain: 'kura-bench.myshopify.com',
      accessToken: FAKE_TOKEN,
      enabled: true,
    });
    await call(server.url, 'POST', '/connections/shopify/test', token);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const idle = memoryMb(pid).VmRSS as number;
    // "5" resets the peak resident size (VmHWM) to the current one.
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    let sampledPeak = idle;
    let samples = 0;
    const sampler = setInterval(() => {
      const rss = memoryMb(pid).VmRSS;
      if (rss !== undefined) {
        sampledPeak = Math.max(sampledPeak, rss);
        samples++;
      }
    }, SAMPLE_MS);
    const started = performance.now();
    const { runId } = (await call(server.url, 'POST', '/connections/shopify/sync', token)) as {
      runId: string;
    };
    let run: Record<string, unknown> | undefined;
    let lastLog = started;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const runs = (await call(server.url, 'GET', '/connections/shopify/runs', token)).data as Record<
        string,
        unknown
      >[];
      run = runs.find((r) => r.runId === runId);
      if (run && run.status !== 'running') break;
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        log(
          `${label}: ${Math.round((lastLog - started) / 1000)} s, ${String(run?.created)} lines, RSS ${Math.round(memoryMb(pid).VmRSS ?? 0)} MB`,
        );
      }
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const peak = memoryMb(pid).VmHWM as number;

    const db = createDatabase(database);
    let stored: { lines: number; orders: number; cancelled: number };
    try {
      const row = await db.db
        .selectFrom('orders')
        .select((eb) => [
          eb.fn.countAll<number>().as('lines'),
          eb.fn.count<number>('order_id').distinct().as('orders'),
          eb.fn
            .count<number>(eb.case().when('shipment_status', '=', 'CANCELLED').then(1).end())
            .as('cancelled'),
        ])
        .where('platform_code', '=', 'SHOPIFY')
        .executeTakeFirstOrThrow();
      stored = { lines: Number(row.lines), orders: Number(row.orders), cancelled: Number(row.cancelled) };
    } finally {
      await db.destroy();
    }
    const want = expected();
    const countsOk =
      run?.status === 'succeeded' &&
      stored.orders === want.orders &&
      stored.lines === want.lines &&
      stored.cancelled === want.cancelledLines &&
      run.created === want.lines &&
      run.unmatched === 0 &&
      run.errors === 0;
    const above = Math.max(peak, sampledPeak) - idle;
    const ok = countsOk && above <= TARGET_ABOVE_IDLE_MB;
    return {
      ok,
      row: {
        database: label,
        run: String(run?.status),
        seconds: Number(seconds.toFixed(1)),
        'orders/s': Math.round(want.orders / seconds),
        'lines (run / stored / fake)': `${String(run?.created)} / ${stored.lines} / ${want.lines}`,
        'orders (stored / fake)': `${stored.orders} / ${want.orders}`,
        'cancelled lines': `${stored.cancelled} / ${want.cancelledLines}`,
        'unmatched, errors': `${String(run?.unmatched)}, ${String(run?.errors)}`,
        'idle MB': Math.round(idle),
        'peak MB (VmHWM)': Math.round(peak),
        'sampled peak MB': Math.round(sampledPeak),
        samples,
        'above idle MB': Math.round(above),
        target: `≤ ${TARGET_ABOVE_IDLE_MB}`,
        result: ok ? 'ok' : countsOk ? 'MISSED' : 'COUNTS DIFFER',
      },
    };
  } finally {
    await server.stop();
  }
}

/** A fresh PostgreSQL database beside the one `url` names. */
async function freshPg(url: string) {
  const base = new URL(url);
  const name = `${base.pathname.slice(1) || 'kura'}_live_sync`.replace(/[^a-z0-9_]/gi, '_');
  // Made and dropped from the server's maintenance database: the named one need not exist.
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: maintenance.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  base.pathname = `/${name}`;
  return { url: base.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kura-bench-live-sync-'));
  const rows: Record<string, unknown>[] = [];
  let ok = true;
  try {
    const runOn = async (label: string, database: string) => {
      // A fake of its own for each database: the first run of the shop, its bucket full.
      const shop = await child(['--fake']);
      try {
        const result = await measure(label, database, shop.url);
        rows.push(result.row);
        ok &&= result.ok;
      } finally {
        await shop.stop();
      }
    };
    await runOn('SQLite', path.join(dir, 'kura.sqlite'));
    if (process.env.KURA_BENCH_PG_URL) {
      const database = await freshPg(process.env.KURA_BENCH_PG_URL);
      try {
        await runOn('PostgreSQL', database.url);
      } finally {
        await database.drop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `Live sync, first run: ${SHOP_ORDERS} Shopify orders from the fake (its bucket ${Math.max(2000, RESTORE)} points, ` +
      `${RESTORE} restored a second: Shopify's standard is 2,000 and 100); load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${cpus().length} cores`,
  );
  console.table(rows);
  process.exitCode = ok ? 0 : 1;
}

const mode = process.argv[2];
(mode === '--fake'
  ? fake()
  : mode === '--serve'
    ? serve(process.argv[3] as string, process.argv[4] as string)
    : main()
).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
