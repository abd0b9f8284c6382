/**
 * The team server at a working day's load (not a test: a benchmark): two server processes
 * (server-process.ts) on one PostgreSQL database, as behind a load balancer, with
 *
 * - 200 desktop apps, each polling every 10 s as the desktop's notification poller does
 *   (shared/src/notifications/order-poller.ts): its session (`auth/me`), then the platform
 *   orders and the OTZ orders created after its cursors (`createdAt[gt]=…&sort=-createdAt`,
 *   100 at most), each cursor taken first from the newest order (page 1, size 1);
 * - 20 staff browsing, each waiting 1–3 s between requests: order lists (a status tab or all, a
 *   platform or all, a date window or none, pages 1–3) with the tabs' counts, order searches
 *   (product words, order id fragments, customers), products lists and searches, shipments,
 *   the sales summary (admins);
 *
 * spread over both servers, for 60 s. Reports p50 and p99 per kind of request and overall;
 * the target is an overall p99 of 100 ms at most.
 *
 * `node --import tsx server/bench/team-load.ts <postgres://…>` runs it alone (the database is
 * seeded with the demo data if empty); `npm run bench` runs it after the PostgreSQL scenarios when
 * KURA_BENCH_PG_URL is set, unless KURA_BENCH_TEAM=0. KURA_BENCH_TEAM_SECONDS, _CLIENTS and _STAFF
 * change its size.
 */
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../src/demo/seed';
import { spawnServer } from './bench-process';

export const TEAM_TARGET_P99_MS = 100;

export interface TeamLoadOptions {
  seconds?: number;
  clients?: number;
  staff?: number;
  pollMs?: number;
}

export interface TeamLoadRow {
  kind: string;
  requests: number;
  'p50 ms': number;
  'p99 ms': number;
  'max ms': number;
  errors: number;
}

const percentile = (sorted: number[], q: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number) : 0;

