/**
 * A shipment's customs papers and label on both databases, read back as a viewer reads them:
 * the exporter from the business details, the consignee, each line with its HS code, origin,
 * quantity and exact values, totals equal to the shipment API's figures, weights, Japanese set
 * in the embedded subset font, page breaks repeating the table header, the refusals (missing
 * product fields named product by product, no business details, unknown shipment) and the
 * business details' own validation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJanCheckDigit } from '#shared/domain/jan';
import { formatMinor, sumMinor, toMinor } from '#shared/domain/money';
import { MESSAGES } from '#shared/messages';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { embeddedFontNames, readPdf } from './helpers/pdf';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

type Account = Awaited<ReturnType<typeof setupAccounts>>['admin'];

let janCounter = 700_000;
const nextJan = () => withJanCheckDigit(`491${String((janCounter += 1)).padStart(9, '0')}`);
let counter = 0;
const nextId = (prefix: string) => `${prefix}-${String((counter += 1)).padStart(5, '0')}`;

const BUSINESS = {
  name: 'Kura Trading K.K.',
  address: '1-2-3 Kanda\nChiyoda-ku, Tokyo 101-0047\nJapan',
  phone: '+81 3-1234-5678',
  email: 'export@kura.example',
  taxId: 'IEC 0123456789',
};

const CUSTOMER = {
  name: 'Priya Sharma',
  email: 'priya@example.in',
  phone: '+91 98765 43210',
  address: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  postcode: '560001',
};

/** The pages' text as one string, runs joined by spaces. */
const allText = (read: { text: string[] }) => read.text.join('\n');

