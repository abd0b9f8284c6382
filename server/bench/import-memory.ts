/**
 * `node --import tsx server/bench/import-memory.ts`: what POST /orders/import costs the server in
 * memory and time on 50 MB files (KURA_BENCH_IMPORT_MB), the server in a process of its own
 * (server-process.ts, demo data on a temporary SQLite file, or KURA_BENCH_PG_URL): its resident
 * memory when idle, and its peak (VmHWM, reset before each run through /proc/<pid>/clear_refs)
 * while it reads
 *
 * - an All Orders report of valid lines (the preview, then the import),
 * - a valid header followed by garbage rows (each a row error), once and three at a time,
 * - a file without a valid header (refused after its first line: how soon the answer comes).
 *
 * The target: at most 100 MB above idle for a 50 MB file. Exits 1 when it is missed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { login, memoryMb, spawnServer } from './bench-process';

const MEGABYTES = Number(process.env.KURA_BENCH_IMPORT_MB ?? 50);
const TARGET_MB = 100;
const HEADER = [
  'amazon-order-id',
  'purchase-date',
  'sales-channel',
  'product-name',
  'sku',
  'asin',
  'order-status',
  'quantity',
  'currency',
  'item-price',
  'item-tax',
  'ship-city',
  'ship-state',
  'ship-postal-code',
  'ship-country',
].join('\t');

/** `bytes` of report: the header (or none), then rows from `row(i)` until the size is reached. */
function build(bytes: number, header: string | null, row: (i: number) => string): Buffer {
  const parts: string[] = header ? [header] : [];
  let size = header ? header.length + 2 : 0;
  for (let i = 0; size < bytes; i++) {
    const line = row(i);
    parts.push(line);
    size += Buffer.byteLength(line) + 2;
  }
  return Buffer.from(`${parts.join('\r\n')}\r\n`, 'utf8');
}

const validRow = (skus: readonly string[]) => (i: number) =>
  [
    `503-${String(1000000 + (i % 9000000)).padStart(7, '0')}-${String(i).padStart(7, '0')}`,
    '2026-06-01T03:00:00+00:00',
    'Amazon.co.jp',
    'カルビー じゃがりこ サラダ 57g',
    skus[i % skus.length],
    '',
    'Shipped',
    '1',
    'JPY',
    String(300 + (i % 3000)),
    '30',
    '世田谷区',
    '東京都',
    '154-0001',
    'JP',
  ].join('\t');
const garbageRow = (i: number) => `garbage ${i}\tnot a date\tnowhere\t\t\t\t\t\t\tx`;
const headerless = (i: number) => `line ${i},of,a,file,that,is,not,a,report,at,all`;

async function post(url: string, token: string, body: Buffer, query: string, ndjson = false) {
  const started = performance.now();
  const res = await fetch(`${url}/api/v1/orders/import?${query}`, {
    method: 'POST',
    headers: {
      authorization: `Token ${token}`,
      'content-type': 'text/tab-separated-values',
      ...(ndjson ? { accept: 'application/x-ndjson' } : {}),
    },
    body,
  });
  const answeredMs = performance.now() - started;
  const text = await res.text();
  const ms = performance.now() - started;
  let summary = text.slice(0, 80);
  try {
    const last = JSON.parse(text.trim().split('\n').at(-1) as string) as Record<string, unknown>;
    const result = (last.result ?? last) as Record<string, unknown>;
    summary = JSON.stringify({
      created: result.created,
      skipped: result.skipped,
      errors: Array.isArray(result.errors) ? result.errors.length : undefined,
      errorCount: result.errorCount,
      code: result.code,
    });
  } catch {
    // left as text
  }
  return { status: res.status, answeredMs, ms, bytes: text.length, summary };
}

const dir = mkdtempSync(path.join(tmpdir(), 'kura-bench-import-memory-'));
process.exitCode = 1;
try {
  const database = process.env.KURA_BENCH_PG_URL ?? path.join(dir, 'kura.sqlite');
  const { url, child } = await spawnServer(database);
  const pid = child.pid as number;
  try {
    const token = await login(url);
    const products = await fetch(`${url}/api/v1/products?limit=200`, {
      headers: { authorization: `Token ${token}` },
    });
    const skus = ((await products.json()) as { data: { skuCode: string }[] }).data.map((p) => p.skuCode);
    const size = MEGABYTES * 1024 * 1024;
    const valid = build(size, HEADER, validRow(skus));
    const garbage = build(size, HEADER, garbageRow);
    const noHeader = build(size, null, headerless);
    if (process.env.KURA_BENCH_SAVE) writeFileSync(path.join(process.env.KURA_BENCH_SAVE), garbage);
    // Warm up: every module and statement of an import loaded before the idle figure is taken.
    await post(url, token, build(200_000, HEADER, validRow(skus)), 'source=amazon&dryRun=true');
    await post(url, token, build(200_000, HEADER, garbageRow), 'source=amazon&dryRun=true');
    await new Promise((resolve) => setTimeout(resolve, 500));

    const rows: Record<string, unknown>[] = [];
    const measure = async (name: string, run: () => Promise<Awaited<ReturnType<typeof post>>[]>) => {
      const idle = memoryMb(pid).VmRSS as number;
      // "5" resets the peak resident size (VmHWM) to the current one.
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const results = await run();
      const peak = memoryMb(pid).VmHWM as number;
      const first = results[0] as Awaited<ReturnType<typeof post>>;
      rows.push({
        run: name,
        status: results.map((r) => r.status).join(' '),
        'idle MB': Math.round(idle),
        'peak MB': Math.round(peak),
        'above idle MB': Math.round(peak - idle),
        'answer ms': Math.round(Math.max(...results.map((r) => r.answeredMs))),
        'done ms': Math.round(Math.max(...results.map((r) => r.ms))),
        'answer KB': Math.round(first.bytes / 1024),
        result: first.summary,
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    };
    await measure('no valid header', async () => [await post(url, token, noHeader, 'source=amazon')]);
    await measure('garbage rows, preview', async () => [
      await post(url, token, garbage, 'source=amazon&dryRun=true'),
    ]);
    await measure('garbage rows, 3 at once', () =>
      Promise.all([1, 2, 3].map(() => post(url, token, garbage, 'source=amazon&dryRun=true'))),
    );
    await measure('valid lines, preview', async () => [
      await post(url, token, valid, 'source=amazon&dryRun=true'),
    ]);
    if (!process.env.KURA_BENCH_NO_IMPORT) {
      await measure('valid lines, import (NDJSON)', async () => [
        await post(url, token, valid, 'source=amazon', true),
      ]);
    }
    console.log(
      `Order report import memory: ${MEGABYTES} MB files, ` +
        `${process.env.KURA_BENCH_PG_URL ? 'PostgreSQL' : 'SQLite'}; load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} on ${cpus().length} cores; target: at most ${TARGET_MB} MB above idle`,
    );
    console.table(rows);
    const worst = Math.max(
      ...rows.filter((r) => !String(r.run).includes('3 at once')).map((r) => r['above idle MB'] as number),
    );
    process.exitCode = worst <= TARGET_MB ? 0 : 1;
  } finally {
    child.kill('SIGTERM');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
