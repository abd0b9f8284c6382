/**
 * `node --import tsx server/bench/import-orders.ts`: how long POST /orders/import takes for an
 * Amazon All Orders report of 100,000 lines (KURA_BENCH_IMPORT_LINES) on the demo catalog — the
 * preview (dry run), the import, and the same import again (all skipped). The server runs in a
 * process of its own (server-process.ts) on a temporary SQLite file, or on the PostgreSQL
 * database KURA_BENCH_PG_URL names, so its CPU time is its own. The target: under a minute of
 * wall time for the import. Prints the load average, since wall time under load is not CPU time.
 * Exits 1 when the target is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from '../src/db/connect';
import { cpuSeconds, login, spawnServer } from './bench-process';

const LINES = Number(process.env.KURA_BENCH_IMPORT_LINES ?? 100_000);
const TARGET_SECONDS = 60;

/**
 * A report like a busy seller's: orders of one to three items over a year, on Amazon.co.jp (yen)
 * and Amazon.in (rupees), 2% cancelled, 1% naming a SKU the catalog does not have.
 */
function buildReport(skus: readonly string[], lines: number): string {
  const header = [
    'amazon-order-id',
    'merchant-order-id',
    'purchase-date',
    'last-updated-date',
    'order-status',
    'fulfillment-channel',
    'sales-channel',
    'product-name',
    'sku',
    'asin',
    'item-status',
    'quantity',
    'currency',
    'item-price',
    'item-tax',
    'shipping-price',
    'item-promotion-discount',
    'ship-city',
    'ship-state',
    'ship-postal-code',
    'ship-country',
  ].join('\t');
  const out: string[] = [header];
  let order = 0;
  let seed = 42;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  while (out.length <= lines) {
    order += 1;
    const jp = random(2) === 0;
    const items = 1 + random(3);
    const day = new Date(Date.UTC(2025, 11, 1) + random(365 * 24 * 3600) * 1000).toISOString();
    const cancelled = random(50) === 0;
    const used = new Set<string>();
    for (let i = 0; i < items && out.length <= lines; i++) {
      let sku = random(100) === 0 ? `UNKNOWN-${random(1000)}` : (skus[random(skus.length)] as string);
      if (used.has(sku)) sku = `${sku}-X${i}`;
      used.add(sku);
      const quantity = cancelled ? 0 : 1 + random(3);
      const unit = jp ? 300 + random(3000) : 199 + random(1500);
      const price = cancelled
        ? ''
        : jp
          ? String(unit * quantity)
          : `${unit * quantity}.${String(random(100)).padStart(2, '0')}`;
      out.push(
        [
          `${jp ? '503' : '404'}-${String(1000000 + (order % 9000000)).padStart(7, '0')}-${String(order).padStart(7, '0')}`,
          '',
          day,
          day,
          cancelled ? 'Cancelled' : 'Shipped',
          'Merchant',
          jp ? 'Amazon.co.jp' : 'Amazon.in',
          jp ? 'カルビー じゃがりこ サラダ 57g' : 'Calbee Jagariko Salad 57g',
          sku,
          `B0${String(order).padStart(8, '0')}`,
          cancelled ? 'Cancelled' : 'Shipped',
          String(quantity),
          cancelled ? '' : jp ? 'JPY' : 'INR',
          price,
          cancelled ? '' : jp ? String(Math.floor(unit / 10)) : '45.61',
          '0',
          random(10) === 0 ? (jp ? '-100' : '-50.00') : '',
          jp ? '世田谷区' : 'Bengaluru',
          jp ? '東京都' : 'KARNATAKA',
          jp ? '154-0001' : '560001',
          jp ? 'JP' : 'IN',
        ].join('\t'),
      );
    }
  }
  return `${out.join('\r\n')}\r\n`;
}

/**
 * One import, read as its NDJSON progress stream (a plain answer would only come at the end,
 * after any client's header timeout), timing the first and the last batch too: a batch that
 * slows down as the table grows shows there.
 */
async function timedImport(url: string, token: string, pid: number, body: Buffer, query: string) {
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  const res = await fetch(`${url}/api/v1/orders/import?${query}`, {
    method: 'POST',
    headers: {
      authorization: `Token ${token}`,
      'content-type': 'text/tab-separated-values',
      accept: 'application/x-ndjson',
    },
    body,
  });
  if (res.status !== 200 || !res.body) throw new Error(`import answered ${res.status}: ${await res.text()}`);
  const stamps: number[] = [];
  let result: Record<string, unknown> | undefined;
  let buffered = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    buffered += decoder.decode(chunk as Uint8Array, { stream: true });
    let end = buffered.indexOf('\n');
    while (end !== -1) {
      const event = JSON.parse(buffered.slice(0, end)) as Record<string, unknown>;
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf('\n');
      if ('progress' in event) stamps.push(performance.now());
      else if ('result' in event) result = event.result as Record<string, unknown>;
      else throw new Error(`import failed: ${JSON.stringify(event)}`);
    }
  }
  if (!result) throw new Error('the import ended without a result');
  const wall = (performance.now() - started) / 1000;
  const batch = (i: number) => (((stamps[i + 1] ?? 0) - (stamps[i] ?? 0)) / 1000).toFixed(2);
  return {
    run: query,
    'wall s': Number(wall.toFixed(1)),
    'server CPU s': Number(((cpuSeconds(pid) ?? 0) - (cpuBefore ?? 0)).toFixed(1)),
    'first progress s': Number((((stamps[0] ?? started) - started) / 1000).toFixed(1)),
    'first/last batch s': `${batch(0)} / ${batch(stamps.length - 2)}`,
    created: result.created,
    updated: result.updated,
    skipped: result.skipped,
    unmatched: result.unmatchedCount,
    errors: result.errorCount,
  };
}

const dir = mkdtempSync(path.join(tmpdir(), 'kura-bench-import-'));
process.exitCode = 1;
try {
  const database = process.env.KURA_BENCH_PG_URL ?? path.join(dir, 'kura.sqlite');
  const { url, child } = await spawnServer(database);
  try {
    const db = createDatabase(database);
    let skus: string[];
    try {
      skus = (await db.db.selectFrom('products').select('sku_code').execute()).map((r) => r.sku_code);
    } finally {
      await db.destroy();
    }
    const report = Buffer.from(buildReport(skus, LINES), 'utf8');
    const token = await login(url);
    const pid = child.pid as number;
    const rows = [
      await timedImport(url, token, pid, report, 'source=amazon&dryRun=true'),
      await timedImport(url, token, pid, report, 'source=amazon'),
      await timedImport(url, token, pid, report, 'source=amazon'),
    ];
    const imported = rows[1];
    process.exitCode = imported && imported['wall s'] <= TARGET_SECONDS ? 0 : 1;
    console.log(
      `Order report import: ${LINES.toLocaleString('en')} lines, ${(report.length / 1e6).toFixed(1)} MB, ` +
        `${process.env.KURA_BENCH_PG_URL ? 'PostgreSQL' : 'SQLite'}; load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} on ${cpus().length} cores; target: import under ${TARGET_SECONDS} s`,
    );
    console.table(rows);
  } finally {
    child.kill('SIGTERM');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
