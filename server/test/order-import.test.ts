/**
 * POST /orders/import over HTTP on each database, with the sample reports in resources/samples:
 * the preview writes nothing, an import creates what the preview said, a second import of the
 * same file creates nothing, a line that turned Cancelled cancels its order and gives back its
 * stock exactly once (also under parallel imports), the Shift_JIS report and the quoted
 * multi-line Shopify fields arrive intact, bad files and bad rows are answered in codes; reports
 * are read as they arrive: a wrong header is answered while the client is still sending, row
 * errors are listed up to a hundred and counted, and a large report leaves memory flat.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJanCheckDigit } from '#shared/domain/jan';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

const samples = join(import.meta.dirname, '../../resources/samples');
const AMAZON_JP = readFileSync(join(samples, 'amazon-jp-all-orders.txt'));
const AMAZON_IN = readFileSync(join(samples, 'amazon-in-all-orders.txt'));
const SHOPIFY = readFileSync(join(samples, 'shopify-orders.csv'));

/** The sample reports' products: SKU and listings (the Amazon.co.jp sample finds one by ASIN). */
const PRODUCTS: [sku: string, listings: { code: string; asin: string }[]][] = [
  ['KUR-SNK-0001', [{ code: 'AMAZONJP', asin: 'B0DR3HGOQI' }]],
  [
    'KUR-SNK-0003',
    [
      { code: 'AMAZONJP', asin: 'B0A2QM959Q' },
      { code: 'AMAZONIND', asin: 'B0NWM4CKV5' },
    ],
  ],
  ['KUR-SNK-0004', [{ code: 'AMAZONIND', asin: 'B02NXS41V3' }]],
  [
    'KUR-SNK-0005',
    [
      { code: 'AMAZONJP', asin: 'B0LHDUO56F' },
      { code: 'AMAZONIND', asin: 'B0YEOEY16X' },
    ],
  ],
  ['KUR-SNK-0008', []],
  ['KUR-SNK-0009', [{ code: 'AMAZONIND', asin: 'B0X10UVI3I' }]],
  ['KUR-SNK-0013', []],
  ['KUR-SNK-0015', [{ code: 'AMAZONJP', asin: 'B0AMSBYTKD' }]],
  ['KUR-SNK-0019', [{ code: 'AMAZONJP', asin: 'B0VWCGNX14' }]],
];

const STOCK = 100;

const AMAZON_HEADER =
  'amazon-order-id\tpurchase-date\tsales-channel\tsku\tasin\tquantity\tcurrency\titem-price';

/** The server's answer to a POST whose body is not all sent: the first bytes only, then nothing. */
function answerBeforeTheEnd(
  url: string,
  path: string,
  headers: Record<string, string>,
  first: string,
): Promise<{ status: number; headers: IncomingMessage['headers']; body: Json }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }),
      );
    });
    // The server closes the connection under the unsent rest: expected, not a failure.
    req.on('error', () => undefined);
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error('no answer while the body was still being sent'));
    }, 10_000);
    req.on('response', () => clearTimeout(timer));
    req.write(first);
  });
}

/** The peak resident memory (MB) of this process while `work` runs, above what it held before. */
async function peakAbove(work: () => Promise<unknown>): Promise<number> {
  const rss = () => process.memoryUsage.rss() / 1048576;
  const before = rss();
  let peak = before;
  let hwm = false;
  try {
    // "5" resets the kernel's record of the peak (VmHWM), which sees between samples too.
    writeFileSync('/proc/self/clear_refs', '5');
    hwm = true;
  } catch {
    // Not Linux, or not allowed: samples only.
  }
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  if (hwm) {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) peak = Math.max(peak, Number(match[1]) / 1024);
  }
  return peak - before;
}

