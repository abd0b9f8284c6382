/**
 * Products API (with the stock ledger) over HTTP on each database: the
 * list's query forms, search (minimum length, scanned JAN), create and edit with every
 * validation message, inactive references, the ledger (adjustments, history, a property test
 * that quantity always equals the ledger's sum), remarks and the CSV export.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJanCheckDigit } from '#shared/domain/jan';
import { MESSAGES, formatMessage, inactiveReference, unknownReference } from '#shared/messages';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../src/demo/seed';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

let janCounter = 0;
/** A fresh valid JAN: 49 + 10 digits + check digit. */
const nextJan = () => withJanCheckDigit(`49${String(1_000_000_000 + janCounter++).slice(-10)}`);
/** The same body with a wrong check digit. */
const badJan = (jan: string) => `${jan.slice(0, -1)}${(Number(jan.at(-1)) + 1) % 10}`;

describe.each(testDialects())('products API (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: string;
  let adminName: string;
  let orderCreator: string;
  const ref: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin.token;
    adminName = accounts.admin.fullname;
    orderCreator = (await accounts.withRole('orderCreator')).token;
    const make = async (path: string, name: string, activeStatus = true) => {
      const res = await api.post(`/api/v1/${path}/`, { name, activeStatus }, { token: admin });
      expect(res.status).toBe(201);
      ref[name] = res.body.data._id;
    };
    await make('categories', 'Snacks');
    await make('categories', 'Tea');
    await make('categories', 'Retired category', false);
    await make('manufacturers', 'Calbee');
    await make('manufacturers', 'Gone Maker', false);
    await make('suppliers', 'Osaka Wholesale');
    await make('suppliers', 'Tokyo Trading');
    await make('suppliers', 'Closed Supplier', false);
  });
  afterAll(() => server?.close());

  const get = (path: string, token = admin) => api.get(`/api/v1/${path}`, { token });
  const auditCount = async (entity = 'product') =>
    (await get(`audit-logs?entity=${entity}&limit=1`)).body.totalCount as number;

  const body = (overrides: Json = {}) => ({
    name: 'Jagarico Salad',
    nameJa: 'じゃがりこ サラダ',
    skuCode: `SKU-${janCounter}`,
    janCode: nextJan(),
    categoryId: ref.Snacks,
    manufacturerId: ref.Calbee,
    supplierIds: [ref['Osaka Wholesale'], ref['Tokyo Trading']],
    purchasePrice: 120,
    inStockQuantity: 10,
    amazonStockQuantity: 2,
    shelfNumber: 'A-01-1',
    releaseDate: '2024-05-01',
    lowStockLevel: 3,
    activeStatus: true,
    availablePlatforms: [
      { code: 'AMAZONIND', asin: 'B0TESTASIN' },
      { code: 'SHOPIFY', asin: 'jagarico-salad' },
    ],
    ...overrides,
  });
  const create = async (overrides: Json = {}) => {
    const res = await api.post('/api/v1/products', body(overrides), { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as Json;
  };

  /** Rows of every table a product write touches, counted in the database itself. */
  const rowCounts = async () => {
    const counts: Record<string, number> = {};
    for (const table of [
      'products',
      'product_suppliers',
      'product_platforms',
      'stock_movements',
      'audit_log',
    ] as const) {
      const row = await server.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return counts;
  };

  /** Sends a request that must be refused, and checks that nothing at all was written. */
  async function refused(send: () => Promise<Json>) {
    const before = await rowCounts();
    const res = await send();
    expect(await rowCounts()).toEqual(before);
    return res;
  }

  const ledger = async (id: string) => {
    const res = await get(`products/${id}/stock-movements?limit=10000`);
    expect(res.status).toBe(200);
    return res.body.data as Json[];
  };

  describe('create and read', () => {
    it('creates a product with every field and answers the product shape', async () => {
      const input = body();
      const res = await api.post('/api/v1/products', input, { token: admin });
      expect(res.status).toBe(201);
      const p = res.body.data;
      expect(p).toMatchObject({
        name: 'Jagarico Salad',
        nameJa: 'じゃがりこ サラダ',
        skuCode: input.skuCode,
        janCode: input.janCode,
        category: { _id: ref.Snacks, name: 'Snacks' },
        manufacturer: { _id: ref.Calbee, name: 'Calbee' },
        purchasePrice: 120,
        inStockQuantity: 10,
        amazonStockQuantity: 2,
        shelfNumber: 'A-01-1',
        releaseDate: '2024-05-01',
        lowStockLevel: 3,
        activeStatus: true,
        // Listings come back in platform order, whatever order they were sent in.
        availablePlatforms: [
          { code: 'SHOPIFY', asin: 'jagarico-salad' },
          { code: 'AMAZONIND', asin: 'B0TESTASIN' },
        ],
        lastOrderDate: null,
        monthlyQuantity: 0,
        remarksCount: 0,
      });
      expect(p.suppliers.map((s: Json) => s.name)).toEqual(['Osaka Wholesale', 'Tokyo Trading']);

      const movements = await ledger(p._id);
      expect(movements).toHaveLength(1);
      expect(movements[0]).toMatchObject({ quantity: 10, reason: 'INITIAL', user: { fullname: adminName } });

      const audit = await get(`audit-logs?entity=product&entityId=${p._id}`);
      expect(audit.body.data).toHaveLength(1);
      expect(audit.body.data[0]).toMatchObject({ action: 'create', after: { skuCode: input.skuCode } });

      const one = await get(`products/${p._id}`, orderCreator);
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual(p);
      expect((await get('products/no-such-product')).status).toBe(404);
    });

    it('refuses bad input with the fixed texts and writes nothing', async () => {
      const taken = await create();
      const jan = nextJan();
      const cases: [string, Json, number, string, string][] = [
        ['empty name', { name: '' }, 400, MESSAGES.enterName, 'name'],
        ['single-space name', { name: ' ' }, 400, MESSAGES.enterName, 'name'],
        ['check digit', { janCode: badJan(jan) }, 400, MESSAGES.invalidJan, 'janCode'],
        ['letters in JAN', { janCode: '49ABCDEFGHIJK' }, 400, MESSAGES.invalidJan, 'janCode'],
        ['12-digit JAN', { janCode: jan.slice(0, 12) }, 400, MESSAGES.invalidJan, 'janCode'],
        [
          'amazon above total',
          { inStockQuantity: 3, amazonStockQuantity: 4 },
          400,
          MESSAGES.amazonStockAboveTotal,
          'amazonStockQuantity',
        ],
        ['release date', { releaseDate: '2024-02-30' }, 400, MESSAGES.invalidReleaseDate, 'releaseDate'],
        ['release text', { releaseDate: 'soon' }, 400, MESSAGES.invalidReleaseDate, 'releaseDate'],
        ['negative stock', { inStockQuantity: -1 }, 400, MESSAGES.invalidStockQuantity, 'inStockQuantity'],
        ['fractional stock', { inStockQuantity: 1.5 }, 400, MESSAGES.invalidStockQuantity, 'inStockQuantity'],
        ['text stock', { inStockQuantity: 'ten' }, 400, MESSAGES.invalidStockQuantity, 'inStockQuantity'],
        [
          'duplicate SKU (any case)',
          { skuCode: taken.skuCode.toLowerCase() },
          409,
          MESSAGES.duplicateField,
          'skuCode',
        ],
        ['duplicate JAN', { janCode: taken.janCode }, 409, MESSAGES.duplicateField, 'janCode'],
        [
          'inactive category',
          { categoryId: ref['Retired category'] },
          400,
          inactiveReference('category'),
          'categoryId',
        ],
        [
          'inactive manufacturer',
          { manufacturerId: ref['Gone Maker'] },
          400,
          inactiveReference('manufacturer'),
          'manufacturerId',
        ],
        [
          'inactive supplier',
          { supplierIds: [ref['Osaka Wholesale'], ref['Closed Supplier']] },
          400,
          inactiveReference('supplier'),
          'supplierIds',
        ],
        [
          'unknown category',
          { categoryId: 'no-such-category' },
          400,
          unknownReference('category'),
          'categoryId',
        ],
        [
          'platform twice',
          {
            availablePlatforms: [
              { code: 'AMAZONJP', asin: 'A' },
              { code: 'AMAZONJP', asin: 'B' },
            ],
          },
          400,
          MESSAGES.onePlatformListing,
          'availablePlatforms',
        ],
      ];
      for (const [label, overrides, status, message, field] of cases) {
        const res = await refused(() => api.post('/api/v1/products', body(overrides), { token: admin }));
        expect(res.status, label).toBe(status);
        expect(res.body.message, label).toBe(message);
        expect(res.body.errors?.[0]?.field, label).toBe(field);
      }
    });

    it('accepts a product with only the required fields', async () => {
      const res = await api.post(
        '/api/v1/products',
        { name: 'Plain', skuCode: 'PLAIN-1', janCode: withJanCheckDigit('4512345') },
        { token: admin },
      );
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        category: null,
        manufacturer: null,
        suppliers: [],
        purchasePrice: null,
        inStockQuantity: 0,
        availablePlatforms: [],
        activeStatus: true,
      });
    });
  });

  describe('customs fields', () => {
    const customs = { hsCode: null, countryOfOrigin: null, descriptionEn: null, netWeightGrams: null };

    /** The product's line of the CSV export (found by its SKU), split on the commas of the customs cells. */
    async function exportLine(skuCode: string) {
      const res = await fetch(
        `${server.url}/api/v1/products/csv-products?searchString=${encodeURIComponent(skuCode)}`,
        { headers: { authorization: `Token ${admin}` } },
      );
      expect(res.status).toBe(200);
      const lines = (await res.text()).split('\r\n');
      const line = lines.find((l) => l.includes(`,${skuCode},`));
      expect(line, skuCode).toBeDefined();
      return line as string;
    }

    it('stores them normalised: HS code without its dots and spaces, country in capitals', async () => {
      const p = await create({
        hsCode: ' 0902.10 ',
        countryOfOrigin: 'jp',
        descriptionEn: '  Green tea (not fermented), in packs of 3 kg or less ',
        netWeightGrams: 250,
      });
      const want = {
        hsCode: '090210',
        countryOfOrigin: 'JP',
        descriptionEn: 'Green tea (not fermented), in packs of 3 kg or less',
        netWeightGrams: 250,
      };
      expect(p).toMatchObject(want);
      expect((await get(`products/${p._id}`)).body.data).toMatchObject(want);
      const listed = await get(`products?skuCode=${encodeURIComponent(p.skuCode)}`);
      expect(listed.body.data).toEqual([expect.objectContaining(want)]);
      expect((await create({ hsCode: '0902 10 90 10' })).hsCode).toBe('0902109010');
      expect((await create({ hsCode: '090210' })).hsCode).toBe('090210');
      expect(await exportLine(p.skuCode)).toMatch(
        /,090210,JP,"Green tea \(not fermented\), in packs of 3 kg or less",250$/,
      );
      // The form defaults to Japan; the API does not guess: absent is null.
      expect(await create()).toMatchObject(customs);
    });

    it('refuses an HS code of 5 or 11 digits, an unknown country and a weight of 0, writing nothing', async () => {
      const cases: [string, Json, string, string][] = [
        ['5 digits', { hsCode: '09021' }, MESSAGES.invalidHsCode, 'hsCode'],
        ['5 digits with a dot', { hsCode: '0902.1' }, MESSAGES.invalidHsCode, 'hsCode'],
        ['11 digits', { hsCode: '09021090101' }, MESSAGES.invalidHsCode, 'hsCode'],
        ['letters', { hsCode: '0902AB' }, MESSAGES.invalidHsCode, 'hsCode'],
        ['a dash', { hsCode: '0902-10' }, MESSAGES.invalidHsCode, 'hsCode'],
        ['empty', { hsCode: '' }, MESSAGES.invalidHsCode, 'hsCode'],
        ['unknown country', { countryOfOrigin: 'XX' }, MESSAGES.invalidCountry, 'countryOfOrigin'],
        // Codes a browser names but ISO 3166-1 does not assign.
        ['reserved UK', { countryOfOrigin: 'UK' }, MESSAGES.invalidCountry, 'countryOfOrigin'],
        ['European Union', { countryOfOrigin: 'EU' }, MESSAGES.invalidCountry, 'countryOfOrigin'],
        ['alpha-3', { countryOfOrigin: 'JPN' }, MESSAGES.invalidCountry, 'countryOfOrigin'],
        ['country name', { countryOfOrigin: 'Japan' }, MESSAGES.invalidCountry, 'countryOfOrigin'],
        ['weight 0', { netWeightGrams: 0 }, MESSAGES.invalidNetWeight, 'netWeightGrams'],
        ['negative weight', { netWeightGrams: -5 }, MESSAGES.invalidNetWeight, 'netWeightGrams'],
        ['fractional weight', { netWeightGrams: 12.5 }, MESSAGES.invalidNetWeight, 'netWeightGrams'],
        ['weight as text', { netWeightGrams: '250' }, MESSAGES.invalidNetWeight, 'netWeightGrams'],
        [
          'weight above a tonne',
          { netWeightGrams: 1_000_001 },
          formatMessage('tooLarge', { max: 1_000_000 }),
          'netWeightGrams',
        ],
        [
          'description over 200',
          { descriptionEn: 'x'.repeat(201) },
          formatMessage('tooLong', { max: 200 }),
          'descriptionEn',
        ],
      ];
      const taken = await create();
      for (const [label, overrides, message, field] of cases) {
        const res = await refused(() => api.post('/api/v1/products', body(overrides), { token: admin }));
        expect(res.status, label).toBe(400);
        expect(res.body.message, label).toBe(message);
        expect(res.body.errors?.[0]?.field, label).toBe(field);
        const edit = await refused(() =>
          api.put(
            `/api/v1/products/${taken._id}`,
            body({ skuCode: taken.skuCode, janCode: taken.janCode, ...overrides }),
            { token: admin },
          ),
        );
        expect(edit.status, `${label} (edit)`).toBe(400);
        expect(edit.body.errors?.[0]?.field, `${label} (edit)`).toBe(field);
      }
      // The bounds themselves are taken.
      expect(await create({ netWeightGrams: 1, descriptionEn: 'x'.repeat(200) })).toMatchObject({
        netWeightGrams: 1,
      });
      expect((await create({ netWeightGrams: 1_000_000 })).netWeightGrams).toBe(1_000_000);
    });

    it('edits and clears them, each edit recorded in the history and in the export line', async () => {
      const p = await create();
      const edit = async (fields: Json) => {
        const res = await api.put(
          `/api/v1/products/${p._id}`,
          body({ skuCode: p.skuCode, janCode: p.janCode, ...fields }),
          { token: admin },
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.data as Json;
      };
      const set = { hsCode: '2106.90.99', countryOfOrigin: 'in', descriptionEn: 'Snack', netWeightGrams: 80 };
      expect(await edit(set)).toMatchObject({
        hsCode: '21069099',
        countryOfOrigin: 'IN',
        descriptionEn: 'Snack',
        netWeightGrams: 80,
      });
      expect(await exportLine(p.skuCode)).toMatch(/,21069099,IN,Snack,80$/);
      await edit({ ...set, netWeightGrams: 81 });
      expect(await exportLine(p.skuCode)).toMatch(/,21069099,IN,Snack,81$/);
      // A write of the customs columns alone (the API writes every column) must rewrite the
      // stored line too: the export trigger watches them.
      for (const [column, value] of [
        ['hs_code', '210690'],
        ['country_of_origin', 'TH'],
        ['description_en', 'Rice snack'],
        ['net_weight_grams', 82],
      ] as const) {
        await server.app.db
          .updateTable('products')
          .set({ [column]: value })
          .where('id', '=', p._id as string)
          .execute();
      }
      expect(await exportLine(p.skuCode)).toMatch(/,210690,TH,Rice snack,82$/);
      await edit(set);

      expect(await edit(customs)).toMatchObject(customs);
      expect(await exportLine(p.skuCode)).toMatch(/,,,,$/);

      const history = await get(`audit-logs?entity=product&entityId=${p._id}&action=update&sort=at`);
      const entries = history.body.data as Json[];
      expect(entries).toHaveLength(4);
      expect(entries[0]).toMatchObject({
        before: customs,
        after: { hsCode: '21069099', countryOfOrigin: 'IN', descriptionEn: 'Snack', netWeightGrams: 80 },
      });
      expect(entries[1]).toMatchObject({ before: { netWeightGrams: 80 }, after: { netWeightGrams: 81 } });
      expect(entries[2]).toMatchObject({
        before: { countryOfOrigin: 'TH' },
        after: { countryOfOrigin: 'IN' },
      });
      expect(entries[3]).toMatchObject({ before: { hsCode: '21069099' }, after: customs });
    });

    it('keeps the export line equal to the row under parallel edits of the customs fields', async () => {
      const p = await create();
      const weights = [101, 102, 103, 104, 105, 106];
      const answers = await Promise.all(
        weights.map((netWeightGrams, i) =>
          api.put(
            `/api/v1/products/${p._id}`,
            body({
              skuCode: p.skuCode,
              janCode: p.janCode,
              hsCode: `09021${i}`,
              countryOfOrigin: i % 2 ? 'CN' : 'JP',
              netWeightGrams,
            }),
            { token: admin },
          ),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(weights.map(() => 200));
      const final = (await get(`products/${p._id}`)).body.data as Json;
      const i = weights.indexOf(final.netWeightGrams);
      expect(i).toBeGreaterThanOrEqual(0);
      expect(final).toMatchObject({ hsCode: `09021${i}`, countryOfOrigin: i % 2 ? 'CN' : 'JP' });
      expect(await exportLine(p.skuCode)).toMatch(
        new RegExp(`,09021${i},${i % 2 ? 'CN' : 'JP'},,${final.netWeightGrams}$`),
      );
      const history = await get(`audit-logs?entity=product&entityId=${p._id}&action=update&limit=100`);
      expect(history.body.totalCount).toBe(weights.length);
    });
  });

  describe('edit', () => {
    it('updates every field but stock, which only moves through adjustments', async () => {
      const p = await create();
      const update = body({
        skuCode: p.skuCode,
        janCode: p.janCode,
        name: 'Jagarico Cheese',
        categoryId: ref.Tea,
        supplierIds: [ref['Tokyo Trading']],
        availablePlatforms: [{ code: 'AMAZONJP', asin: 'B0JPASIN01' }],
        amazonStockQuantity: 10,
        inStockQuantity: 10,
      });
      const res = await api.put(`/api/v1/products/${p._id}`, update, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        name: 'Jagarico Cheese',
        category: { name: 'Tea' },
        suppliers: [{ name: 'Tokyo Trading' }],
        availablePlatforms: [{ code: 'AMAZONJP', asin: 'B0JPASIN01' }],
        amazonStockQuantity: 10,
        inStockQuantity: 10,
      });
      const audit = await get(`audit-logs?entity=product&entityId=${p._id}&action=update`);
      expect(audit.body.data[0]).toMatchObject({
        before: { name: 'Jagarico Salad' },
        after: { name: 'Jagarico Cheese' },
      });

      // Leaving inStockQuantity out keeps it.
      const { inStockQuantity: _omitted, ...withoutStock } = update;
      const again = await api.put(
        `/api/v1/products/${p._id}`,
        { ...withoutStock, amazonStockQuantity: 1 },
        { token: admin },
      );
      expect(again.status).toBe(200);
      expect(again.body.data.inStockQuantity).toBe(10);

      const auditsBefore = await auditCount();
      const stock = await api.put(
        `/api/v1/products/${p._id}`,
        { ...update, inStockQuantity: 11 },
        { token: admin },
      );
      expect(stock.status).toBe(400);
      expect(stock.body.message).toBe(MESSAGES.stockNotEditable);
      expect(stock.body.errors[0].field).toBe('inStockQuantity');
      const amazon = await api.put(
        `/api/v1/products/${p._id}`,
        { ...withoutStock, amazonStockQuantity: 11 },
        { token: admin },
      );
      expect(amazon.status).toBe(400);
      expect(amazon.body.message).toBe(MESSAGES.amazonStockAboveTotal);
      const jan = await api.put(
        `/api/v1/products/${p._id}`,
        { ...update, janCode: badJan(p.janCode) },
        { token: admin },
      );
      expect(jan.body.message).toBe(MESSAGES.invalidJan);
      const other = await create();
      const dup = await api.put(
        `/api/v1/products/${p._id}`,
        { ...update, skuCode: other.skuCode },
        { token: admin },
      );
      expect(dup.status).toBe(409);
      expect(dup.body.errors).toEqual([
        { field: 'skuCode', code: 'duplicateField', message: MESSAGES.duplicateField },
      ]);
      expect(await auditCount()).toBe(auditsBefore + 1);
      expect((await get(`products/${p._id}`)).body.data).toMatchObject({
        amazonStockQuantity: 1,
        skuCode: p.skuCode,
      });
      expect(await ledger(p._id)).toHaveLength(1);

      const missing = await api.put('/api/v1/products/nope', update, { token: admin });
      expect(missing.status).toBe(404);
    });

    it('keeps an inactive category, manufacturer or supplier a product already has, but refuses new ones', async () => {
      const cat = (
        await api.post('/api/v1/categories/', { name: 'Seasonal', activeStatus: true }, { token: admin })
      ).body.data._id;
      const sup = (
        await api.post('/api/v1/suppliers/', { name: 'Kyoto Crafts', activeStatus: true }, { token: admin })
      ).body.data._id;
      const p = await create({ categoryId: cat, supplierIds: [sup] });
      await api.put(`/api/v1/categories//${cat}`, { activeStatus: false }, { token: admin });
      await api.put(`/api/v1/suppliers//${sup}`, { activeStatus: false }, { token: admin });

      const same = body({
        skuCode: p.skuCode,
        janCode: p.janCode,
        categoryId: cat,
        supplierIds: [sup],
        name: 'Renamed',
      });
      const kept = await api.put(`/api/v1/products/${p._id}`, same, { token: admin });
      expect(kept.status).toBe(200);
      expect(kept.body.data).toMatchObject({
        name: 'Renamed',
        category: { _id: cat },
        suppliers: [{ _id: sup }],
      });

      const newInactive = await api.put(
        `/api/v1/products/${p._id}`,
        { ...same, categoryId: ref['Retired category'] },
        { token: admin },
      );
      expect(newInactive.status).toBe(400);
      expect(newInactive.body.message).toBe(inactiveReference('category'));
      const newSupplier = await api.put(
        `/api/v1/products/${p._id}`,
        { ...same, supplierIds: [sup, ref['Closed Supplier']] },
        { token: admin },
      );
      expect(newSupplier.status).toBe(400);
      expect(newSupplier.body.errors[0].field).toBe('supplierIds');
      const forNew = await refused(() =>
        api.post('/api/v1/products', body({ categoryId: cat }), { token: admin }),
      );
      expect(forNew.status).toBe(400);
    });
  });

  describe('stock ledger', () => {
    it('adjusts with a reason, refuses going below zero or below Amazon stock, and keeps history', async () => {
      const p = await create({ inStockQuantity: 5, amazonStockQuantity: 2 });
      const add = await api.post(
        `/api/v1/products/${p._id}/stock-adjustments`,
        { quantity: 4, note: 'Found during stocktake' },
        { token: admin },
      );
      expect(add.status).toBe(201);
      expect(add.body.data).toMatchObject({
        quantity: 4,
        reason: 'ADJUSTMENT',
        note: 'Found during stocktake',
      });
      expect(add.body.data.user).toMatchObject({ fullname: adminName });
      expect(add.body.product.inStockQuantity).toBe(9);

      const remove = await api.post(
        `/api/v1/products/${p._id}/stock-adjustments`,
        { quantity: -7, note: 'Damaged in storage' },
        { token: admin },
      );
      expect(remove.status).toBe(201);
      expect(remove.body.product.inStockQuantity).toBe(2);

      const cases: [Json, string][] = [
        [{ quantity: -3, note: 'too many' }, MESSAGES.invalidStockQuantity],
        [{ quantity: -1, note: 'below amazon' }, MESSAGES.amazonStockAboveTotal],
        [{ quantity: 0, note: 'nothing' }, MESSAGES.invalidStockQuantity],
        [{ quantity: 1.5, note: 'half' }, MESSAGES.invalidStockQuantity],
        [{ quantity: 2, note: ' ' }, MESSAGES.required],
        [{ quantity: 2 }, MESSAGES.required],
      ];
      for (const [input, message] of cases) {
        const res = await refused(() =>
          api.post(`/api/v1/products/${p._id}/stock-adjustments`, input, { token: admin }),
        );
        expect(res.status, JSON.stringify(input)).toBe(400);
        expect(res.body.message, JSON.stringify(input)).toBe(message);
      }
      expect((await get(`products/${p._id}`)).body.data.inStockQuantity).toBe(2);

      const history = await get(`products/${p._id}/stock-movements?page=1&limit=2`);
      expect(history.body.totalCount).toBe(3);
      expect(history.body.data.map((m: Json) => m.quantity)).toEqual([-7, 4]);
      expect(history.body.data[0]).toMatchObject({
        note: 'Damaged in storage',
        user: { fullname: adminName },
      });
      const initial = await get(`products/${p._id}/stock-movements?reason=INITIAL`);
      expect(initial.body.data.map((m: Json) => m.quantity)).toEqual([5]);

      const audit = await get(`audit-logs?entity=product&entityId=${p._id}&action=update`);
      expect(audit.body.totalCount).toBe(2);
      expect(audit.body.data[0]).toMatchObject({
        before: { inStockQuantity: 9 },
        after: { inStockQuantity: 2 },
      });

      expect(
        (
          await api.post(
            '/api/v1/products/nope/stock-adjustments',
            { quantity: 1, note: 'x' },
            { token: admin },
          )
        ).status,
      ).toBe(404);
      expect((await get('products/nope/stock-movements')).status).toBe(404);
      const denied = await api.post(
        `/api/v1/products/${p._id}/stock-adjustments`,
        { quantity: 1, note: 'x' },
        { token: orderCreator },
      );
      expect(denied.status).toBe(403);
    });

    it('serialises concurrent adjustments: stock never goes below zero', async () => {
      const p = await create({ inStockQuantity: 5, amazonStockQuantity: 0 });
      const results = await Promise.all(
        Array.from({ length: 12 }, () =>
          api.post(
            `/api/v1/products/${p._id}/stock-adjustments`,
            { quantity: -1, note: 'picked' },
            { token: admin },
          ),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(5);
      expect(results.filter((r) => r.status === 400)).toHaveLength(7);
      expect((await get(`products/${p._id}`)).body.data.inStockQuantity).toBe(0);
      expect((await ledger(p._id)).reduce((s: number, m: Json) => s + m.quantity, 0)).toBe(0);
    });

    it('keeps quantity equal to the ledger sum, never below zero or Amazon stock (property)', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 20 }),
          fc.integer({ min: 0, max: 20 }),
          fc.array(
            fc.integer({ min: -15, max: 15 }).filter((q) => q !== 0),
            { minLength: 1, maxLength: 6 },
          ),
          async (opening, amazonWanted, steps) => {
            const amazon = Math.min(opening, amazonWanted);
            const p = await create({ inStockQuantity: opening, amazonStockQuantity: amazon });
            let expected = opening;
            for (const quantity of steps) {
              const res = await api.post(
                `/api/v1/products/${p._id}/stock-adjustments`,
                { quantity, note: 'property step' },
                { token: admin },
              );
              const allowed = expected + quantity >= amazon;
              expect(res.status).toBe(allowed ? 201 : 400);
              if (allowed) expected += quantity;
            }
            const product = (await get(`products/${p._id}`)).body.data;
            const sum = (await ledger(p._id)).reduce((s: number, m: Json) => s + m.quantity, 0);
            expect(product.inStockQuantity).toBe(expected);
            expect(sum).toBe(expected);
            expect(product.inStockQuantity).toBeGreaterThanOrEqual(product.amazonStockQuantity);
          },
        ),
        { numRuns: 12 },
      );
    });
  });

  describe('remarks', () => {
    it('adds remarks with their author and lists them newest first', async () => {
      const p = await create();
      const first = await api.post(
        `/api/v1/products/${p._id}/remarks`,
        { remark: 'Box dented on arrival' },
        { token: admin },
      );
      expect(first.status).toBe(201);
      expect(first.body.data).toMatchObject({
        productId: p._id,
        remark: 'Box dented on arrival',
        author: { fullname: adminName },
      });
      await new Promise((r) => setTimeout(r, 5));
      await api.post(`/api/v1/products/${p._id}/remarks`, { remark: '賞味期限に注意' }, { token: admin });
      const list = await get(`products/${p._id}/remarks`);
      expect(list.body.totalCount).toBe(2);
      expect(list.body.data.map((r: Json) => r.remark)).toEqual(['賞味期限に注意', 'Box dented on arrival']);
      expect((await get(`products/${p._id}`)).body.data.remarksCount).toBe(2);
      const audit = await get(`audit-logs?entity=productRemark&entityId=${first.body.data._id}`);
      expect(audit.body.data[0]).toMatchObject({
        action: 'create',
        after: { remark: 'Box dented on arrival' },
      });

      const before = await auditCount('productRemark');
      const blank = await api.post(`/api/v1/products/${p._id}/remarks`, { remark: ' ' }, { token: admin });
      expect(blank.status).toBe(400);
      expect(await auditCount('productRemark')).toBe(before);
      expect(
        (await api.post('/api/v1/products/nope/remarks', { remark: 'x' }, { token: admin })).status,
      ).toBe(404);
    });
  });

  describe('list, search and export', () => {
    let lowId = '';
    let inactiveId = '';
    let scanJan = '';
    let awkward: Json;

    beforeAll(async () => {
      // A clean slate for exact counts: a second server would be slower than filtering by category.
      const cat = (
        await api.post('/api/v1/categories/', { name: 'Listing', activeStatus: true }, { token: admin })
      ).body.data._id;
      ref.Listing = cat;
      const mk = (overrides: Json) =>
        create({ categoryId: cat, supplierIds: [ref['Osaka Wholesale']], ...overrides });
      const a = await mk({
        name: 'Pocky Chocolate',
        nameJa: 'ポッキー チョコレート',
        skuCode: 'LST-001',
        inStockQuantity: 2,
        amazonStockQuantity: 0,
        lowStockLevel: 5,
        releaseDate: '2020-01-01',
        hsCode: '1905.90',
        countryOfOrigin: 'JP',
        descriptionEn: 'Chocolate coated biscuit sticks, "Pocky"',
        netWeightGrams: 72,
      });
      lowId = a._id;
      scanJan = a.janCode;
      await mk({
        name: 'Matcha Kit Kat',
        nameJa: '抹茶 キットカット',
        skuCode: 'LST-002',
        inStockQuantity: 30,
        amazonStockQuantity: 4,
        lowStockLevel: 5,
        releaseDate: '2021-06-15',
        supplierIds: [ref['Tokyo Trading']],
      });
      const c = await mk({
        name: 'Umaibo Corn Potage',
        nameJa: 'うまい棒 コーンポタージュ',
        skuCode: 'LST-003',
        inStockQuantity: 5,
        amazonStockQuantity: 0,
        lowStockLevel: 5,
        activeStatus: false,
        releaseDate: '2019-03-03',
      });
      inactiveId = c._id;
      // Its SKU contains the first product's JAN: a scanned JAN must still find only that product.
      awkward = await mk({
        name: 'Tea, "Premium" 抹茶\nGift',
        nameJa: null,
        skuCode: `LST-${scanJan}`,
        inStockQuantity: 8,
        amazonStockQuantity: 0,
        lowStockLevel: 1,
        manufacturerId: null,
        releaseDate: null,
        purchasePrice: null,
        availablePlatforms: [{ code: 'AMAZONJP', asin: 'B0AWKWARD1' }],
      });
      await mk({
        name: '=HYPERLINK("http://evil")',
        skuCode: 'LST-005',
        inStockQuantity: 1,
        amazonStockQuantity: 0,
        lowStockLevel: 0,
      });
    });

    const names = (res: Json) => res.body.data.map((p: Json) => p.skuCode);
    const inListing = (query: string) => get(`products?categoryId=${ref.Listing}&${query}`);

    it('pages with the default sort -updatedAt', async () => {
      const res = await get('products?page=1&limit=2&sort=-updatedAt');
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(2);
      expect(res.body.data[0].skuCode).toBe('LST-005');
      const byDefault = await get('products?page=1&limit=2');
      expect(names(byDefault)).toEqual(names(res));
      const listing = await inListing('page=1&limit=25&sort=-updatedAt');
      expect(listing.body.totalCount).toBe(5);
      const page2 = await inListing('page=2&limit=3');
      expect(page2.body.data).toHaveLength(2);
    });

    it('sorts on every listed field', async () => {
      expect(names(await inListing('sort=name'))).toEqual([
        'LST-005',
        'LST-002',
        'LST-001',
        'LST-' + scanJan,
        'LST-003',
      ]);
      expect(names(await inListing('sort=-inStockQuantity'))).toEqual([
        'LST-002',
        `LST-${scanJan}`,
        'LST-003',
        'LST-001',
        'LST-005',
      ]);
      expect(names(await inListing('sort=skuCode'))[0]).toBe('LST-001');
      for (const field of [
        'janCode',
        'amazonStockQuantity',
        'releaseDate',
        'updatedAt',
        'createdAt',
        'lastOrderDate',
        'monthlyQuantity',
        'lowStockLevel',
      ]) {
        for (const sort of [field, `-${field}`]) {
          const res = await inListing(`sort=${sort}`);
          expect(res.status, sort).toBe(200);
          expect(res.body.totalCount, sort).toBe(5);
        }
      }
      const bad = await get('products?sort=purchasePrice');
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('sort');
    });

    it('filters by status, low stock, category, manufacturer, supplier and field=value', async () => {
      expect((await inListing('activeStatus=false')).body.data.map((p: Json) => p._id)).toEqual([inactiveId]);
      expect((await inListing('activeStatus=true')).body.totalCount).toBe(4);
      // Low stock: quantity at or below the product's level (2 ≤ 5, 5 ≤ 5, 1 ≤ 0 is not).
      expect(names(await inListing('lowStock=true&sort=skuCode'))).toEqual(['LST-001', 'LST-003']);
      expect((await inListing('lowStock=true&activeStatus=true')).body.data.map((p: Json) => p._id)).toEqual([
        lowId,
      ]);
      expect((await inListing('lowStock=false')).body.totalCount).toBe(3);
      expect(
        (await inListing(`supplierId=${ref['Tokyo Trading']}`)).body.data.map((p: Json) => p.skuCode),
      ).toEqual(['LST-002']);
      expect((await inListing(`manufacturerId=${ref.Calbee}`)).body.totalCount).toBe(4);
      const bySku = await get('products/?skuCode=lst-002&page=1&limit=1&activeStatus=true');
      expect(bySku.body.totalCount).toBe(1);
      expect(bySku.body.data[0].name).toBe('Matcha Kit Kat');
      const byField = await get(`products/?page=1&limit=25&sort=-updatedAt&janCode=${scanJan}`);
      expect(byField.body.data.map((p: Json) => p._id)).toEqual([lowId]);
      const byName = await inListing('name=kit');
      expect(byName.body.data.map((p: Json) => p.skuCode)).toEqual(['LST-002']);
      const unknown = await get('products?color=red');
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors[0].field).toBe('color');
    });

    it('searches name, Japanese name, SKU and JAN only from 2 characters, answering totalcount', async () => {
      const search = (text: string, extra = '') =>
        get(
          `products/search?searchString=${encodeURIComponent(text)}&page=1&limit=25&sort=-updatedAt${extra}`,
          orderCreator,
        );
      const one = await search('p');
      expect(one.status).toBe(200);
      expect(one.body).toEqual({ data: [], totalcount: 0 });
      expect((await search('')).body).toEqual({ data: [], totalcount: 0 });
      expect((await search(' k ')).body.totalcount).toBe(0);

      const two = await search('KAT');
      expect(Object.keys(two.body).sort()).toEqual(['data', 'totalcount']);
      expect(two.body.data.map((p: Json) => p.name)).toEqual(['Matcha Kit Kat']);
      expect((await search('ポッキー')).body.data.map((p: Json) => p._id)).toEqual([lowId]);
      expect((await search('lst-00')).body.totalcount).toBe(4);
      expect((await search('lst-00', '&activeStatus=true')).body.totalcount).toBe(3);
      expect((await search(scanJan.slice(2, 9))).body.totalcount).toBeGreaterThanOrEqual(2);
      // A scanned JAN is the product with that JAN, not everything containing the digits.
      const scanned = await search(scanJan);
      expect(scanned.body.data.map((p: Json) => p._id)).toEqual([lowId]);
      expect(scanned.body.totalcount).toBe(1);
    });

    it('exports CSV with a BOM, a header row and proper quoting', async () => {
      const res = await api.get(`/api/v1/products/csv-products?categoryId=${ref.Listing}&sort=skuCode`, {
        token: admin,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
      expect(res.headers.get('content-disposition')).toContain('products.csv');
      const raw = await (
        await fetch(`${server.url}/api/v1/products/csv-products?categoryId=${ref.Listing}&sort=skuCode`, {
          headers: { authorization: `Token ${admin}` },
        })
      ).arrayBuffer();
      expect([...new Uint8Array(raw).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(raw);
      expect(text.startsWith('\uFEFF')).toBe(true);
      const lines = text.slice(1).split('\r\n');
      expect(lines[0]).toBe(
        'Name,Name (ja),SKU,JAN,Category,Manufacturer,Suppliers,Purchase price (JPY),Stock,Amazon stock,Shelf,Release date,Low stock level,Status,ASIN SHOPIFY,ASIN AMAZONJP,ASIN AMAZONIND,HS code,Country of origin,Description (en),Net weight (g)',
      );
      expect(lines[1]).toBe(
        `Pocky Chocolate,ポッキー チョコレート,LST-001,${scanJan},Listing,Calbee,Osaka Wholesale,120,2,0,A-01-1,2020-01-01,5,Active,jagarico-salad,,B0TESTASIN,190590,JP,"Chocolate coated biscuit sticks, ""Pocky""",72`,
      );
      expect(text).toContain(
        `"Tea, ""Premium"" 抹茶\nGift",,LST-${scanJan},${awkward.janCode},Listing,,Osaka Wholesale,,8,0,A-01-1,,1,Active,,B0AWKWARD1,,,,,\r\n`,
      );
      expect(text).toContain(`Umaibo Corn Potage,うまい棒 コーンポタージュ,LST-003`);
      expect(text).toContain(',Inactive,');
      // A name a spreadsheet would run as a formula is written as text.
      expect(text).toContain(`"'=HYPERLINK(""http://evil"")",`);
      expect(text.endsWith('\r\n')).toBe(true);

      const all = await api.get('/api/v1/products/csv-products', { token: admin });
      expect((all.body as string).trim().split('\r\n').length - 1).toBeGreaterThan(5);
    });

    it('lets order creators search and read one product but nothing else', async () => {
      expect((await get('products', orderCreator)).status).toBe(403);
      expect((await get('products/csv-products', orderCreator)).status).toBe(403);
      expect((await get(`products/${lowId}/remarks`, orderCreator)).status).toBe(403);
      expect((await api.post('/api/v1/products', body(), { token: orderCreator })).status).toBe(403);
      expect((await api.put(`/api/v1/products/${lowId}`, body(), { token: orderCreator })).status).toBe(403);
    });
  });

  describe('on the demo data set', () => {
    let demo: TestServer;
    let demoApi: Client;
    let token = '';

    beforeAll(async () => {
      demo = await startTestServer({ dialect, config: { demo: true } });
      demoApi = client(demo.url);
      const login = await demoApi.post('/api/v1/auth/login', {
        email: DEMO_ACCOUNTS.admin.email,
        password: DEMO_PASSWORDS.admin,
      });
      token = login.body.token;
    });
    afterAll(() => demo?.close());

    it('lists, filters and exports the seeded catalog, whose stock equals its ledger', async () => {
      const all = await demoApi.get('/api/v1/products?limit=10000', { token });
      expect(all.status).toBe(200);
      expect(all.body.totalCount).toBeGreaterThan(150);
      const sums = await demo.app.db
        .selectFrom('stock_movements')
        .select(['product_id', demo.app.db.fn.sum<number>('quantity').as('total')])
        .groupBy('product_id')
        .execute();
      const ledgerOf = new Map(sums.map((r) => [r.product_id, Number(r.total)]));
      for (const p of all.body.data as Json[]) {
        expect(p.inStockQuantity, p.skuCode).toBe(ledgerOf.get(p._id));
        expect(p.amazonStockQuantity, p.skuCode).toBeLessThanOrEqual(p.inStockQuantity);
      }
      const low = await demoApi.get('/api/v1/products?lowStock=true&activeStatus=true&limit=10000', {
        token,
      });
      expect(low.body.totalCount).toBeGreaterThan(0);
      for (const p of low.body.data as Json[]) expect(p.inStockQuantity).toBeLessThanOrEqual(p.lowStockLevel);

      const scanned = all.body.data[0] as Json;
      const search = await demoApi.get(`/api/v1/products/search?searchString=${scanned.janCode}`, { token });
      expect(search.body.data.map((p: Json) => p._id)).toEqual([scanned._id]);

      const csv = await demoApi.get('/api/v1/products/csv-products', { token });
      expect(csv.status).toBe(200);
      expect((csv.body as string).trim().split('\r\n')).toHaveLength(all.body.totalCount + 1);
    });
  });
});
