/**
 * POST /products/import over HTTP on each database: the export comes back unchanged, an edited
 * export updates the customs fields (with the form's audit entries), new rows create products,
 * files as Excel and staff leave them are read (Shift_JIS, a BOM, CRLF, quoted commas and line
 * breaks, extra and reordered columns, the export's formula guard, "1,200"), bad rows are
 * rejected with their row numbers in the form's codes and the whole file then writes nothing, a
 * dry run never writes, and two imports of one new SKU at once create it once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJanCheckDigit } from '#shared/domain/jan';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

const SHIFT_JIS = readFileSync(join(import.meta.dirname, 'fixtures/products-shift-jis.csv'));

const jan = (n: number) => withJanCheckDigit(`4987654${String(n).padStart(5, '0')}`);

/** A CSV as Excel saves "CSV UTF-8": BOM, CRLF, quoted where needed. */
const csv = (rows: (string | number)[][]) => `\uFEFF${stringify(rows, { record_delimiter: '\r\n' })}`;

describe.each(testDialects())('products CSV import (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: string;
  let orderCreator: string;
  const ids: Record<string, string> = {};
  let teaCategory: string;

  const importFile = async (
    body: Buffer | string | FormData,
    {
      dryRun = false,
      token = admin,
      type = 'text/csv',
    }: { dryRun?: boolean; token?: string; type?: string } = {},
  ) => {
    const response = await fetch(`${server.url}/api/v1/products/import?dryRun=${dryRun}`, {
      method: 'POST',
      headers: {
        authorization: `Token ${token}`,
        ...(body instanceof FormData ? {} : { 'content-type': type }),
      },
      body,
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const product = async (id: string) =>
    (await api.get(`/api/v1/products/${id}`, { token: admin })).body.data as Json;
  const productBySku = async (sku: string) => {
    const res = await api.get(`/api/v1/products?skuCode=${encodeURIComponent(sku)}`, { token: admin });
    return res.body.data as Json[];
  };
  const exported = async () => {
    const res = await fetch(`${server.url}/api/v1/products/csv-products?sort=skuCode`, {
      headers: { authorization: `Token ${admin}` },
    });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
  const auditCount = async () =>
    (await api.get('/api/v1/audit-logs?entity=product&limit=1', { token: admin })).body.totalCount as number;
  /** The export as rows of cells, to edit as staff would in a spreadsheet. */
  const exportedRows = async () =>
    parse((await exported()).toString('utf8').replace(/^\uFEFF/, '')) as string[][];

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin.token;
    orderCreator = (await accounts.withRole('orderCreator')).token;
    const post = async (path: string, body: unknown) => {
      const res = await api.post(path, body, { token: admin });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data._id as string;
    };
    teaCategory = await post('/api/v1/categories/', { name: 'Tea', activeStatus: true });
    await post('/api/v1/categories/', { name: 'Retired', activeStatus: false });
    await post('/api/v1/manufacturers/', { name: 'Ito En', activeStatus: true });
    const maruyama = await post('/api/v1/suppliers/', { name: 'Maruyama', activeStatus: true });
    await post('/api/v1/suppliers/', { name: 'Kyoto Trading', activeStatus: true });
    ids.sencha = await post('/api/v1/products', {
      name: 'Sencha, first flush',
      nameJa: '新茶',
      skuCode: 'TEA-SEN-1',
      janCode: jan(1),
      categoryId: teaCategory,
      supplierIds: [maruyama],
      purchasePrice: 1200,
      inStockQuantity: 7,
      amazonStockQuantity: 2,
      availablePlatforms: [
        { code: 'AMAZONJP', asin: 'B0SENCHA01' },
        { code: 'SHOPIFY', asin: '' },
      ],
      hsCode: '090210',
      countryOfOrigin: 'JP',
      descriptionEn: 'Green tea',
      netWeightGrams: 100,
    });
    ids.hojicha = await post('/api/v1/products', {
      name: '-Hojicha "roasted"\nline two',
      skuCode: 'TEA-HOJ-1',
      janCode: jan(2),
      releaseDate: '2026-03-05',
      lowStockLevel: 4,
      activeStatus: false,
    });
    ids.genmai = await post('/api/v1/products', { name: 'Genmaicha', skuCode: 'TEA-GEN-1', janCode: jan(3) });
  });
  afterAll(() => server?.close());

  it('takes its own export back unchanged, writing nothing', async () => {
    const before = await Promise.all(Object.values(ids).map(product));
    const audits = await auditCount();
    const res = await importFile(await exported());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      dryRun: false,
      created: 0,
      updated: 0,
      unchanged: 3,
      rejected: [],
      ignoredColumns: ['Stock', 'Amazon stock'],
    });
    expect(await Promise.all(Object.values(ids).map(product))).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('previews an edited export without writing, then updates the customs fields as the form does', async () => {
    const rows = await exportedRows();
    const header = rows[0] as string[];
    const col = (title: string) => header.indexOf(title);
    const sencha = rows.find((r) => r[col('SKU')] === 'TEA-SEN-1') as string[];
    sencha[col('HS code')] = '2106.90';
    sencha[col('Country of origin')] = 'in';
    sencha[col('Description (en)')] = 'Green tea, loose leaf';
    sencha[col('Net weight (g)')] = '1,250';
    // Stock is never imported: the edit is ignored, not refused.
    sencha[col('Stock')] = '999';
    const file = csv(rows);

    const audits = await auditCount();
    const preview = await importFile(file, { dryRun: true });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ dryRun: true, created: 0, updated: 1, unchanged: 2, rejected: [] });
    expect(await product(ids.sencha as string)).toMatchObject({ hsCode: '090210', netWeightGrams: 100 });
    expect(await auditCount()).toBe(audits);

    const res = await importFile(file);
    expect(res.body).toMatchObject({ dryRun: false, created: 0, updated: 1, unchanged: 2, rejected: [] });
    expect(await product(ids.sencha as string)).toMatchObject({
      hsCode: '210690',
      countryOfOrigin: 'IN',
      descriptionEn: 'Green tea, loose leaf',
      netWeightGrams: 1250,
      inStockQuantity: 7,
      amazonStockQuantity: 2,
      // Untouched by the edit: the listing without an ASIN stays, as the export cannot show it.
      availablePlatforms: [
        { code: 'SHOPIFY', asin: '' },
        { code: 'AMAZONJP', asin: 'B0SENCHA01' },
      ],
      suppliers: [{ name: 'Maruyama' }],
      category: { name: 'Tea' },
    });
    const history = await api.get(`/api/v1/audit-logs?entity=product&entityId=${ids.sencha}&sort=at`, {
      token: admin,
    });
    const last = history.body.data.at(-1);
    expect(last).toMatchObject({
      action: 'update',
      entityName: 'Sencha, first flush',
      before: { hsCode: '090210', netWeightGrams: 100 },
      after: { hsCode: '210690', countryOfOrigin: 'IN', netWeightGrams: 1250 },
    });
    expect(await auditCount()).toBe(audits + 1);
  });

  it('updates only the columns the file has, and an empty cell clears its field', async () => {
    const res = await importFile(
      csv([
        ['SKU', 'HS code', 'Description (en)'],
        ['tea-sen-1', '', ''],
      ]),
    );
    expect(res.body).toMatchObject({ updated: 1, rejected: [], ignoredColumns: [] });
    expect(await product(ids.sencha as string)).toMatchObject({
      skuCode: 'TEA-SEN-1',
      hsCode: null,
      descriptionEn: null,
      countryOfOrigin: 'IN',
      netWeightGrams: 1250,
      name: 'Sencha, first flush',
    });
  });

  it('creates new rows as the create form would, with no stock', async () => {
    const res = await importFile(
      csv([
        [
          'Name',
          'SKU',
          'JAN',
          'Category',
          'Manufacturer',
          'Suppliers',
          'Status',
          'HS code',
          'Country of origin',
          'Stock',
        ],
        [
          'Kabusecha',
          'TEA-KAB-1',
          jan(10),
          'tea',
          'Ito En',
          'Maruyama; Kyoto Trading',
          'Inactive',
          '0902.10',
          'JP',
          '50',
        ],
        ['Kukicha', 'TEA-KUK-1', jan(11), '', '', '', '無効', '', '', ''],
      ]),
    );
    expect(res.body).toMatchObject({ created: 2, updated: 0, rejected: [], ignoredColumns: ['Stock'] });
    const [kabusecha] = await productBySku('TEA-KAB-1');
    expect(kabusecha).toMatchObject({
      name: 'Kabusecha',
      janCode: jan(10),
      category: { _id: teaCategory },
      manufacturer: { name: 'Ito En' },
      suppliers: [{ name: 'Kyoto Trading' }, { name: 'Maruyama' }],
      activeStatus: false,
      hsCode: '090210',
      countryOfOrigin: 'JP',
      inStockQuantity: 0,
    });
    const [kukicha] = await productBySku('TEA-KUK-1');
    expect(kukicha).toMatchObject({ category: null, activeStatus: false, hsCode: null });
    const created = await api.get(`/api/v1/audit-logs?entity=product&entityId=${kabusecha._id}`, {
      token: admin,
    });
    expect(created.body.data).toMatchObject([{ action: 'create', entityName: 'Kabusecha' }]);
  });

  it('reads a file as Excel leaves it: BOM, CRLF, quoted commas and line breaks, extra and reordered columns', async () => {
    const file =
      '\uFEFFNotes,Net weight (g),SKU, name ,JAN,Purchase price (JPY),Status,Country of origin\r\n' +
      `"for the fair, maybe","2,000",TEA-NEW-1,"'=Matcha, ""ceremonial""\r\ngrade",${jan(20)},"1,200", Active ,jp\r\n` +
      `,,,,,,,\r\n` +
      `x,10,TEA-NEW-2,'+Plus tea,${jan(21)},300,active,\r\n`;
    const res = await importFile(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ created: 2, rejected: [], ignoredColumns: ['Notes'] });
    expect((await productBySku('TEA-NEW-1'))[0]).toMatchObject({
      name: '=Matcha, "ceremonial"\r\ngrade',
      netWeightGrams: 2000,
      purchasePrice: 1200,
      countryOfOrigin: 'JP',
    });
    expect((await productBySku('TEA-NEW-2'))[0]).toMatchObject({ name: '+Plus tea', countryOfOrigin: null });
  });

  it('reads a Shift_JIS file with its Japanese names intact', async () => {
    const res = await importFile(SHIFT_JIS);
    expect(res.body).toMatchObject({ created: 2, rejected: [] });
    expect((await productBySku('SJ-MATCHA-01'))[0]).toMatchObject({
      nameJa: '宇治抹茶 30g（缶入り）',
      activeStatus: true,
      hsCode: '090210',
      purchasePrice: 1200,
    });
    expect((await productBySku('SJ-SENBEI-02'))[0]).toMatchObject({
      name: 'Senbei, soy sauce',
      nameJa: '醤油せんべい・詰め合わせ',
      countryOfOrigin: 'JP',
      netWeightGrams: 1250,
    });
  });

  it('takes the file as the one file of a multipart form', async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([
        csv([
          ['SKU', 'Name', 'JAN'],
          ['TEA-FORM-1', 'Form tea', jan(30)],
        ]),
      ]),
      'p.csv',
    );
    const res = await importFile(form, { dryRun: true });
    expect(res.body).toMatchObject({ dryRun: true, created: 1, rejected: [] });
    expect(await productBySku('TEA-FORM-1')).toEqual([]);
  });

  it('rejects bad rows with their row numbers in the form’s codes, and then writes nothing at all', async () => {
    const before = await product(ids.genmai as string);
    const audits = await auditCount();
    const res = await importFile(
      csv([
        ['SKU', 'Name', 'JAN', 'HS code', 'Country of origin', 'Net weight (g)', 'Category'],
        ['TEA-GEN-1', 'Genmaicha', jan(3), '0902.10', 'JP', '100', ''],
        ['TEA-BAD-1', 'Bad one', jan(40), '0902', 'Japan', '1.5', ''],
        ['TEA-BAD-2', 'Excel ate it', '4.98765E+12', '9.0210E+5', 'JP', '0', 'Retired'],
        ['TEA-DUP-1', 'First', jan(41), '', '', '', 'Coffee'],
        ['tea-dup-1', 'Second', jan(42), '', '', '', ''],
        ['TEA-JAN-1', '', jan(1), '', '', '', ''],
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const messages = (row: number) =>
      (res.body.rejected as Json[]).find((r) => r.row === row)?.messages.map((m: Json) => [m.field, m.code]);
    expect(res.body.rejected.map((r: Json) => [r.row, r.sku])).toEqual([
      [3, 'TEA-BAD-1'],
      [4, 'TEA-BAD-2'],
      [5, 'TEA-DUP-1'],
      [6, 'tea-dup-1'],
      [7, 'TEA-JAN-1'],
    ]);
    expect(messages(3)).toEqual([
      ['hsCode', 'invalidHsCode'],
      ['countryOfOrigin', 'invalidCountry'],
      ['netWeightGrams', 'invalidNetWeight'],
    ]);
    expect(messages(4)).toEqual([
      ['janCode', 'importNumberMangled'],
      ['hsCode', 'importNumberMangled'],
      ['netWeightGrams', 'invalidNetWeight'],
      ['categoryId', 'inactiveReference'],
    ]);
    expect(res.body.rejected[1].messages[0]).toMatchObject({
      params: { column: 'JAN', value: '4.98765E+12' },
      message:
        'JAN: 4.98765E+12 was turned into a number by the spreadsheet: format the column as text and enter the code again',
    });
    expect(messages(5)).toEqual([
      ['skuCode', 'importDuplicateSku'],
      ['categoryId', 'importUnknownName'],
    ]);
    expect(res.body.rejected[2].messages[0].params).toEqual({ sku: 'TEA-DUP-1', rows: '6' });
    expect(res.body.rejected[3].messages[0].params).toEqual({ sku: 'tea-dup-1', rows: '5' });
    expect(messages(7)).toEqual([['name', 'enterName']]);
    // What its other rows would do, though nothing was written.
    expect(res.body).toMatchObject({ dryRun: false, created: 0, updated: 1, unchanged: 0 });
    // The JAN of another product, on an otherwise valid row.
    const taken = await importFile(
      csv([
        ['SKU', 'Name', 'JAN'],
        ['TEA-JAN-1', 'Stolen JAN', jan(1)],
      ]),
    );
    expect(taken.body.rejected).toEqual([
      {
        row: 2,
        sku: 'TEA-JAN-1',
        messages: [
          {
            field: 'janCode',
            code: 'importJanTaken',
            params: { jan: jan(1), sku: 'TEA-SEN-1' },
            message: `JAN ${jan(1)} is already the JAN of product TEA-SEN-1`,
          },
        ],
      },
    ]);
    // A file with one bad row writes none of its good ones.
    const mixed = await importFile(
      csv([
        ['SKU', 'Name', 'JAN', 'HS code'],
        ['TEA-GEN-1', 'Genmaicha renamed', jan(3), '090210'],
        ['TEA-OK-1', 'Fine', jan(43), '090210'],
        ['TEA-BAD-3', 'Bad', jan(44), '12345'],
      ]),
    );
    expect(mixed.body).toMatchObject({ created: 1, updated: 1, rejected: [{ row: 4 }] });
    expect(await product(ids.genmai as string)).toEqual(before);
    expect(await productBySku('TEA-OK-1')).toEqual([]);
    expect(await auditCount()).toBe(audits);
  });

  it('answers a file without products in its own words', async () => {
    expect((await importFile('\uFEFF')).body.code).toBe('productImportFileEmpty');
    const noSku = await importFile('Name,JAN\r\nTea,4901234567894\r\n');
    expect(noSku).toMatchObject({
      status: 400,
      body: { code: 'productImportMissingColumns', params: { columns: 'SKU' } },
    });
    expect((await importFile('SKU,Name\r\n')).body).toEqual({
      dryRun: false,
      created: 0,
      updated: 0,
      unchanged: 0,
      rejected: [],
      ignoredColumns: [],
    });
  });

  it('is for admins only', async () => {
    const res = await importFile(
      csv([
        ['SKU', 'Name', 'JAN'],
        ['TEA-OC-1', 'No', jan(50)],
      ]),
      { token: orderCreator },
    );
    expect(res.status).toBe(403);
    expect(await productBySku('TEA-OC-1')).toEqual([]);
  });

  it('creates a new SKU once when two imports of it run at once', async () => {
    const file = csv([
      ['SKU', 'Name', 'JAN', 'HS code'],
      ['TEA-RACE-1', 'Race tea', jan(60), '090210'],
      ['TEA-RACE-2', 'Race tea 2', jan(61), '090210'],
    ]);
    const audits = await auditCount();
    const answers = await Promise.all([importFile(file), importFile(file), importFile(file)]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answers.map((a) => [a.body.created, a.body.unchanged]).sort()).toEqual([
      [0, 2],
      [0, 2],
      [2, 0],
    ]);
    expect(await productBySku('TEA-RACE-1')).toHaveLength(1);
    expect(await productBySku('TEA-RACE-2')).toHaveLength(1);
    expect(await auditCount()).toBe(audits + 2);
  });

  it('writes a catalogue in batches: 1,200 new rows, then all of them edited, each with its audit entry', async () => {
    const count = 1200;
    const skus = Array.from({ length: count }, (_, i) => `BULK-${String(i).padStart(4, '0')}`);
    const rows = (weight: number) =>
      csv([
        ['SKU', 'Name', 'JAN', 'Category', 'HS code', 'Net weight (g)'],
        ...skus.map((sku, i) => [sku, `Bulk tea ${i}`, jan(1000 + i), 'Tea', '090210', weight + i]),
      ]);
    const audits = await auditCount();
    const created = await importFile(rows(100));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ created: count, updated: 0, rejected: [] });
    const edited = await importFile(rows(500));
    expect(edited.body).toMatchObject({ created: 0, updated: count, unchanged: 0, rejected: [] });
    expect(await auditCount()).toBe(audits + 2 * count);
    // The first and the last of the batches, as the form would have left them.
    for (const i of [0, 777, count - 1]) {
      const [found] = await productBySku(skus[i]!);
      expect(found).toMatchObject({
        name: `Bulk tea ${i}`,
        janCode: jan(1000 + i),
        category: { _id: teaCategory, name: 'Tea' },
        hsCode: '090210',
        netWeightGrams: 500 + i,
        inStockQuantity: 0,
      });
      const ledger = await api.get(`/api/v1/products/${found!._id}/stock-movements`, { token: admin });
      expect(ledger.body.data).toEqual([expect.objectContaining({ quantity: 0, reason: 'INITIAL' })]);
    }
  }, 60_000);
});
