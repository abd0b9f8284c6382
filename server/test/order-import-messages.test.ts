/**
 * What the import says about a file it cannot use, on each database, with files as staff choose
 * them (the screen sends a file as the raw body, a script may send a form): an empty file names
 * the platform to export the report from, a report of the other platform says to choose that
 * platform, and a report with its header alone (BOM, CRLF, Shift_JIS as the platforms write them)
 * is an answer with nothing in it, never an error row for its line ends.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, setupAccounts, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

const samples = join(import.meta.dirname, '../../resources/samples');
const AMAZON_JP = readFileSync(join(samples, 'amazon-jp-all-orders.txt'));
const AMAZON_IN = readFileSync(join(samples, 'amazon-in-all-orders.txt'));
const SHOPIFY = readFileSync(join(samples, 'shopify-orders.csv'));

/** A report's first line, as its bytes are (BOM and encoding kept), with the line end given. */
function headerOf(report: Buffer, end: string): Buffer {
  const lf = report.indexOf(0x0a);
  const line = report.subarray(0, report[lf - 1] === 0x0d ? lf - 1 : lf);
  return Buffer.concat([line, Buffer.from(end)]);
}

const TYPES = { amazon: 'text/tab-separated-values', shopify: 'text/csv' } as const;
type Source = keyof typeof TYPES;

const NOTHING = {
  created: 0,
  updated: 0,
  skipped: 0,
  unmatched: [],
  unmatchedCount: 0,
  errors: [],
  errorCount: 0,
};

describe.each(testDialects())('what the import says about a file it cannot use (%s)', (dialect) => {
  let server: TestServer;
  let admin: string;

  /** As the screen sends it: the file as the raw body, in the source's type; NDJSON if asked. */
  const send = async (source: Source, body: Buffer | string, { dryRun = true, ndjson = false } = {}) => {
    const response = await fetch(`${server.url}/api/v1/orders/import?source=${source}&dryRun=${dryRun}`, {
      method: 'POST',
      headers: {
        authorization: `Token ${admin}`,
        'content-type': TYPES[source],
        ...(ndjson ? { accept: 'application/x-ndjson' } : {}),
      },
      body,
    });
    const text = await response.text();
    const body_: Json =
      ndjson && response.ok
        ? text
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l))
        : JSON.parse(text);
    return { status: response.status, body: body_ };
  };
  /** As a script sends it: the one file of a multipart form. */
  const sendForm = async (source: Source, file: Buffer | string, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([file], { type: TYPES[source] }), name);
    const response = await fetch(`${server.url}/api/v1/orders/import?source=${source}&dryRun=true`, {
      method: 'POST',
      headers: { authorization: `Token ${admin}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = (await setupAccounts(client(server.url))).admin.token;
  });
  afterAll(() => server?.close());

  it('an empty file names the platform to export the report from, however it is sent', async () => {
    const platform = { amazon: 'Amazon', shopify: 'Shopify' } as const;
    for (const source of ['amazon', 'shopify'] as const) {
      const expected = {
        code: 'reportFileEmpty',
        message: `The file is empty: choose the report exported from ${platform[source]}`,
        params: { platform: platform[source] },
      };
      for (const body of ['', '\ufeff', '\r\n', '\ufeff\r\n\r\n']) {
        const res = await send(source, body);
        expect(res.status, `${source} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body, `${source} ${JSON.stringify(body)}`).toMatchObject(expected);
        // The import itself, and the streamed preview, answer the same before anything streams.
        expect((await send(source, body, { dryRun: false })).body).toMatchObject(expected);
        expect((await send(source, body, { ndjson: true })).body).toMatchObject(expected);
      }
      // No body and no type at all, as a client sends an empty file it could not type.
      const bare = await fetch(`${server.url}/api/v1/orders/import?source=${source}&dryRun=true`, {
        method: 'POST',
        headers: { authorization: `Token ${admin}` },
      });
      expect(bare.status).toBe(400);
      expect(await bare.json()).toMatchObject(expected);
      const form = await sendForm(source, '', source === 'shopify' ? 'orders.csv' : 'orders.txt');
      expect(form.status).toBe(400);
      expect(form.body).toMatchObject(expected);
    }
  });

  it('a report with its header alone is an answer with nothing in it', async () => {
    const cases: [Source, string, Buffer][] = [
      ['amazon', 'Shift_JIS report, LF', headerOf(AMAZON_JP, '\n')],
      ['amazon', 'Shift_JIS report, CRLF and blank lines', headerOf(AMAZON_JP, '\r\n\r\n\r\n')],
      ['amazon', 'UTF-8 report with BOM, CRLF', headerOf(AMAZON_IN, '\r\n')],
      ['amazon', 'UTF-8 report with BOM, no line end', headerOf(AMAZON_IN, '')],
      ['shopify', 'orders export, CRLF', headerOf(SHOPIFY, '\r\n')],
      [
        'shopify',
        'orders export with BOM, LF',
        Buffer.concat([Buffer.from('\ufeff'), headerOf(SHOPIFY, '\n')]),
      ],
    ];
    for (const [source, what, file] of cases) {
      const res = await send(source, file);
      expect(res.status, what).toBe(200);
      expect(res.body, what).toEqual(NOTHING);
      const imported = await send(source, file, { dryRun: false });
      expect(imported.body, what).toEqual(NOTHING);
    }
  });

  it('a report of the other platform says to choose that platform', async () => {
    const cases: [Source, string, Buffer, 'Amazon' | 'Shopify'][] = [
      ['amazon', 'Shopify orders export', SHOPIFY, 'Shopify'],
      ['shopify', 'Amazon.co.jp report in Shift_JIS', AMAZON_JP, 'Amazon'],
      ['shopify', 'Amazon.in report with BOM', AMAZON_IN, 'Amazon'],
      ['shopify', 'Amazon.in report, header alone, CRLF', headerOf(AMAZON_IN, '\r\n'), 'Amazon'],
    ];
    for (const [source, what, file, platform] of cases) {
      const expected = {
        code: `reportLooksLike${platform}`,
        message: `This looks like ${platform === 'Amazon' ? 'an' : 'a'} ${platform} report: choose ${platform} as the platform`,
      };
      const res = await send(source, file);
      expect(res.status, what).toBe(400);
      expect(res.body, what).toMatchObject(expected);
      expect((await send(source, file, { ndjson: true })).body, what).toMatchObject(expected);
      expect((await sendForm(source, file, 'report')).body, what).toMatchObject(expected);
    }
    // Nothing was written by any of them.
    const orders = await client(server.url).get('/api/v1/orders?limit=1', { token: admin });
    expect(orders.body.totalCount).toBe(0);
  });

  it('a file that is neither report still names the columns it lacks', async () => {
    const res = await send('amazon', 'order,date,total\r\n1,2026-01-01,100\r\n');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'reportMissingColumns' });
    // Half a Shopify header is not taken for a Shopify report.
    const half = await send('amazon', 'Name,Created at,Lineitem quantity\r\n#1001,2026-01-01,1\r\n');
    expect(half.body).toMatchObject({ code: 'reportMissingColumns' });
  });
});
