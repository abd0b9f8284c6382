/**
 * CPU time per request, in process (no sockets): `node --import tsx server/bench/cpu.ts [db]`.
 * The bench's req/s depends on what else the machine runs; CPU ms per request (process.cpuUsage
 * around a loop of app.inject) is disturbed much less, so it is the figure to compare changes
 * with on a shared machine. With a SQLite path that exists, reuses it (seeded before); else
 * seeds the demo data and KURA_BENCH_PRODUCTS (50,000) products into it first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/connect';
import { seedLarge } from '../src/demo/large';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../src/demo/seed';
import { productsCsvStream } from '../src/products/products.csv';
import { exportProducts } from '../src/products/products.service';
import { ensureBenchAdmin, FreshRequests, loadVocabulary } from './fresh';
import { largeScenarios, orderScenarios } from './scenarios';

const database = process.argv[2] ?? 'data/kura-bench-cpu.sqlite';
const fresh = !existsSync(database);
const app = await buildApp({
  config: { ...loadConfig(), databaseUrl: database, demo: true, logLevel: 'warn', loginRateLimit: 1000 },
});
if (fresh) {
  const seedDb = createDatabase(database);
  try {
    const seeded = await seedLarge(seedDb.db, {
      products: Number(process.env.KURA_BENCH_PRODUCTS ?? 50_000),
    });
    console.log(`Seeded ${seeded.products} products in ${seeded.seconds.toFixed(1)} s`);
  } finally {
    await seedDb.destroy();
  }
}
await ensureBenchAdmin(app.db);
const login = await app.inject({
  method: 'POST',
  url: '/api/v1/auth/login',
  payload: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORDS.admin },
});
const headers = { authorization: `Token ${(login.json() as { token: string }).token}` };
const draw = new FreshRequests(await loadVocabulary(app.db));
const REQUESTS = Number(process.env.KURA_BENCH_REQUESTS ?? 2000);

// KURA_BENCH_ONLY=export (or a part of a scenario's name) measures only those.
const only = process.env.KURA_BENCH_ONLY;
const rows = [];
// The orders' scenarios find nothing to measure in a database without orders: they are skipped there.
const hasOrders = (await app.db.selectFrom('orders').select('id').limit(1).executeTakeFirst()) !== undefined;
const scenarios = [...largeScenarios, ...(hasOrders ? orderScenarios() : [])];
for (const s of scenarios.filter((c) => !only || c.name.includes(only))) {
  const url = () => (s.fresh ? s.fresh(draw) : s.path);
  for (let i = 0; i < REQUESTS / 4; i++) await app.inject({ url: url(), headers });
  const before = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const path = url();
    const res = await app.inject({ url: path, headers });
    if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
  }
  const cpu = process.cpuUsage(before);
  rows.push({
    scenario: s.name,
    'CPU ms/req': Number(((cpu.user + cpu.system) / 1000 / REQUESTS).toFixed(3)),
    'wall ms/req': Number(((performance.now() - started) / REQUESTS).toFixed(3)),
  });
}
if (!only || only === 'export') {
  // The export's own work (the query, its batches, the CSV bytes), without an HTTP client
  // collecting 13 MB in the same process.
  const before = process.cpuUsage();
  const started = performance.now();
  let exported = 0;
  for (let i = 0; i < 3; i++) {
    for await (const chunk of productsCsvStream(exportProducts(app.db, {}))) {
      const bytes: Buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      for (let j = bytes.indexOf(10); j !== -1; j = bytes.indexOf(10, j + 1)) exported++;
    }
    exported--;
  }
  const cpu = process.cpuUsage(before);
  rows.push({
    scenario: `CSV export (${exported / 3} rows ×3), rows per CPU s`,
    'CPU ms/req': Math.round(exported / ((cpu.user + cpu.system) / 1e6)),
    'wall ms/req': Math.round(exported / ((performance.now() - started) / 1000)),
  });
}
const peak = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
console.log(`peak RSS ${Math.round(Number(peak) / 1024)} MB`);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.table(rows);
await app.close();
