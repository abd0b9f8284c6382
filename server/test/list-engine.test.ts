/**
 * The list engine at scale, over HTTP on each database (see docs/architecture.md, lists): the
 * codec refuses hostile keys and out-of-range numbers with 400, cached totals follow every
 * write (from this or another server instance), the trigram search index follows inserts,
 * updates and deletes, the streamed CSV equals the list, and concurrent stock adjustments
 * keep quantity equal to the ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJanCheckDigit } from '#shared/domain/jan';
import { MAX_STOCK } from '#shared/constants';
import { MESSAGES, formatMessage } from '#shared/messages';
import { stringify } from 'csv-stringify/sync';
import { seedLarge } from '../src/demo/large';
import { CSV_COLUMNS } from '../src/products/products.csv';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

let janCounter = 0;
const nextJan = () => withJanCheckDigit(`45${String(3_000_000_000 + janCounter++).slice(-10)}`);

/** RFC 4180 records (quoted fields with commas, quotes and line breaks), CRLF-separated. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe.each(testDialects())('list engine (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: string;
  let categoryId: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    admin = (await setupAccounts(api)).admin.token;
    const category = await api.post(
      '/api/v1/categories/',
      { name: 'Engine', activeStatus: true },
      { token: admin },
    );
    categoryId = category.body.data._id;
  });
  afterAll(() => server?.close());

  const get = (path: string) => api.get(`/api/v1/${path}`, { token: admin });
  const create = async (overrides: Json = {}) => {
    const res = await api.post(
      '/api/v1/products',
      {
        name: 'Engine Test Product',
        nameJa: null,
        skuCode: `ENG-${janCounter}`,
        janCode: nextJan(),
        categoryId,
        manufacturerId: null,
        supplierIds: [],
        purchasePrice: 100,
        inStockQuantity: 10,
        amazonStockQuantity: 0,
        shelfNumber: null,
        releaseDate: null,
        lowStockLevel: 1,
        activeStatus: true,
        availablePlatforms: [],
        ...overrides,
      },
      { token: admin },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as Json;
  };

  describe('query codec', () => {
    it.each([
      ['toString=1', 'toString'],
      ['constructor=1', 'constructor'],
      ['hasOwnProperty=1', 'hasOwnProperty'],
      ['__proto__[gt]=1', '__proto__'],
      ['page=9007199254740991&limit=10000', 'page'],
      ['inStockQuantity=1.5', 'inStockQuantity'],
      ['amazonStockQuantity[gt]=1e308', 'amazonStockQuantity'],
      ['inStockQuantity[lt]=2147483648', 'inStockQuantity'],
    ])('answers 400 naming the field for products?%s', async (qs, field) => {
      for (const path of ['products', 'products/search', 'products/csv-products']) {
        const res = await get(`${path}?${qs}`);
        expect(res.status, `${path}?${qs}`).toBe(400);
        expect(res.body.errors[0].field, `${path}?${qs}`).toBe(field);
      }
    });

    it('accepts the bounds themselves', async () => {
      expect((await get('products?inStockQuantity[lte]=2147483647')).status).toBe(200);
      expect((await get('products?page=214749&limit=10000')).status).toBe(200);
    });
  });

  describe('totals', () => {
    const total = async (query = '') => (await get(`products?limit=1${query}`)).body.totalCount as number;

    it('reflects every write in the next total, whatever the filter', async () => {
      const before = await total();
      const inactiveBefore = await total('&activeStatus=false');
      const product = await create();
      expect(await total()).toBe(before + 1);
      // Through the API, then behind its back: both bump the table's version.
      const res = await api.put(
        `/api/v1/products/${product._id}`,
        { ...product, categoryId, supplierIds: [], activeStatus: false },
        { token: admin },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await total('&activeStatus=false')).toBe(inactiveBefore + 1);
      await server.app.db
        .updateTable('products')
        .set({ active_status: 1 })
        .where('id', '=', product._id)
        .execute();
      expect(await total('&activeStatus=false')).toBe(inactiveBefore);
      // A supplier link is a write to product_suppliers, which the supplier filter counts.
      const supplier = await api.post(
        '/api/v1/suppliers/',
        { name: 'Engine Supplier', activeStatus: true },
        { token: admin },
      );
      const bySupplier = `&supplierId=${supplier.body.data._id}`;
      expect(await total(bySupplier)).toBe(0);
      await server.app.db
        .insertInto('product_suppliers')
        .values({ product_id: product._id, supplier_id: supplier.body.data._id })
        .execute();
      expect(await total(bySupplier)).toBe(1);
    });

    // Only a team server has other instances on one database (a SQLite file belongs to one app).
    it.runIf(dialect === 'postgres')('reflects writes made through another server instance', async () => {
      const other = await startTestServer({ dialect, databaseUrl: server.databaseUrl });
      try {
        const otherApi = client(other.url);
        const before = await total();
        const lowBefore = await total('&lowStock=true');
        // Sessions live in the database: the same token works on both instances.
        const res = await otherApi.post(
          '/api/v1/products',
          {
            name: 'Made elsewhere',
            nameJa: null,
            skuCode: `ENG-OTHER-${janCounter}`,
            janCode: nextJan(),
            categoryId,
            manufacturerId: null,
            supplierIds: [],
            purchasePrice: null,
            inStockQuantity: 0,
            amazonStockQuantity: 0,
            shelfNumber: null,
            releaseDate: null,
            lowStockLevel: 5,
            activeStatus: true,
            availablePlatforms: [],
          },
          { token: admin },
        );
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(await total()).toBe(before + 1);
        expect(await total('&lowStock=true')).toBe(lowBefore + 1);
        const adjusted = await otherApi.post(
          `/api/v1/products/${res.body.data._id}/stock-adjustments`,
          { quantity: 50, note: 'Delivery' },
          { token: admin },
        );
        expect(adjusted.status).toBe(201);
        expect(await total('&lowStock=true')).toBe(lowBefore);
      } finally {
        await other.close();
      }
    });
  });

  describe('search index', () => {
    const search = async (text: string) => {
      const res = await get(`products/search?searchString=${encodeURIComponent(text)}&limit=100`);
      expect(res.status).toBe(200);
      return (res.body.data as Json[]).map((p) => p._id as string);
    };

    it('follows inserts, updates and deletes, case-insensitively, from 2 characters', async () => {
      const product = await create({
        name: 'Zebra Crunch Wafer',
        nameJa: 'シマウマ ウエハース',
        skuCode: 'ZQX-0042',
      });
      for (const text of [
        'zebra',
        'ZEBRA CR',
        'ウエハース',
        'シマ',
        'Ze',
        'zqx-00',
        product.janCode.slice(3, 10),
      ]) {
        expect(await search(text), text).toContain(product._id);
      }
      expect(await search('zebra  crunch')).not.toContain(product._id);

      const res = await api.put(
        `/api/v1/products/${product._id}`,
        { ...product, categoryId, supplierIds: [], name: 'Okapi Crunch Wafer', nameJa: null },
        { token: admin },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await search('zebra')).not.toContain(product._id);
      expect(await search('ウエハース')).not.toContain(product._id);
      expect(await search('okapi')).toContain(product._id);

      await server.app.db.deleteFrom('stock_movements').where('product_id', '=', product._id).execute();
      await server.app.db.deleteFrom('products').where('id', '=', product._id).execute();
      expect(await search('okapi')).toEqual([]);
      expect((await get('products/search?searchString=okapi')).body.totalcount).toBe(0);
    });

    it('treats %, _ and quotes in the text literally', async () => {
      const product = await create({ name: 'Sale 100% "Pure" Matcha_Powder' });
      expect(await search('100%')).toEqual([product._id]);
      expect(await search('"pure"')).toEqual([product._id]);
      expect(await search('a_p')).toEqual([product._id]);
      expect(await search('1%0')).toEqual([]);
    });
  });

  describe('CSV export at a few thousand rows', () => {
    beforeAll(async () => {
      // Suppliers for the generated products to link to, several each.
      for (const name of ['Seed Supplier B', 'seed supplier a', 'Seed Supplier C']) {
        await api.post('/api/v1/suppliers/', { name, activeStatus: true }, { token: admin });
      }
      await seedLarge(server.app.db, { products: 3000, batchSize: 1000 });
    }, 120_000);

    const listSkus = async (query: string) => {
      const path = query.includes('searchString') ? 'products/search' : 'products';
      const res = await get(`${path}?limit=10000&${query}`);
      expect(res.status).toBe(200);
      return (res.body.data as Json[]).map((p) => p.skuCode as string);
    };
    const csvRows = async (query: string) => {
      const res = await fetch(`${server.url}/api/v1/products/csv-products?${query}`, {
        headers: { authorization: `Token ${admin}` },
      });
      expect(res.status).toBe(200);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
      expect(text.startsWith('\uFEFF')).toBe(true);
      return parseCsv(text.slice(1));
    };

    it.each([
      'sort=-updatedAt',
      'sort=name',
      'sort=-releaseDate&activeStatus=true',
      'sort=releaseDate',
      'lowStock=true&sort=-inStockQuantity',
      'searchString=matcha&sort=skuCode',
      'searchString=ポッキー',
    ])('streams the same rows as the list, in the same order (%s)', async (query) => {
      const [header, ...rows] = await csvRows(query);
      expect(header?.[2]).toBe('SKU');
      const skus = await listSkus(query);
      expect(skus.length).toBeGreaterThan(query.startsWith('search') ? 5 : 100);
      expect(rows.map((r) => r[2])).toEqual(skus);
    });

    it('finds the same search pages by walking the sort index as by the trigram index', async () => {
      // Every generated SKU contains the text: a page of 25 is then found by walking the name
      // index and testing each product, the whole list (limit 10000) through the trigram index.
      const all = await listSkus('searchString=GEN-&sort=name');
      expect(all.length).toBeGreaterThanOrEqual(3000);
      for (const page of [1, 2, 40]) {
        const res = await get(`products/search?searchString=GEN-&sort=name&limit=25&page=${page}`);
        expect(res.status).toBe(200);
        expect(res.body.totalcount).toBe(all.length);
        expect((res.body.data as Json[]).map((p) => p.skuCode)).toEqual(
          all.slice((page - 1) * 25, page * 25),
        );
      }
    });

    it('pages a filter set alike whichever page and size came first (its queries compiled once)', async () => {
      for (const query of [
        'sort=name',
        'lowStock=true&sort=-inStockQuantity',
        'searchString=matcha&sort=skuCode',
      ]) {
        const all = await listSkus(query);
        const path = query.includes('searchString') ? 'products/search' : 'products';
        for (const [page, limit] of [
          [3, 7],
          [1, 50],
          [2, 7],
          [5, 13],
        ] as const) {
          const res = await get(`${path}?${query}&page=${page}&limit=${limit}`);
          expect(res.status).toBe(200);
          expect(
            (res.body.data as Json[]).map((p) => p.skuCode),
            `${query} page ${page}`,
          ).toEqual(all.slice((page - 1) * limit, page * limit));
        }
      }
      // A filter's values are part of what is compiled: the other value is never answered
      // with the first one's query.
      const total = (await get('products?limit=1')).body.totalCount as number;
      const active = (await get('products?activeStatus=true&limit=1')).body.totalCount as number;
      const inactive = (await get('products?activeStatus=false&limit=1')).body.totalCount as number;
      expect(active).toBeGreaterThan(0);
      expect(inactive).toBeGreaterThan(0);
      expect(active + inactive).toBe(total);
      const tea = (await get('products/search?searchString=matcha&limit=1')).body.totalcount as number;
      const pocky = (await get(`products/search?searchString=${encodeURIComponent('ポッキー')}&limit=1`)).body
        .totalcount as number;
      expect(tea).not.toBe(pocky);
    });

    const suppliersText = (p: Json) => (p.suppliers as Json[]).map((s) => s.name as string).join('; ');
    const asin = (p: Json, code: string) =>
      ((p.availablePlatforms as Json[]).find((l) => l.code === code)?.asin as string | undefined) ?? '';
    const exportedLinks = (row: string[] | undefined) => row && [row[6], row[14], row[15], row[16]];

    it("writes each product's suppliers and listings as its links say", async () => {
      const [, ...rows] = await csvRows('sort=name');
      const res = await get('products?limit=10000&sort=name');
      const products = res.body.data as Json[];
      expect(rows.length).toBe(products.length);
      expect(products.some((p) => (p.suppliers as Json[]).length > 1)).toBe(true);
      expect(products.some((p) => (p.availablePlatforms as Json[]).length > 0)).toBe(true);
      rows.forEach((row, i) => {
        const p = products[i] as Json;
        expect(exportedLinks(row)).toEqual([
          suppliersText(p),
          asin(p, 'SHOPIFY'),
          asin(p, 'AMAZONJP'),
          asin(p, 'AMAZONIND'),
        ]);
      });
    });

    it('writes what csv-stringify writes (every field with a line break quoted), for awkward text too', async () => {
      const tricky = await (async () => {
        const res = await api.post(
          '/api/v1/suppliers/',
          { name: 'Comma, "Quoted" Supplier', activeStatus: true },
          { token: admin },
        );
        return res.body.data._id as string;
      })();
      const names = [
        '=HYPERLINK("x")',
        '-5 tins, "mixed"',
        '@home\nline two',
        '\tTabbed',
        '+81 抹茶\r\nCRLF',
      ];
      for (const [i, name] of names.entries()) {
        await create({
          name,
          nameJa: i % 2 ? `抹茶 ${i}, "と"` : null,
          supplierIds: [tricky],
          purchasePrice: i % 2 ? null : 1200 + i,
          shelfNumber: null,
          releaseDate: i % 2 ? '2024-01-0' + (i + 1) : null,
          activeStatus: i % 2 === 0,
          availablePlatforms: [{ code: 'AMAZONJP', asin: `-B0${i},"x"` }],
          hsCode: i % 2 ? null : `0902.1${i}`,
          countryOfOrigin: i % 2 ? 'in' : null,
          descriptionEn: i % 2 ? `-${i} "tea", bag` : null,
          netWeightGrams: i % 2 ? null : 100 + i,
        });
      }
      for (const query of ['sort=name', 'sort=-updatedAt&activeStatus=false', 'searchString=tins']) {
        const path = query.includes('searchString') ? 'products/search' : 'products';
        const list = await get(`${path}?limit=10000&${query}`);
        const cellText = (value: string | number | null) =>
          value === null
            ? ''
            : typeof value === 'number'
              ? String(value)
              : /^[=+\-@\t\r]/.test(value)
                ? `'${value}`
                : value;
        const records = (list.body.data as Json[]).map((p) =>
          [
            p.name,
            p.nameJa,
            p.skuCode,
            p.janCode,
            (p.category as Json | null)?.name ?? null,
            (p.manufacturer as Json | null)?.name ?? null,
            suppliersText(p),
            p.purchasePrice,
            p.inStockQuantity,
            p.amazonStockQuantity,
            p.shelfNumber,
            p.releaseDate,
            p.lowStockLevel,
            p.activeStatus ? 'Active' : 'Inactive',
            asin(p, 'SHOPIFY'),
            asin(p, 'AMAZONJP'),
            asin(p, 'AMAZONIND'),
            p.hsCode,
            p.countryOfOrigin,
            p.descriptionEn,
            p.netWeightGrams,
          ].map((v) => cellText(v as string | number | null)),
        );
        const expected = stringify(records, {
          bom: true,
          header: true,
          columns: CSV_COLUMNS.map((c) => c.title),
          record_delimiter: 'windows',
          // A lone LF or CR in a name is quoted too, or a spreadsheet would break the row there.
          quoted_match: /[\r\n]/,
        });
        const res = await fetch(`${server.url}/api/v1/products/csv-products?${query}`, {
          headers: { authorization: `Token ${admin}` },
        });
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(records.length, query).toBeGreaterThan(query.startsWith('search') ? 0 : 3);
        expect(bytes.toString('utf8'), query).toBe(expected);
      }
    });

    it('follows supplier links, listings and supplier renames', async () => {
      const supplier = async (name: string) =>
        (await api.post('/api/v1/suppliers/', { name, activeStatus: true }, { token: admin })).body.data
          ._id as string;
      const zeta = await supplier('Zeta Export Supplier');
      const alpha = await supplier('alpha Export Supplier');
      const product = await create({
        supplierIds: [zeta],
        availablePlatforms: [{ code: 'AMAZONJP', asin: 'B0EXPORT01' }],
      });
      const exported = async () => {
        const [, ...rows] = await csvRows(
          `sort=name&skuCode=${encodeURIComponent(product.skuCode as string)}`,
        );
        expect(rows.length).toBe(1);
        return exportedLinks(rows[0]);
      };
      expect(await exported()).toEqual(['Zeta Export Supplier', '', 'B0EXPORT01', '']);

      // Through the API: links replaced.
      const res = await api.put(
        `/api/v1/products/${product._id}`,
        {
          ...product,
          categoryId,
          supplierIds: [zeta, alpha],
          availablePlatforms: [
            { code: 'SHOPIFY', asin: 'SHOP-1' },
            { code: 'AMAZONIND', asin: 'B0INDIA01' },
          ],
        },
        { token: admin },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await exported()).toEqual([
        'alpha Export Supplier; Zeta Export Supplier',
        'SHOP-1',
        '',
        'B0INDIA01',
      ]);

      // A renamed supplier is renamed in every product's export, and re-sorted.
      const renamed = await api.put(
        `/api/v1/suppliers/${zeta}`,
        { name: 'Able Export Supplier', activeStatus: true },
        { token: admin },
      );
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect((await exported())?.[0]).toBe('Able Export Supplier; alpha Export Supplier');

      // Behind the API's back: the triggers, not the service, keep the columns current.
      const db = server.app.db;
      await db
        .updateTable('product_platforms')
        .set({ asin: 'SHOP-2' })
        .where('product_id', '=', product._id)
        .where('code', '=', 'SHOPIFY')
        .execute();
      await db
        .deleteFrom('product_platforms')
        .where('product_id', '=', product._id)
        .where('code', '=', 'AMAZONIND')
        .execute();
      await db
        .deleteFrom('product_suppliers')
        .where('product_id', '=', product._id)
        .where('supplier_id', '=', alpha)
        .execute();
      expect(await exported()).toEqual(['Able Export Supplier', 'SHOP-2', '', '']);
      await db.deleteFrom('product_suppliers').where('product_id', '=', product._id).execute();
      expect((await exported())?.[0]).toBe('');
    });

    it('answers 404 List is empty when nothing matches', async () => {
      const res = await get('products/csv-products?searchString=no-such-product-anywhere');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MESSAGES.listEmpty);
    });
  });

  describe('stock adjustments', () => {
    it('keeps quantity equal to the ledger under 50 concurrent adjustments', async () => {
      const product = await create({ inStockQuantity: 1000 });
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          api.post(
            `/api/v1/products/${product._id}/stock-adjustments`,
            { quantity: i % 2 === 0 ? 3 : -2, note: `Parallel ${i}` },
            { token: admin },
          ),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
      const after = await get(`products/${product._id}`);
      expect(after.body.data.inStockQuantity).toBe(1000 + 25 * 3 - 25 * 2);
      const ledger = await server.app.db
        .selectFrom('stock_movements')
        .select(server.app.db.fn.sum<number>('quantity').as('total'))
        .where('product_id', '=', product._id)
        .executeTakeFirstOrThrow();
      expect(Number(ledger.total)).toBe(1025);
    });

    it('refuses an adjustment past the stock bound before it commits', async () => {
      const product = await create({ inStockQuantity: MAX_STOCK - 647 });
      const adjust = (quantity: number) =>
        api.post(
          `/api/v1/products/${product._id}/stock-adjustments`,
          { quantity, note: 'Big' },
          { token: admin },
        );
      expect((await adjust(647)).status).toBe(201);
      const refused = await adjust(1);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(formatMessage('stockQuantityTooLarge', { max: MAX_STOCK }));
      expect(refused.body.errors[0]).toMatchObject({ field: 'quantity', code: 'stockQuantityTooLarge' });
      expect((await get(`products/${product._id}`)).body.data.inStockQuantity).toBe(MAX_STOCK);
      expect((await get(`products/${product._id}/stock-movements`)).body.totalCount).toBe(2);
    });
  });
});
