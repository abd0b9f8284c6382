/**
 * `node --import tsx server/bench/import-products.ts`: how long POST /products/import takes for
 * a catalogue edited in a spreadsheet. The demo catalogue is exported (GET
 * /products/csv-products), every row given customs fields, and KURA_BENCH_IMPORT_PRODUCTS new
 * rows (10,000 by default) added; then the dry run, the import, the same file again (every
 * row unchanged), and the whole catalogue edited again (every row updated). The server runs in a process of its own (server-process.ts) on a temporary
 * SQLite file, or on the PostgreSQL database KURA_BENCH_PG_URL names. No target is set for it:
 * it says what a catalogue costs, and exits 1 only when an import fails or miscounts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { withJanCheckDigit } from '#shared/domain/jan';
import type { ProductImportResult } from '#shared/schemas/product-import';
import { cpuSeconds, login, spawnServer } from './bench-process';

const NEW_ROWS = Number(process.env.KURA_BENCH_IMPORT_PRODUCTS ?? 10_000);

/** RFC 4180 fields: the export's own rows are kept as they are, only new cells are written here. */
const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/**
 * The export with the customs columns filled on each row (split on the export's CRLF rows: its
 * quoted line breaks are LF alone) and new products after it, in the export's own columns.
 */
function editedCatalogue(exported: string): { csv: string; rows: number } {
  const [header, ...rows] = exported
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const titles = (header as string).split(',');
  const at = (title: string) => titles.indexOf(title);
  const customs = ['HS code', 'Country of origin', 'Description (en)', 'Net weight (g)'].map(at);
  if (customs.some((i) => i !== titles.length - 4 + customs.indexOf(i))) {
    throw new Error('the export no longer ends with the customs columns');
  }
  const edited = rows.map((row, i) => {
    // The last four cells are the customs ones, empty in the demo data.
    const kept = row.replace(/,[^,]*,[^,]*,[^,]*,[^,]*$/, '');
    return `${kept},0902.10,JP,${cell(`Green tea, lot ${i}`)},${100 + (i % 400)}`;
  });
  const added = Array.from({ length: NEW_ROWS }, (_, i) => {
    const values: Record<string, string> = {
      Name: cell(`Bench tea ${i}, 100 g`),
      'Name (ja)': `ベンチ茶 ${i}`,
      SKU: `BENCH-IMP-${String(i).padStart(6, '0')}`,
      JAN: withJanCheckDigit(`20${String(i).padStart(10, '0')}`),
      'Purchase price (JPY)': String(300 + (i % 900)),
      Shelf: `B-${i % 40}`,
      'Low stock level': '2',
      Status: 'Active',
      'HS code': '090210',
      'Country of origin': 'JP',
      'Description (en)': cell(`Green tea, bench ${i}`),
      'Net weight (g)': String(100 + (i % 400)),
    };
    return titles.map((title) => values[title] ?? '').join(',');
  });
  return { csv: `\uFEFF${[header, ...edited, ...added].join('\r\n')}\r\n`, rows: rows.length };
}

async function timedImport(url: string, token: string, pid: number, body: Buffer, query: string) {
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  const res = await fetch(`${url}/api/v1/products/import${query}`, {
    method: 'POST',
    headers: { authorization: `Token ${token}`, 'content-type': 'text/csv' },
    body,
  });
  const result = (await res.json()) as ProductImportResult;
  if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(result)}`);
  if (result.rejected.length > 0)
    throw new Error(`rows rejected: ${JSON.stringify(result.rejected.slice(0, 3))}`);
  return {
    run: query || 'import',
    'wall s': Number(((performance.now() - started) / 1000).toFixed(1)),
    'server CPU s': Number(((cpuSeconds(pid) ?? 0) - (cpuBefore ?? 0)).toFixed(1)),
    created: result.created,
    updated: result.updated,
    unchanged: result.unchanged,
  };
}

const dir = mkdtempSync(path.join(tmpdir(), 'kura-bench-products-'));
process.exitCode = 1;
try {
  const database = process.env.KURA_BENCH_PG_URL ?? path.join(dir, 'kura.sqlite');
  const { url, child } = await spawnServer(database);
  try {
    const token = await login(url);
    const exported = await fetch(`${url}/api/v1/products/csv-products`, {
      headers: { authorization: `Token ${token}` },
    });
    const { csv, rows: existing } = editedCatalogue(await exported.text());
    const body = Buffer.from(csv, 'utf8');
    const pid = child.pid as number;
    // The whole catalogue edited again: every row's net weight one gram more (the last cell).
    const reweighed = Buffer.from(
      csv.replace(/,(\d+)\r\n/g, (_, grams: string) => `,${Number(grams) + 1}\r\n`),
      'utf8',
    );
    const runs = [
      await timedImport(url, token, pid, body, '?dryRun=true'),
      await timedImport(url, token, pid, body, ''),
      await timedImport(url, token, pid, body, ''),
      await timedImport(url, token, pid, reweighed, ''),
    ];
    const [, first, again, edited] = runs;
    const all = NEW_ROWS + existing;
    const counted =
      first?.created === NEW_ROWS &&
      first.updated === existing &&
      again?.unchanged === all &&
      edited?.updated === all;
    process.exitCode = counted ? 0 : 1;
    console.log(
      `Products CSV import: ${existing} exported rows edited and ${NEW_ROWS.toLocaleString('en')} new, ` +
        `${(body.length / 1e6).toFixed(1)} MB, ${process.env.KURA_BENCH_PG_URL ? 'PostgreSQL' : 'SQLite'}; ` +
        `load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} on ${cpus().length} cores${counted ? '' : '; THE COUNTS ARE WRONG'}`,
    );
    console.table(runs);
  } finally {
    child.kill('SIGTERM');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
