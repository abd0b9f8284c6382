/**
 * Product labels on both databases: the sheets read back as a viewer reads them (names, a
 * Japanese one included, SKUs, how many labels, where the first one sits on a half-used sheet,
 * page breaks), and the refusals: bad parameters (400), unknown products (404) and products
 * whose JAN would not scan (409 naming each).
 */
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJanCheckDigit } from '#shared/domain/jan';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { readPdf } from './helpers/pdf';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

type Account = Awaited<ReturnType<typeof setupAccounts>>['admin'];

const MM = 72 / 25.4;
const A4_HEIGHT = 841.89;

/** Each page's text items with their place, in millimetres from the page's top-left corner. */
async function placedText(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const pages: { text: string; xMm: number; yMm: number }[][] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items
        .filter((item) => 'str' in item && item.str.trim() !== '')
        .map((item) => {
          const { str, transform } = item as { str: string; transform: number[] };
          return { text: str, xMm: (transform[4] ?? 0) / MM, yMm: (A4_HEIGHT - (transform[5] ?? 0)) / MM };
        }),
    );
  }
  await pdf.cleanup();
  return pages;
}

let counter = 0;

describe.each(testDialects())('product labels (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Account;
  let matcha: Json, sencha: Json, short: Json;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    ({ admin } = await setupAccounts(api));
    matcha = await product({ name: '抹茶ラテ 30本入り', skuCode: 'MATCHA-30' });
    sencha = await product({ name: 'Sencha green tea tin', skuCode: 'SENCHA-TIN' });
    short = await product({ name: 'Yokan', skuCode: 'YOKAN-8', janCode: withJanCheckDigit('4901234') });
  });
  afterAll(() => server?.close());

  async function product(fields: Json): Promise<Json> {
    counter += 1;
    const res = await api.post(
      '/api/v1/products',
      {
        janCode: withJanCheckDigit(`4908${String(counter).padStart(8, '0')}`),
        purchasePrice: 300,
        inStockQuantity: 1,
        amazonStockQuantity: 0,
        availablePlatforms: [],
        ...fields,
      },
      { token: admin.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  async function labels(query: string) {
    const res = await fetch(`${server.url}/api/v1/labels/products.pdf${query}`, {
      headers: { authorization: `Token ${admin.token}` },
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const json = res.headers.get('content-type')?.startsWith('application/json')
      ? (JSON.parse(Buffer.from(bytes).toString()) as Json)
      : null;
    return { status: res.status, headers: res.headers, bytes, json };
  }

  it('fills a half-used 24-up sheet from its start position, then a new sheet: 30 labels from 5 are 20 + 10', async () => {
    const res = await labels(`?ids=${matcha._id},${sencha._id}&quantities=20,10&perPage=24&start=5`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('product-labels.pdf');
    const { pages, text } = await readPdf(res.bytes);
    expect(pages).toBe(2);
    expect(text[0]).toContain('抹茶ラテ 30本入り');
    expect(text[1]).toContain('Sencha green tea tin');
    const placed = await placedText(res.bytes);
    const skus = placed.map((page) =>
      page.filter((item) => item.text === 'MATCHA-30' || item.text === 'SENCHA-TIN'),
    );
    expect(skus.map((page) => page.length)).toEqual([20, 10]);
    expect(skus[0]?.every((item) => item.text === 'MATCHA-30')).toBe(true);
    expect(skus[1]?.every((item) => item.text === 'SENCHA-TIN')).toBe(true);
    // Position 5 of a 3 × 8 sheet of 70 × 37 mm: the second column of the second row.
    const first = skus[0]?.[0];
    expect(first?.xMm).toBeGreaterThanOrEqual(70);
    expect(first?.xMm).toBeLessThan(80);
    expect(first?.yMm).toBeGreaterThan(37.5);
    expect(first?.yMm).toBeLessThan(37.5 + 37);
    // Nothing above it: positions 1 to 4 are left blank.
    expect(Math.min(...placed[0]!.map((item) => item.yMm))).toBeGreaterThan(37.5);
    // The second sheet starts at position 1.
    const second = skus[1]?.[0];
    expect(second?.xMm).toBeLessThan(10);
    expect(second?.yMm).toBeLessThan(37.5);
  });

  it('lays out 40 to a sheet (4 × 10 of 52.5 × 29.7 mm), EAN-8 JANs too', async () => {
    const res = await labels(`?ids=${short._id},${sencha._id}&quantities=39,2&perPage=40&start=1`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const placed = await placedText(res.bytes);
    expect(placed).toHaveLength(2);
    const yokan = placed[0]!.filter((item) => item.text === 'YOKAN-8');
    expect(yokan).toHaveLength(39);
    expect(new Set(yokan.map((item) => Math.floor(item.xMm / 52.5)))).toEqual(new Set([0, 1, 2, 3]));
    expect(new Set(yokan.map((item) => Math.floor(item.yMm / 29.7))).size).toBe(10);
    // Label 40, the last of the first sheet, and label 41, the first of the second.
    const last = placed[0]!.find((item) => item.text === 'SENCHA-TIN');
    expect(Math.floor((last?.xMm ?? 0) / 52.5)).toBe(3);
    expect(Math.floor((last?.yMm ?? 0) / 29.7)).toBe(9);
    expect(placed[1]!.filter((item) => item.text === 'SENCHA-TIN')).toHaveLength(1);
  });

  it('cuts a long name with an ellipsis to two lines', async () => {
    const long = await product({
      name: '宇治抹茶ラテ スティック 30本入り 砂糖不使用 国産 有機 抹茶 詰め合わせ ギフト用 化粧箱入り 贈答品 お中元 お歳暮',
      skuCode: 'LONG-NAME',
    });
    const res = await labels(`?ids=${long._id}&quantities=1&perPage=40`);
    expect(res.status).toBe(200);
    const { text } = await readPdf(res.bytes);
    expect(text[0]).toContain('宇治抹茶ラテ');
    expect(text[0]).toContain('…');
    expect(text[0]).not.toContain('お歳暮');
    expect(text[0]).toContain('LONG-NAME');
  });

  it('defaults to 24 a sheet from position 1', async () => {
    const res = await labels(`?ids=${sencha._id}&quantities=25`);
    expect(res.status).toBe(200);
    expect((await readPdf(res.bytes)).pages).toBe(2);
  });

  it('refuses bad parameters with 400 naming the field', async () => {
    const ids = `${matcha._id},${sencha._id}`;
    const cases: [string, string][] = [
      [`?ids=${ids}&quantities=1`, 'quantities'],
      [`?ids=${matcha._id}&quantities=1,2`, 'quantities'],
      [`?ids=${ids}&quantities=1,1&perPage=30`, 'perPage'],
      [`?ids=${ids}&quantities=1,1&start=0`, 'start'],
      [`?ids=${ids}&quantities=1,1&start=25`, 'start'],
      [`?ids=${ids}&quantities=1,1&perPage=24&start=25`, 'start'],
      [`?ids=${ids}&quantities=1,1&start=x`, 'start'],
      [`?ids=${ids}&quantities=0,1`, 'quantities'],
      [`?ids=${ids}&quantities=501,1`, 'quantities'],
      [`?ids=${ids}&quantities=1.5,1`, 'quantities'],
      [`?ids=${Array(5).fill(matcha._id).join(',')}&quantities=500,500,500,500,1`, 'quantities'],
      [`?quantities=1`, 'ids'],
      [`?ids=${matcha._id}`, 'quantities'],
    ];
    for (const [query, field] of cases) {
      const res = await labels(query);
      expect(res.status, query).toBe(400);
      expect(res.json?.errors?.[0]?.field ?? '', `${query}: ${JSON.stringify(res.json)}`).toMatch(
        new RegExp(`^${field}`),
      );
    }
    // Start 40 is a position of a 40-up sheet.
    expect((await labels(`?ids=${matcha._id}&quantities=1&perPage=40&start=40`)).status).toBe(200);
  });

  // About 8 s on one core of the build machine, most of it bwip-js laying out each barcode.
  it('prints 2,000 labels at once, the bound', { timeout: 90_000 }, async () => {
    const max = await labels(
      `?ids=${Array(4).fill(sencha._id).join(',')}&quantities=500,500,500,500&perPage=40`,
    );
    expect(max.status).toBe(200);
    expect((await readPdf(max.bytes)).pages).toBe(50);
  });

  it('answers 404 naming products that do not exist', async () => {
    const res = await labels(`?ids=${matcha._id},nope&quantities=1,1`);
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('productsNotFound');
    expect(res.json.details.ids).toEqual(['nope']);
  });

  it('refuses products whose JAN would not scan, naming each (409, details.products)', async () => {
    const wrongDigit = await product({ name: 'Wrong check digit', skuCode: 'BAD-1' });
    const letters = await product({ name: 'Letters', skuCode: 'BAD-2' });
    // Older data can hold what the form refuses now.
    const body = String(wrongDigit.janCode).slice(0, 12);
    const wrong = `${body}${(Number(String(wrongDigit.janCode).at(-1)) + 1) % 10}`;
    await server.app.db
      .updateTable('products')
      .set({ jan_code: wrong })
      .where('id', '=', wrongDigit._id)
      .execute();
    await server.app.db
      .updateTable('products')
      .set({ jan_code: 'JAN-UNKNOWN' })
      .where('id', '=', letters._id)
      .execute();
    const res = await labels(`?ids=${matcha._id},${wrongDigit._id},${letters._id}&quantities=1,1,1`);
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('labelsInvalidJan');
    expect(res.json.message).toContain('Wrong check digit (BAD-1)');
    expect(res.json.message).toContain('Letters (BAD-2)');
    expect(res.json.details.products).toEqual([
      { _id: wrongDigit._id, name: 'Wrong check digit', skuCode: 'BAD-1', janCode: wrong },
      { _id: letters._id, name: 'Letters', skuCode: 'BAD-2', janCode: 'JAN-UNKNOWN' },
    ]);
  });
});