describe.each(testDialects())('shipment documents (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Account;
  let creator: Account;

  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { timeZone: 'Asia/Tokyo' } });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin;
    creator = await accounts.withRole('orderCreator');
  });
  afterAll(() => server?.close());

  const as = (account: Account) => ({ token: account.token });
  const get = (path: string, account: Account = admin) => api.get(`/api/v1/${path}`, as(account));

  async function product(fields: Json = {}): Promise<string> {
    const res = await api.post(
      '/api/v1/products',
      {
        name: nextId('Tea'),
        skuCode: nextId('SKU'),
        janCode: nextJan(),
        purchasePrice: 300,
        inStockQuantity: 100_000,
        amazonStockQuantity: 0,
        availablePlatforms: [{ code: 'AMAZONIND', asin: nextId('B0').replace('-', '') }],
        hsCode: '090210',
        countryOfOrigin: 'JP',
        netWeightGrams: 250,
        ...fields,
      },
      as(admin),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data._id;
  }

  /** A packed Amazon India order of the product. */
  async function order(productId: string, overrides: Json = {}): Promise<string> {
    const res = await api.post(
      '/api/v1/orders',
      {
        product: productId,
        platformCode: 'AMAZONIND',
        currency: 'INR',
        orderId: nextId('403-DOC'),
        orderDate: '2026-11-20',
        orderQuantity: 1,
        baseOrderPrice: 1000,
        discount: 0,
        customer: CUSTOMER,
        ...overrides,
      },
      as(admin),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    for (const step of ['ACCEPTED', 'PACKED']) {
      const moved = await api.put(`/api/v1/orders/${res.body.data._id}`, { shipmentStatus: step }, as(admin));
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    return res.body.data._id;
  }

  async function ship(orderIds: string[]): Promise<Json> {
    const res = await api.post(
      '/api/v1/shipments',
      {
        shipmentId: nextId('SHP-DOC'),
        shippingDate: '2026-11-25',
        totalShippingFee: 1000,
        shipmentTrackingLink: 'https://track.example/parcel/EX123456789JP',
        orderIds,
      },
      as(admin),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  /** A paper's bytes, with its status and headers. */
  async function paper(shipmentRowId: string, name: string, account: Account = admin) {
    const response = await fetch(`${server.url}/api/v1/shipments/${shipmentRowId}/documents/${name}`, {
      headers: { authorization: `Token ${account.token}` },
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, bytes };
  }

  const json = (bytes: Uint8Array) => JSON.parse(Buffer.from(bytes).toString('utf8')) as Json;

  describe('before the business details are set', () => {
    it('refuses the invoice and the packing list with 409 businessDetailsMissing, and still makes the label', async () => {
      const shipment = await ship([await order(await product())]);
      for (const name of ['commercial-invoice.pdf', 'packing-list.pdf']) {
        const res = await paper(shipment._id, name);
        expect(res.status).toBe(409);
        expect(json(res.bytes)).toMatchObject({
          code: 'businessDetailsMissing',
          message: 'Set the business details in Settings first',
        });
      }
      expect((await paper(shipment._id, 'label.pdf')).status).toBe(200);
    });
  });

  describe('business details', () => {
    it('are empty until set, refuse bad input with field errors, and are read by staff', async () => {
      const empty = await get('business-details', creator);
      expect(empty.status).toBe(200);
      expect(empty.body.data).toEqual({
        name: '',
        address: '',
        phone: '',
        email: '',
        taxId: '',
        updatedAt: null,
      });

      const bad = await api.put(
        '/api/v1/business-details',
        { name: ' ', address: 'x', phone: '1', email: 'not-an-email' },
        as(admin),
      );
      expect(bad.status).toBe(400);
      const fields = Object.fromEntries(bad.body.errors.map((e: Json) => [e.field, e.message]));
      expect(fields).toMatchObject({ name: MESSAGES.required, email: MESSAGES.wrongEmail });

      expect((await api.put('/api/v1/business-details', BUSINESS, as(creator))).status).toBe(403);
    });

    it('takes ten parallel saves one after another: each audited, the last one kept', async () => {
      const saves = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          api.put('/api/v1/business-details', { ...BUSINESS, name: `Kura ${i}` }, as(admin)),
        ),
      );
      expect(saves.map((r) => r.status)).toEqual(Array(10).fill(200));
      const audits = (await get('audit-logs?entity=businessDetails&limit=100')).body;
      expect(audits.totalCount).toBe(10);
      const kept = (await get('business-details')).body.data;
      // Each save saw the one before it: the entries make one chain from "not set" to what is kept.
      const byBefore = new Map((audits.data as Json[]).map((e) => [e.before?.name ?? null, e]));
      expect(byBefore.size).toBe(10);
      let name: string | null = null;
      for (let i = 0; i < 10; i += 1) name = byBefore.get(name).after.name;
      expect(name).toBe(kept.name);
    });
  });

  describe('with the business details set', () => {
    beforeAll(async () => {
      await api.put('/api/v1/business-details', { ...BUSINESS, name: 'Before' }, as(admin));
      const res = await api.put('/api/v1/business-details', BUSINESS, as(admin));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject(BUSINESS);
      expect((await get('business-details', creator)).body.data).toMatchObject(BUSINESS);
    });

    it('answers 404 for an unknown shipment, for every paper', async () => {
      for (const name of ['commercial-invoice.pdf', 'packing-list.pdf', 'label.pdf']) {
        const res = await paper('no-such-shipment', name);
        expect(res.status).toBe(404);
        expect(json(res.bytes).code).toBe('notFound');
      }
    });

    it('names every product that lacks a field the papers need, with what it lacks', async () => {
      const complete = await product();
      const noHs = await product({ name: 'Hojicha tin', skuCode: nextId('HOJI'), hsCode: null });
      const noOriginWeight = await product({
        name: 'Genmaicha bag',
        skuCode: nextId('GEN'),
        countryOfOrigin: null,
        netWeightGrams: null,
      });
      const shipment = await ship([await order(complete), await order(noHs), await order(noOriginWeight)]);
      for (const name of ['commercial-invoice.pdf', 'packing-list.pdf']) {
        const res = await paper(shipment._id, name, creator);
        expect(res.status).toBe(409);
        const body = json(res.bytes);
        expect(body.code).toBe('customsFieldsMissing');
        expect(body.message).toContain('Hojicha tin');
        expect(body.message).toContain('Genmaicha bag');
        const hoji = (await get(`products/${noHs}`)).body.data;
        const gen = (await get(`products/${noOriginWeight}`)).body.data;
        expect(body.details.missing).toEqual([
          { productId: noHs, name: 'Hojicha tin', sku: hoji.skuCode, fields: ['hsCode'] },
          {
            productId: noOriginWeight,
            name: 'Genmaicha bag',
            sku: gen.skuCode,
            fields: ['countryOfOrigin', 'netWeightGrams'],
          },
        ]);
      }
      // The label needs none of them.
      expect((await paper(shipment._id, 'label.pdf')).status).toBe(200);
    });

    it('makes the invoice: parties, each line, totals equal to the shipment API, weights', async () => {
      const matcha = await product({
        name: '抹茶 缶',
        descriptionEn: 'Matcha green tea powder, 30 g tin',
        hsCode: '0902.10',
        countryOfOrigin: 'JP',
        netWeightGrams: 30,
      });
      const sencha = await product({
        name: 'Sencha leaf',
        hsCode: '09023000',
        countryOfOrigin: 'CN',
        netWeightGrams: 1250,
      });
      const orders = [
        await order(matcha, { orderQuantity: 2, baseOrderPrice: 1999.98 }),
        await order(sencha, { orderQuantity: 3, baseOrderPrice: 1500, discount: 150.5 }),
        // The same product at the same unit value: merged into the first line.
        await order(matcha, { orderQuantity: 1, baseOrderPrice: 999.99 }),
      ];
      const shipment = await ship(orders);

      const res = await paper(shipment._id, 'commercial-invoice.pdf', creator);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toContain(
        `filename="commercial-invoice-${shipment.shipmentId}.pdf"`,
      );
      const read = await readPdf(res.bytes);
      expect(read.pages).toBe(1);
      const text = allText(read);
      for (const line of ['Kura Trading K.K.', '1-2-3 Kanda', 'Chiyoda-ku, Tokyo 101-0047', BUSINESS.phone]) {
        expect(text).toContain(line);
      }
      expect(text).toContain(BUSINESS.email);
      expect(text).toContain(BUSINESS.taxId);
      for (const part of [CUSTOMER.name, CUSTOMER.address, 'Bengaluru, Karnataka, 560001', CUSTOMER.phone]) {
        expect(text).toContain(part);
      }
      expect(text).toContain(`INV-${shipment.shipmentId}`);
      expect(text).toContain('2026-11-25');
      expect(text).toContain('EX123456789JP');
      expect(text).toContain('INR');
      // Line 1: 3 tins at 999.99 (two orders merged); line 2: 3 bags at 449.83 (1,349.50 / 3, rounded).
      expect(text).toMatch(/1 Matcha green tea powder, 30 g tin 090210 JP 3 999\.99 2,999\.97/);
      expect(text).toMatch(/2 Sencha leaf 09023000 CN 3 449\.83 1,349\.50/);

      // The total is the shipment's declared value as its API gives it: base − discount per order.
      const fromApi = (await get(`shipments/${shipment._id}`, creator)).body.data;
      const declared = sumMinor(
        fromApi.shippedOrders.map((o: Json) =>
          Math.max(0, toMinor(o.baseOrderPrice, o.currency) - toMinor(o.discount, o.currency)),
        ),
      );
      expect(formatMinor(declared, 'INR')).toBe('4349.47');
      expect(text).toMatch(/Total 6 4,349\.47/);
      expect(text).toContain('Total declared value INR 4,349.47');
      // 3 × 30 g + 3 × 1,250 g.
      expect(text).toContain('Net weight 3.840 kg');
      expect(text).toContain('Gross weight 3.840 kg');
      expect(text).toContain('Number of packages 1');
      expect(text).toContain('Page 1 of 1');
    });

    it('sets Japanese names in the embedded subset font where there is no English description', async () => {
      const yokan = await product({ name: '本練羊羹 5本入り', descriptionEn: null });
      const shipment = await ship([
        await order(yokan, { customer: { ...CUSTOMER, name: '山田 花子', city: 'ムンバイ' } }),
      ]);
      for (const name of ['commercial-invoice.pdf', 'packing-list.pdf', 'label.pdf']) {
        const res = await paper(shipment._id, name);
        expect(res.status).toBe(200);
        const text = allText(await readPdf(res.bytes));
        expect(text).toContain('山田 花子');
        if (name !== 'label.pdf') expect(text).toContain('本練羊羹 5本入り');
        else expect(text).toContain('ムンバイ');
        const fonts = embeddedFontNames(res.bytes);
        expect(fonts.length).toBeGreaterThan(0);
        for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+NotoSansJP/);
      }
    });

    it(
      'breaks a 50-line invoice across pages with the header again and stays under 300 KB',
      { timeout: 60_000 },
      async () => {
        const names = [
          '緑茶',
          '抹茶',
          'ほうじ茶',
          '玄米茶',
          '煎茶',
          '羊羹',
          '最中',
          '煎餅',
          '和三盆',
          '金平糖',
        ];
        const products = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            product({
              name: `${names[i % names.length]} 詰め合わせ No.${i + 1}`,
              descriptionEn: i % 2 === 0 ? `Assorted Japanese confectionery, box number ${i + 1}` : null,
            }),
          ),
        );
        // One request for the 50 orders, two for their statuses: the suite is about the papers.
        const created = await api.post(
          '/api/v1/orders',
          products.map((id, i) => ({
            product: id,
            platformCode: 'AMAZONIND',
            currency: 'INR',
            orderId: nextId('403-LONG'),
            orderDate: '2026-11-20',
            orderQuantity: 1,
            baseOrderPrice: 100 + i,
            discount: 0,
            customer: CUSTOMER,
          })),
          as(admin),
        );
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const orders = (created.body.data as Json[]).map((o) => o._id as string);
        for (const shipmentStatus of ['ACCEPTED', 'PACKED']) {
          const moved = await api.put('/api/v1/orders/status', { ids: orders, shipmentStatus }, as(admin));
          expect(moved.status, JSON.stringify(moved.body)).toBe(200);
        }
        const shipment = await ship(orders);
        const res = await paper(shipment._id, 'commercial-invoice.pdf');
        expect(res.status).toBe(200);
        expect(res.bytes.length).toBeLessThanOrEqual(300_000);
        const read = await readPdf(res.bytes);
        expect(read.pages).toBeGreaterThan(1);
        read.text.forEach((page, i) => {
          expect(page).toContain('Description of goods HS code Origin Qty Unit value (INR) Amount (INR)');
          expect(page).toContain(`Page ${i + 1} of ${read.pages}`);
        });
        expect(read.text[1]).toContain(`Commercial invoice INV-${shipment.shipmentId} (continued)`);
        const text = allText(read);
        expect(text).toContain('50 金平糖 詰め合わせ No.50');
        // 100 + 101 + … + 149.
        expect(text).toMatch(/Total 50 6,225\.00/);

        const list = await paper(shipment._id, 'packing-list.pdf');
        const listRead = await readPdf(list.bytes);
        expect(listRead.pages).toBeGreaterThan(1);
        for (const page of listRead.text)
          expect(page).toContain('Description of goods HS code Qty Net weight');
      },
    );

    it('makes the packing list without prices', async () => {
      const tea = await product({ descriptionEn: 'Gyokuro tea leaves', netWeightGrams: 100 });
      const shipment = await ship([await order(tea, { orderQuantity: 4, baseOrderPrice: 4321.5 })]);
      const res = await paper(shipment._id, 'packing-list.pdf', creator);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(`packing-list-${shipment.shipmentId}.pdf`);
      const text = allText(await readPdf(res.bytes));
      expect(text).toContain('PACKING LIST');
      expect(text).toContain(BUSINESS.name);
      expect(text).toContain(CUSTOMER.name);
      expect(text).toMatch(/1 Gyokuro tea leaves 090210 4 0\.400 kg/);
      expect(text).toContain('Number of packages 1');
      expect(text).not.toContain('4,321.50');
      expect(text).not.toContain('1,080.38');
      expect(text).not.toMatch(/value|amount|INR/i);
    });

    it('makes the label: the shipment id (text and barcode), the tracking link, the order count, the consignee', async () => {
      const tea = await product();
      const shipment = await ship([await order(tea), await order(tea), await order(tea)]);
      const res = await paper(shipment._id, 'label.pdf', creator);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(`shipment-label-${shipment.shipmentId}.pdf`);
      const read = await readPdf(res.bytes);
      expect(read.pages).toBe(1);
      const text = allText(read);
      expect(text).toContain(shipment.shipmentId);
      expect(text).toContain('3 orders');
      expect(text).toContain('Priya Sharma');
      expect(text).toContain('Bengaluru, Karnataka, India');
      expect(text).toContain('https://track.example/parcel/EX123456789JP');
      // The tracking link is a link a viewer opens.
      expect(Buffer.from(res.bytes).toString('latin1')).toMatch(/\/Subtype \/Link/);
    });
  });
});
