import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CsvExportError, exportUrl, saveCsv, savePdf, type CsvExportDeps } from '../src/services/csv-export';

// What the API serves: a UTF-8 byte order mark, Japanese text and enough rows to stream in chunks.
const SERVED = Buffer.concat([
  Buffer.from([0xef, 0xbb, 0xbf]),
  Buffer.from('name,sku\n' + Array.from({ length: 5000 }, (_, i) => `抹茶 ${i},SKU-${i}\n`).join(''), 'utf8'),
]);

let server: Server;
let apiBaseUrl: string;
const seen: { url?: string; authorization?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url, authorization: req.headers.authorization });
    if (req.url?.startsWith('/api/v1/sales/slow')) {
      // A long export: a first part (with a line break inside a quoted field), then nothing
      // until the client goes away; or, for `?fail`, the connection cut half way.
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
      res.write('order,address\n1,"2-1 Ginza\nChuo-ku"\n2,plain\n');
      if (req.url.includes('fail')) setTimeout(() => res.destroy(), 20);
      return;
    }
    if (!req.url?.startsWith('/api/v1/products/csv-products')) {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"Bad request"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
    // In pieces, as a streamed export arrives.
    const half = Math.floor(SERVED.length / 2);
    res.write(SERVED.subarray(0, half));
    setTimeout(() => res.end(SERVED.subarray(half)), 5);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBaseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function deps(overrides: Partial<CsvExportDeps> = {}): CsvExportDeps {
  return {
    showSaveDialog: async () => ({ canceled: true }),
    fetch: (url, init) => fetch(url, init),
    getApiBaseUrl: async () => apiBaseUrl,
    getToken: () => 'vault-token',
    ...overrides,
  };
}

describe('CSV export', () => {
  it('streams the served bytes to the chosen file unchanged, BOM included, with the session token', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kura-csv-'));
    try {
      const chosen = path.join(dir, 'chosen.csv');
      const result = await saveCsv(
        { defaultName: 'products.csv', path: 'products/csv-products?searchString=curry&sort=name' },
        deps({ showSaveDialog: async () => ({ canceled: false, filePath: chosen }) }),
      );
      expect(result).toEqual({ saved: true, path: chosen });
      const bytes = await readFile(chosen);
      expect(Buffer.compare(bytes, SERVED)).toBe(0);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(seen.at(-1)).toEqual({
        url: '/api/v1/products/csv-products?searchString=curry&sort=name',
        authorization: 'Token vault-token',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('saves a PDF through the same path: a PDF filter, the .pdf name, the bytes unchanged', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kura-pdf-'));
    try {
      const chosen = path.join(dir, 'chosen.pdf');
      const showSaveDialog = vi.fn(async () => ({ canceled: false, filePath: chosen }));
      const progress = vi.fn();
      const result = await savePdf(
        { defaultName: 'pick-list', path: 'products/csv-products' },
        deps({ showSaveDialog, defaultDir: '/home/u/Downloads', onProgress: progress }),
      );
      expect(result).toEqual({ saved: true, path: chosen });
      expect(showSaveDialog).toHaveBeenCalledWith({
        defaultPath: path.join('/home/u/Downloads', 'pick-list.pdf'),
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      });
      expect(Buffer.compare(await readFile(chosen), SERVED)).toBe(0);
      // Bytes only: a line feed inside a PDF is no record.
      expect(progress).toHaveBeenLastCalledWith({ rows: 0, bytes: SERVED.length, done: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes nothing when the dialog is cancelled', async () => {
    const showSaveDialog = vi.fn(async () => ({ canceled: true }));
    const result = await saveCsv(
      { defaultName: 'sales-management', path: 'products/csv-products' },
      deps({ showSaveDialog, defaultDir: '/home/u/Downloads' }),
    );
    expect(result).toEqual({ saved: false });
    expect(showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({ defaultPath: path.join('/home/u/Downloads', 'sales-management.csv') }),
    );
  });

  it('fails before asking for a file when the API refuses the export', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kura-csv-'));
    try {
      const showSaveDialog = vi.fn(async () => ({ canceled: false, filePath: path.join(dir, 'x.csv') }));
      await expect(
        saveCsv({ defaultName: 'x.csv', path: 'products/other' }, deps({ showSaveDialog })),
      ).rejects.toMatchObject({ reason: 'http', status: 400 });
      expect(showSaveDialog).not.toHaveBeenCalled();
      expect(existsSync(path.join(dir, 'x.csv'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fetches only from the configured API', () => {
    const base = 'http://127.0.0.1:5000/api/v1';
    expect(exportUrl('products/csv-products?a=1', base)).toBe(
      'http://127.0.0.1:5000/api/v1/products/csv-products?a=1',
    );
    for (const bad of ['https://evil.example/x', '//evil.example/x', '../../admin', '/other', '']) {
      expect(() => exportUrl(bad, base), bad).toThrow(CsvExportError);
    }
  });

  it('reports records and bytes as they arrive (a line break inside quotes is no record), and once done', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kura-csv-'));
    try {
      const progress: { rows: number; bytes: number; done: boolean }[] = [];
      const result = await saveCsv(
        { defaultName: 'products.csv', path: 'products/csv-products' },
        deps({
          showSaveDialog: async () => ({ canceled: false, filePath: path.join(dir, 'p.csv') }),
          onProgress: (p) => progress.push(p),
        }),
      );
      expect(result.saved).toBe(true);
      expect(progress.length).toBeGreaterThan(1);
      expect(progress.at(-1)).toEqual({ rows: 5001, bytes: SERVED.length, done: true });
      expect(progress.slice(0, -1).every((p) => !p.done)).toBe(true);
      // Only the file: the partial one was renamed into it.
      expect(await readdir(dir)).toEqual(['p.csv']);

      const slow = new AbortController();
      const counted: number[] = [];
      const chosen = path.join(dir, 'sales.csv');
      await writeFile(chosen, 'the file it was to replace');
      const cancelled = saveCsv(
        { defaultName: 'sales.csv', path: 'sales/slow' },
        deps({
          showSaveDialog: async () => ({ canceled: false, filePath: chosen }),
          signal: slow.signal,
          onProgress: (p) => {
            counted.push(p.rows);
            slow.abort();
          },
        }),
      );
      await expect(cancelled).resolves.toEqual({ saved: false, canceled: true });
      expect(counted[0]).toBe(3);
      expect((await readdir(dir)).sort()).toEqual(['p.csv', 'sales.csv']);
      expect(await readFile(chosen, 'utf8')).toBe('the file it was to replace');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('leaves no file behind when the download breaks off', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kura-csv-'));
    try {
      await expect(
        saveCsv(
          { defaultName: 'sales.csv', path: 'sales/slow?fail' },
          deps({ showSaveDialog: async () => ({ canceled: false, filePath: path.join(dir, 'sales.csv') }) }),
        ),
      ).rejects.toThrow();
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
