/**
 * The CSV export copies each product's stored line (migration 006_export_records), kept
 * current by triggers. On each database, on the demo data set, every stored line must equal
 * what the export's formatting rules (products.csv.ts) make of the product's cells — after the
 * migration's backfill and after every kind of write the lines depend on: product edits (with
 * text a spreadsheet would run or split), stock movements, supplier and listing changes,
 * renames of a category, a manufacturer and a supplier, new products. And the export itself
 * must be the header and those lines, in the list's order, for its filters, sort and search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client, type Json } from './helpers/http';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../src/demo/seed';
import { CSV_COLUMNS, formatProductRecord } from '../src/products/products.csv';
import { productExportQuery } from '../src/products/products.repository';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';
import { withJanCheckDigit } from '#shared/domain/jan';

describe.each(testDialects())('stored CSV export lines (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let token = '';

  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { demo: true } });
    api = client(server.url);
    const login = await api.post('/api/v1/auth/login', {
      email: DEMO_ACCOUNTS.admin.email,
      password: DEMO_PASSWORDS.admin,
    });
    token = login.body.token;
  });
  afterAll(() => server?.close());

  const get = (path: string) => api.get(`/api/v1/${path}`, { token });
  const put = async (path: string, body: Json) => {
    const res = await api.put(`/api/v1/${path}`, body, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Json;
  };
  const post = async (path: string, body: Json) => {
    const res = await api.post(`/api/v1/${path}`, body, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Json;
  };

  /** Every product's line as the formatting code writes it, by product id. */
  async function formatted(): Promise<Map<string, string>> {
    const rows = await productExportQuery(server.app.db).select('products.id as product_id').execute();
    return new Map(
      rows.map((row) => {
        const { product_id, ...cells } = row;
        return [product_id, formatProductRecord(Object.values(cells))];
      }),
    );
  }

  /** Every stored line, by product id. */
  async function stored(): Promise<Map<string, string>> {
    const rows = await server.app.db.selectFrom('product_export_records').selectAll().execute();
    return new Map(rows.map((r) => [r.product_id, r.record]));
  }

  /** The stored lines equal the formatted ones, one for every product and none else. */
  async function expectCurrent() {
    const [want, have] = await Promise.all([formatted(), stored()]);
    expect(have.size).toBe(want.size);
    for (const [id, line] of want) expect(have.get(id), id).toBe(line);
  }

  /** Decodes a CSV body the way a spreadsheet does: quoted fields may hold commas and line breaks. */
  function records(text: string): string[] {
    const lines: string[] = [];
    let start = 0;
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '"') quoted = !quoted;
      else if (!quoted && text[i] === '\r' && text[i + 1] === '\n') {
        lines.push(text.slice(start, i + 2));
        start = i + 2;
        i++;
      }
    }
    expect(start).toBe(text.length);
    return lines;
  }

  /** The export of `query`: its BOM and header, then the list's products' formatted lines in list order. */
  async function expectExport(query: string, list: string) {
    const res = await fetch(`${server.url}/api/v1/products/csv-products?${query}`, {
      headers: { authorization: `Token ${token}` },
    });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = records(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1));
    expect(header).toBe(`${CSV_COLUMNS.map((c) => c.title).join(',')}\r\n`);
    const listed = await get(`${list}${list.includes('?') ? '&' : '?'}limit=10000`);
    const products = listed.body.data as Json[];
    expect(products.length).toBeGreaterThan(0);
    const want = await formatted();
    expect(lines).toEqual(products.map((p) => want.get(p._id)));
  }

  it('holds every product of the demo data as the formatting code writes it', async () => {
    await expectCurrent();
    await expectExport('', 'products');
  });

  it('follows product edits, stock, links, renames and new products', async () => {
    const all = (await get('products?limit=3&sort=skuCode')).body.data as Json[];
    const [first, second, third] = all;
    const categories = (await get('categories?limit=2')).body.data as Json[];
    const suppliers = (await get('suppliers?limit=3')).body.data as Json[];

    // Text a spreadsheet would run or split: formula prefixes, quotes, commas, line breaks.
    const fields = (p: Json, overrides: Json) => ({
      name: p.name,
      nameJa: p.nameJa,
      skuCode: p.skuCode,
      janCode: p.janCode,
      categoryId: p.category?._id ?? null,
      manufacturerId: p.manufacturer?._id ?? null,
      supplierIds: (p.suppliers as Json[]).map((s) => s._id),
      purchasePrice: p.purchasePrice,
      amazonStockQuantity: p.amazonStockQuantity,
      shelfNumber: p.shelfNumber,
      releaseDate: p.releaseDate,
      lowStockLevel: p.lowStockLevel,
      activeStatus: p.activeStatus,
      availablePlatforms: p.availablePlatforms,
      ...overrides,
    });
    await put(
      `products/${first._id}`,
      fields(first, {
        name: '=SUM(A1:A2), "quoted"',
        nameJa: '抹茶\nラテ',
        shelfNumber: '-B-01',
        purchasePrice: null,
        releaseDate: null,
        activeStatus: false,
        categoryId: categories[1]?._id ?? null,
        supplierIds: suppliers.map((s) => s._id),
        availablePlatforms: [
          { code: 'AMAZONJP', asin: '@B0EXPORT1' },
          { code: 'SHOPIFY', asin: 'tea,"set"' },
        ],
      }),
    );
    await put(
      `products/${second._id}`,
      fields(second, { manufacturerId: null, supplierIds: [], availablePlatforms: [], nameJa: null }),
    );
    await expectCurrent();

    await post(`products/${third._id}/stock-adjustments`, { quantity: 7, note: 'recount' });
    await post(`products/${first._id}/stock-adjustments`, { quantity: 3, note: 'found' });
    await expectCurrent();

    const rename = (path: string, item: Json, name: string) =>
      put(`${path}/${item._id}`, { name, activeStatus: item.activeStatus });
    await rename('categories', categories[0], '+Snacks, "sweet"');
    const manufacturer = (await get('manufacturers?limit=1')).body.data[0] as Json;
    await rename('manufacturers', manufacturer, 'Maker\r\nNew');
    await rename('suppliers', suppliers[0], 'Zeta "Trading"');
    await expectCurrent();

    await post('products', {
      ...fields(third, {
        name: '-new, product',
        skuCode: 'EXPORT-NEW-1',
        janCode: withJanCheckDigit('491234567890'),
        supplierIds: [suppliers[1]?._id],
      }),
      inStockQuantity: 5,
    });
    await expectCurrent();

    // The export is those lines in the list's order, for a filter, a sort and a search.
    await expectExport('', 'products');
    await expectExport('sort=name', 'products?sort=name');
    await expectExport(
      `categoryId=${categories[1]?._id}&sort=-inStockQuantity`,
      `products?categoryId=${categories[1]?._id}&sort=-inStockQuantity`,
    );
    await expectExport(
      'searchString=export&sort=skuCode',
      'products/search?searchString=export&sort=skuCode',
    );
  });
});