describe.each(testDialects())('order report import (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: string;
  let orderCreator: string;
  const productIds: Record<string, string> = {};

  const importFile = async (
    body: Buffer | string,
    query: string,
    {
      token = admin,
      type = 'text/tab-separated-values',
      accept,
    }: { token?: string; type?: string; accept?: string } = {},
  ) => {
    const response = await fetch(`${server.url}/api/v1/orders/import?${query}`, {
      method: 'POST',
      headers: {
        authorization: `Token ${token}`,
        'content-type': type,
        ...(accept ? { accept } : {}),
      },
      body,
    });
    const text = await response.text();
    let parsed: Json = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // NDJSON: left as text for the test to split.
    }
    return { status: response.status, body: parsed, type: response.headers.get('content-type') };
  };

  const orders = async (query: string) => {
    const res = await api.get(`/api/v1/orders?limit=1000&${query}`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Json[];
  };
  const stockOf = async (sku: string) =>
    (await api.get(`/api/v1/products/${productIds[sku]}`, { token: admin })).body.data
      .inStockQuantity as number;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin.token;
    orderCreator = (await accounts.withRole('orderCreator')).token;
    const category = await api.post(
      '/api/v1/categories/',
      { name: 'Snacks', activeStatus: true },
      { token: admin },
    );
    for (const [i, [sku, listings]] of PRODUCTS.entries()) {
      const res = await api.post(
        '/api/v1/products',
        {
          name: `Product ${sku}`,
          skuCode: sku,
          janCode: withJanCheckDigit(`4900000000${String(i).padStart(2, '0')}`),
          categoryId: category.body.data._id,
          purchasePrice: 100,
          inStockQuantity: STOCK,
          activeStatus: true,
          availablePlatforms: listings,
        },
        { token: admin },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      productIds[sku] = res.body.data._id;
    }
  });
  afterAll(() => server?.close());

  it('previews the Shift_JIS Amazon.co.jp report without writing anything', async () => {
    const res = await importFile(AMAZON_JP, 'source=amazon&dryRun=true');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      // The item cancelled before it was ever imported is recorded too, as CANCELLED.
      created: 5,
      updated: 0,
      skipped: 0,
      unmatched: [{ row: 7, sku: 'JP-NOTE-A5', asin: 'B0ZZZZ0001', name: 'ノーブランド 和紙ノート A5' }],
      unmatchedCount: 1,
      errors: [],
      errorCount: 0,
    });
    expect(await orders('platformCode=AMAZONJP')).toEqual([]);
  });

  it('imports it as the preview said, in yen, dated in Tokyo, matching a foreign SKU by ASIN', async () => {
    const res = await importFile(AMAZON_JP, 'source=amazon');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ created: 5, updated: 0, skipped: 0, errors: [] });
    const jp = await orders('platformCode=AMAZONJP&sort=orderId');
    expect(jp).toHaveLength(5);
    expect(jp[0]).toMatchObject({
      orderId: '503-1048576-2270001',
      orderDate: '2026-11-21',
      currency: 'JPY',
      orderQuantity: 2,
      baseOrderPrice: 1296,
      discount: 100,
      gst: 96,
      shipmentStatus: 'RECEIVED',
      product: { _id: productIds['KUR-SNK-0001'] },
    });
    expect(jp[0].customer).toMatchObject({ city: '世田谷区', state: '東京都' });
    const byAsin = jp.find((o: Json) => o.product._id === productIds['KUR-SNK-0005']);
    expect(byAsin).toMatchObject({ orderId: '503-1048576-2270002', orderQuantity: 3, baseOrderPrice: 1944 });
    // Cancelled on Amazon before it was ever imported: on record as Amazon zeroed it, no stock taken.
    expect((await orders('orderId=503-1048576-2270004'))[0]).toMatchObject({
      shipmentStatus: 'CANCELLED',
      orderQuantity: 0,
      baseOrderPrice: 0,
      product: { _id: productIds['KUR-SNK-0019'] },
    });
    expect(await stockOf('KUR-SNK-0019')).toBe(STOCK);
    // The history names each imported order by its order id, as for an order entered by hand.
    const history = await api.get(`/api/v1/audit-logs?entity=order&entityId=${jp[0]._id}`, { token: admin });
    expect(history.body.data).toMatchObject([{ action: 'create', entityName: '503-1048576-2270001' }]);
  });

  it('creates nothing when the same report is imported again', async () => {
    const res = await importFile(AMAZON_JP, 'source=amazon');
    expect(res.body).toMatchObject({ created: 0, updated: 0, skipped: 5 });
    expect(await orders('platformCode=AMAZONJP')).toHaveLength(5);
  });

  it('imports the Amazon.in report (UTF-8 with BOM) in rupees and reports the foreign channel row', async () => {
    const res = await importFile(AMAZON_IN, 'source=amazon');
    expect(res.body).toEqual({
      created: 4,
      updated: 0,
      skipped: 0,
      unmatched: [],
      unmatchedCount: 0,
      errors: [
        {
          row: 6,
          code: 'importUnknownChannel',
          params: { channel: 'Non-Amazon' },
          message: 'Unknown sales channel: Non-Amazon',
        },
      ],
      errorCount: 1,
    });
    const first = (await orders('orderId=404-7766554-0010001'))[0];
    expect(first).toMatchObject({
      platformCode: 'AMAZONIND',
      currency: 'INR',
      baseOrderPrice: 598,
      gst: 91.22,
      discount: 50,
    });
    expect((await importFile(AMAZON_IN, 'source=amazon')).body).toMatchObject({ created: 0, skipped: 4 });
  });

  it('imports the Shopify export: quoted multi-line fields, shared discount, cancelled order, lines without a SKU', async () => {
    const first = await importFile(SHOPIFY, 'source=shopify', { type: 'text/csv' });
    expect(first.body).toEqual({
      created: 7,
      updated: 0,
      skipped: 0,
      unmatched: [
        { row: 8, sku: 'GIFT-WRAP', asin: '', name: 'Handmade furoshiki wrap' },
        // Gift wrapping and a tip: no SKU, not imported, while their order's product line is.
        { row: 9, sku: '', asin: '', name: 'Gift wrapping' },
        { row: 11, sku: '', asin: '', name: 'Tip' },
      ],
      unmatchedCount: 3,
      errors: [],
      errorCount: 0,
    });
    const lines = await orders('platformCode=SHOPIFY&orderId=%231001&sort=baseOrderPrice');
    expect(lines.map((o: Json) => [o.baseOrderPrice, o.discount])).toEqual([
      [199, 22.19],
      [698, 77.81],
    ]);
    const quoted = (await orders('platformCode=SHOPIFY&orderId=%231002'))[0];
    expect(quoted.customer.address).toBe('Flat 7B, "Sea View", Marine Drive');
    expect((await orders('platformCode=SHOPIFY&orderId=%231003'))[0].shipmentStatus).toBe('CANCELLED');
    // The order's whole discount on its one product line: none on the gift wrapping or the tip.
    const withoutSku = await orders('platformCode=SHOPIFY&orderId=%231005');
    expect(withoutSku.map((o: Json) => [o.product._id, o.baseOrderPrice, o.discount])).toEqual([
      [productIds['KUR-SNK-0001'], 349, 20],
    ]);
    const again = await importFile(SHOPIFY, 'source=shopify', { type: 'text/csv' });
    expect(again.body).toMatchObject({ created: 0, updated: 0, skipped: 7, unmatchedCount: 3 });
    expect(await orders('platformCode=SHOPIFY')).toHaveLength(7);
  });

  it('cancels an accepted order that the report now shows cancelled, giving its stock back once', async () => {
    const [order] = await orders('orderId=503-1048576-2270001');
    const accepted = await api.put(
      `/api/v1/orders/${order._id}`,
      { shipmentStatus: 'ACCEPTED' },
      { token: admin },
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await stockOf('KUR-SNK-0001')).toBe(STOCK - 2);

    const cancelled = Buffer.from(
      AMAZON_JP.toString('latin1').replace(
        /(503-1048576-2270001\t[^\t]*\t[^\t]*\t[^\t]*\t)Shipped/,
        '$1Cancelled',
      ),
      'latin1',
    );
    const preview = await importFile(cancelled, 'source=amazon&dryRun=true');
    expect(preview.body).toMatchObject({ created: 0, updated: 1, skipped: 4 });
    expect(await stockOf('KUR-SNK-0001')).toBe(STOCK - 2);

    // Parallel imports of the same report: one cancels, the others find it cancelled.
    const results = await Promise.all(
      Array.from({ length: 5 }, () => importFile(cancelled, 'source=amazon')),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(results.reduce((sum, r) => sum + (r.body.updated as number), 0)).toBe(1);
    expect(await stockOf('KUR-SNK-0001')).toBe(STOCK);
    expect((await orders('orderId=503-1048576-2270001'))[0].shipmentStatus).toBe('CANCELLED');
    expect((await importFile(cancelled, 'source=amazon')).body).toMatchObject({ updated: 0, skipped: 5 });
    expect(await stockOf('KUR-SNK-0001')).toBe(STOCK);
  });

  it('creates each line once when the same new report is imported in parallel', async () => {
    const header = 'amazon-order-id\tpurchase-date\tsales-channel\tsku\tasin\tquantity\tcurrency\titem-price';
    const rows = Array.from(
      { length: 60 },
      (_, i) =>
        `P-${dialect}-${i}\t2026-11-01T00:00:00Z\tAmazon.co.jp\tKUR-SNK-000${1 + (i % 2) * 2}\t\t1\tJPY\t500`,
    );
    const report = [header, ...rows].join('\n');
    const results = await Promise.all(Array.from({ length: 4 }, () => importFile(report, 'source=amazon')));
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(results.reduce((sum, r) => sum + (r.body.created as number), 0)).toBe(60);
    expect(await orders(`orderDate=2026-11-01&platformCode=AMAZONJP`)).toHaveLength(60);
  });

  it('streams progress lines, then the result, when asked for NDJSON', async () => {
    const res = await importFile(AMAZON_JP, 'source=amazon&dryRun=true', { accept: 'application/x-ndjson' });
    expect(res.status).toBe(200);
    expect(res.type).toContain('application/x-ndjson');
    const events = String(res.body)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    // After the header: nothing done yet, the file's first bytes read, its size from the request.
    expect(events[0]).toEqual({
      progress: { done: 0, total: 0, read: expect.any(Number), size: AMAZON_JP.length },
    });
    expect(events.at(-2)).toEqual({
      progress: { done: 6, total: 6, read: AMAZON_JP.length, size: AMAZON_JP.length },
    });
    expect(events.at(-1)).toMatchObject({ result: { created: 0, skipped: 5, errorCount: 0 } });
  });

  it('answers a file that is not a report, a bad source and a JSON body in codes', async () => {
    const notReport = await importFile('amazon-order-id\tsku\n1\tA\n', 'source=amazon');
    expect(notReport.status).toBe(400);
    expect(notReport.body).toMatchObject({
      code: 'reportMissingColumns',
      params: { columns: 'purchase-date, sales-channel, quantity, item-price' },
    });
    expect((await importFile(AMAZON_JP, 'source=ebay')).status).toBe(400);
    expect((await importFile(AMAZON_JP, '')).status).toBe(400);
    const json = await importFile('{"a":1}', 'source=amazon', { type: 'application/json' });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe('reportBodyRequired');
    const empty = await importFile('', 'source=amazon');
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('reportFileEmpty');
    const other = await importFile(AMAZON_JP, 'source=amazon', { type: 'image/png' });
    expect(other.status).toBe(415);
  });

  it('takes the report as the file of a multipart form, as the raw body', async () => {
    const post = (form: FormData | string, type?: string) =>
      fetch(`${server.url}/api/v1/orders/import?source=shopify&dryRun=true`, {
        method: 'POST',
        headers: { authorization: `Token ${admin}`, ...(type ? { 'content-type': type } : {}) },
        body: form,
      });
    const form = new FormData();
    form.append('note', 'ignored');
    form.append('file', new Blob([SHOPIFY], { type: 'text/csv' }), 'shopify-orders.csv');
    const res = await post(form);
    expect(res.status).toBe(200);
    const raw = await importFile(SHOPIFY, 'source=shopify&dryRun=true', { type: 'text/csv' });
    expect(await res.json()).toEqual(raw.body);

    // A form without a file, and one cut short: the client's to mend, never a 500.
    const noFile = new FormData();
    noFile.append('note', 'no file here');
    const withoutFile = await post(noFile);
    expect(withoutFile.status).toBe(400);
    expect(await withoutFile.json()).toMatchObject({ code: 'reportBodyRequired' });
    const cut = await post(
      '--kura\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nName,',
      'multipart/form-data; boundary=kura',
    );
    expect(cut.status).toBe(400);
    expect(await cut.json()).toMatchObject({ code: 'reportBodyRequired' });
  });

  it('lists the first 100 row errors and unmatched rows and counts them all, previewing and importing', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) =>
      i % 10 === 0
        ? `G-${dialect}-${i}\t2026-10-01T00:00:00Z\tAmazon.co.jp\tNO-SUCH-SKU-${i}\t\t1\tJPY\t500`
        : `garbage ${i}\tnot a date\tnowhere`,
    );
    const report = [AMAZON_HEADER, ...rows].join('\r\n');
    const check = (result: Json) => {
      expect(result).toMatchObject({ created: 0, errorCount: 4500, unmatchedCount: 500 });
      expect(result.errors).toHaveLength(100);
      expect(result.unmatched).toHaveLength(100);
      // The first rows of the file, in order: rows 2-3 then 5-12 …, skipping each unmatched one.
      expect(result.errors.slice(0, 3).map((e: Json) => [e.row, e.code])).toEqual([
        [3, 'importUnknownChannel'],
        [4, 'importUnknownChannel'],
        [5, 'importUnknownChannel'],
      ]);
      expect(result.unmatched.at(-1)).toEqual({ row: 992, sku: `NO-SUCH-SKU-990`, asin: '' });
    };
    const preview = await importFile(report, 'source=amazon&dryRun=true');
    expect(preview.status).toBe(200);
    check(preview.body);
    const streamed = await importFile(report, 'source=amazon&dryRun=true', {
      accept: 'application/x-ndjson',
    });
    const events = String(streamed.body)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    check(events.at(-1).result);
    // A file of rows that are no lines still reports its progress, by the bytes read.
    expect(events.filter((e) => e.progress).length).toBeGreaterThan(4);
    expect(events.at(-2).progress.read).toBe(Buffer.byteLength(report));
    const imported = await importFile(report, 'source=amazon');
    expect(imported.status).toBe(200);
    check(imported.body);
  });

  it('refuses a file with a wrong header after its first line, while the client is still sending the rest', async () => {
    const headers = {
      authorization: `Token ${admin}`,
      'content-type': 'text/csv',
      // 50 MB announced; only the first line is ever sent.
      'content-length': String(50 * 1024 * 1024),
    };
    for (const accept of [undefined, 'application/x-ndjson']) {
      const res = await answerBeforeTheEnd(
        server.url,
        '/api/v1/orders/import?source=shopify',
        { ...headers, ...(accept ? { accept } : {}) },
        'Order,Date,Total\r\n#1,2026-01-01,100\r\n',
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'reportMissingColumns',
        params: { columns: 'name, created at, lineitem quantity, lineitem price, lineitem sku' },
      });
      // The rest of the body is never read: the connection ends with the answer.
      expect(res.headers.connection).toBe('close');
    }
    // A form's file alike.
    const form = await answerBeforeTheEnd(
      server.url,
      '/api/v1/orders/import?source=amazon',
      { ...headers, 'content-type': 'multipart/form-data; boundary=kura' },
      // Busboy passes on a line break once what follows it cannot be the form's boundary.
      '--kura\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nnot\ta\treport\r\nrow\t2',
    );
    expect(form.status).toBe(400);
    expect(form.body).toMatchObject({ code: 'reportMissingColumns' });
    expect(form.headers.connection).toBe('close');
    // The server still answers on new connections.
    expect((await importFile(AMAZON_JP, 'source=amazon&dryRun=true')).status).toBe(200);
  });

  it('refuses a row holding a control character and imports the others, on both databases alike', async () => {
    const report = [
      AMAZON_HEADER,
      `NUL-${dialect}-1\t2026-10-02T00:00:00Z\tAmazon.co.jp\tKUR-SNK-0001\t\t1\tJPY\t500`,
      `NUL-${dialect}-2\u0000\t2026-10-02T00:00:00Z\tAmazon.co.jp\tKUR-SNK-0001\t\t1\tJPY\t500`,
      `NUL-${dialect}-3\t2026-10-02T00:00:00Z\tAmazon.co.jp\tKUR-SNK-\u00000003\t\t1\tJPY\t500`,
    ].join('\n');
    const res = await importFile(report, 'source=amazon');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ created: 1, errorCount: 2 });
    expect(res.body.errors.map((e: Json) => [e.row, e.code])).toEqual([
      [3, 'controlCharacter'],
      [4, 'controlCharacter'],
    ]);
  });

  it.runIf(dialect === 'sqlite')(
    'reads a 20 MB report of garbage rows in flat memory, streamed in as it is sent',
    { timeout: 120_000 },
    async () => {
      const row = (i: number) => `garbage ${i}\tnot a date\tnowhere\t\t\t\t\tx\r\n`;
      const size = 20 * 1024 * 1024;
      let sent = 0;
      let i = 0;
      // Made as it is sent, so the test holds no more of it than the server should.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`${AMAZON_HEADER}\r\n`));
        },
        pull(controller) {
          if (sent >= size) {
            controller.close();
            return;
          }
          let chunk = '';
          while (chunk.length < 65536) chunk += row(i++);
          sent += chunk.length;
          controller.enqueue(new TextEncoder().encode(chunk));
        },
      });
      let result: Json;
      const above = await peakAbove(async () => {
        const res = await fetch(`${server.url}/api/v1/orders/import?source=amazon&dryRun=true`, {
          method: 'POST',
          headers: { authorization: `Token ${admin}`, 'content-type': 'text/tab-separated-values' },
          body,
          duplex: 'half',
        } as RequestInit);
        result = await res.json();
      });
      expect(result).toMatchObject({ created: 0, errorCount: i });
      expect(result.errors).toHaveLength(100);
      // Read whole, the file, its text, its rows and their errors took hundreds of MB.
      expect(above).toBeLessThan(100);
    },
  );

  it('is for admins only', async () => {
    const res = await importFile(AMAZON_JP, 'source=amazon&dryRun=true', { token: orderCreator });
    expect(res.status).toBe(403);
  });
});