export async function teamLoad(
  databaseUrl: string,
  {
    seconds = Number(process.env.KURA_BENCH_TEAM_SECONDS ?? 60),
    clients = Number(process.env.KURA_BENCH_TEAM_CLIENTS ?? 200),
    staff = Number(process.env.KURA_BENCH_TEAM_STAFF ?? 20),
    pollMs = 10_000,
  }: TeamLoadOptions = {},
): Promise<{ ok: boolean; rows: TeamLoadRow[] }> {
  // One after the other: the first seeds the demo data into an empty database.
  const first = await spawnServer(databaseUrl);
  const second = await spawnServer(databaseUrl);
  const servers = [first.url, second.url];
  const times = new Map<string, number[]>();
  const errors = new Map<string, number>();
  /** The first failure of each kind, to say what went wrong. */
  const firstError = new Map<string, string>();
  let stopping = false;

  /** One GET, timed, counted under its kind; answers the parsed body (undefined on failure). */
  const get = async (kind: string, server: string, token: string, pathAndQuery: string) => {
    const started = performance.now();
    let body: unknown;
    let ok = false;
    let failure = '';
    try {
      const res = await fetch(`${server}/api/v1/${pathAndQuery}`, {
        headers: { authorization: `Token ${token}` },
      });
      body = await res.json();
      ok = res.status === 200;
      if (!ok) failure = `${res.status} ${JSON.stringify(body).slice(0, 200)}`;
    } catch (err) {
      failure = String(err);
    }
    const ms = performance.now() - started;
    if (stopping) return body;
    if (!times.has(kind)) times.set(kind, []);
    (times.get(kind) as number[]).push(ms);
    if (!ok) {
      errors.set(kind, (errors.get(kind) ?? 0) + 1);
      if (!firstError.has(kind)) firstError.set(kind, `GET ${pathAndQuery} → ${failure}`);
    }
    return body;
  };

  const login = async (server: string, who: 'admin' | 'orderCreator') => {
    const res = await fetch(`${server}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS[who].email, password: DEMO_PASSWORDS[who] }),
    });
    const token = ((await res.json()) as { token?: string }).token;
    if (!token) throw new Error(`the team load could not sign in (${res.status})`);
    return token;
  };
  /** Sessions, a few sign-ins at a time (each costs a password hash). */
  const sessions = async (n: number, role: (i: number) => 'admin' | 'orderCreator') => {
    const tokens: string[] = [];
    for (let i = 0; i < n; i += 8) {
      tokens.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(8, n - i) }, (_, k) =>
            login(servers[(i + k) % 2] as string, role(i + k)),
          ),
        )),
      );
    }
    return tokens;
  };

  try {
    const desktopTokens = await sessions(clients, () => 'admin');
    // Administrators: the order lists, their counts and the sales are theirs.
    const staffTokens = await sessions(staff, () => 'admin');
    const endAt = Date.now() + seconds * 1000;
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

    const desktop = async (i: number) => {
      const server = servers[i % 2] as string;
      const token = desktopTokens[i] as string;
      const cursors: Record<'orders' | 'otz-orders', string | null | undefined> = {
        orders: undefined,
        'otz-orders': undefined,
      };
      // Apps were started at different moments.
      let next = Date.now() + Math.random() * pollMs;
      while (true) {
        await sleep(next - Date.now());
        if (Date.now() >= endAt) return;
        next += pollMs;
        await get('desktop: auth/me', server, token, 'auth/me');
        for (const resource of ['orders', 'otz-orders'] as const) {
          const kind = resource === 'orders' ? 'desktop: new platform orders' : 'desktop: new OTZ orders';
          const cursor = cursors[resource];
          if (cursor === undefined) {
            const first = (await get(kind, server, token, `${resource}/?page=1&limit=1&sort=-createdAt`)) as
              { data?: { createdAt: string }[] } | undefined;
            if (first?.data) cursors[resource] = first.data[0]?.createdAt ?? null;
            continue;
          }
          const filter = cursor === null ? '' : `&createdAt%5Bgt%5D=${encodeURIComponent(cursor)}`;
          const batch = (await get(
            kind,
            server,
            token,
            `${resource}/?page=1&limit=100&sort=-createdAt${filter}`,
          )) as { data?: { createdAt: string }[] } | undefined;
          const newest = batch?.data?.[0];
          if (newest) cursors[resource] = newest.createdAt;
        }
      }
    };

    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)] as T;
    const STATUSES = ['', 'RECEIVED', 'ACCEPTED', 'PACKED', 'SHIPPED', 'COMPLETED', 'CANCELLED'];
    const PLATFORMS = ['', 'AMAZONIND', 'AMAZONJP', 'SHOPIFY'];
    const WINDOWS = [0, 7, 30, 90, 365];
    const TEXTS = [
      'matcha',
      'sencha',
      'calbee',
      'chips',
      '抹茶',
      'pocky',
      '403-12',
      '249-',
      '#10',
      'Priya',
      'Mehta',
      'KUR-',
    ];
    const staffMember = async (i: number) => {
      const server = servers[i % 2] as string;
      const token = staffTokens[i] as string;
      await sleep(Math.random() * 3000);
      while (Date.now() < endAt) {
        const status = pick(STATUSES);
        const platform = pick(PLATFORMS);
        const window = pick(WINDOWS);
        const dates = window ? `&orderDate%5Bgte%5D=${day(window)}&orderDate%5Blte%5D=${day(0)}` : '';
        const filters = `${status ? `&shipmentStatus=${status}` : ''}${platform ? `&platformCode=${platform}` : ''}${dates}`;
        const roll = Math.random();
        if (roll < 0.3) {
          // The order screen: its page and its tabs' counts.
          await get(
            'staff: orders list',
            server,
            token,
            `orders?page=${1 + Math.floor(Math.random() * 3)}&limit=50${filters}`,
          );
          const range = [
            ...(window ? [`start_date=${day(window)}`, `end_date=${day(0)}`] : []),
            ...(platform ? [`platformCode=${platform}`] : []),
          ];
          await get('staff: orders/total', server, token, `orders/total?${range.join('&')}`);
        } else if (roll < 0.55) {
          const text = encodeURIComponent(pick(TEXTS));
          await get(
            'staff: order search',
            server,
            token,
            `orders/search?searchStr=${text}&page=1&limit=50${filters}`,
          );
        } else if (roll < 0.7) {
          await get(
            'staff: products list',
            server,
            token,
            `products?page=${1 + Math.floor(Math.random() * 3)}&limit=25&sort=-updatedAt`,
          );
        } else if (roll < 0.82) {
          const text = encodeURIComponent(pick(TEXTS.slice(0, 6)));
          await get(
            'staff: product search',
            server,
            token,
            `products/search?searchString=${text}&page=1&limit=25`,
          );
        } else if (roll < 0.92) {
          await get(
            'staff: shipments',
            server,
            token,
            `shipments?page=1&limit=25&shippingDate%5Bgte%5D=${day(90)}`,
          );
        } else {
          await get(
            'staff: sales summary',
            server,
            token,
            `sales/summary?from=${day(pick([7, 30, 365]))}&to=${day(0)}`,
          );
        }
        await sleep(1000 + Math.random() * 2000);
      }
    };

    const load = loadavg()[0]?.toFixed(1);
    await Promise.all([
      ...Array.from({ length: clients }, (_, i) => desktop(i)),
      ...Array.from({ length: staff }, (_, i) => staffMember(i)),
    ]);
    stopping = true;

    const rows: TeamLoadRow[] = [];
    const all: number[] = [];
    let allErrors = 0;
    for (const [kind, list] of [...times].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = [...list].sort((x, y) => x - y);
      all.push(...list);
      allErrors += errors.get(kind) ?? 0;
      rows.push({
        kind,
        requests: list.length,
        'p50 ms': Math.round(percentile(sorted, 0.5)),
        'p99 ms': Math.round(percentile(sorted, 0.99)),
        'max ms': Math.round(sorted.at(-1) ?? 0),
        errors: errors.get(kind) ?? 0,
      });
    }
    const sortedAll = all.sort((x, y) => x - y);
    const overall = {
      kind: 'overall',
      requests: all.length,
      'p50 ms': Math.round(percentile(sortedAll, 0.5)),
      'p99 ms': Math.round(percentile(sortedAll, 0.99)),
      'max ms': Math.round(sortedAll.at(-1) ?? 0),
      errors: allErrors,
    };
    rows.push(overall);
    const ok = overall['p99 ms'] <= TEAM_TARGET_P99_MS && allErrors === 0;
    console.log(
      `Team servers: 2 processes on one PostgreSQL database, ${clients} desktop apps polling every ${pollMs / 1000} s, ` +
        `${staff} staff browsing, ${seconds} s (${Math.round(all.length / seconds)} req/s); load average ${load} → ` +
        `${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores; target overall p99 ≤ ${TEAM_TARGET_P99_MS} ms: ${ok ? 'met' : 'MISSED'}`,
    );
    console.table(rows);
    for (const [kind, failure] of firstError) console.log(`first failure of ${kind}: ${failure}`);
    return { ok, rows };
  } finally {
    stopping = true;
    first.child.kill('SIGTERM');
    second.child.kill('SIGTERM');
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const database = process.argv[2] ?? process.env.KURA_BENCH_PG_URL;
  if (!database) {
    console.error('usage: node --import tsx server/bench/team-load.ts <postgres://…>');
    process.exit(2);
  }
  const { ok } = await teamLoad(database);
  process.exit(ok ? 0 : 1);
}
