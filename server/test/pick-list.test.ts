/**
 * The pick list on both databases: the JSON grouping the printable screen shows and the PDF made
 * from it (read back as a viewer reads it), the whole accepted queue, and the refusals: orders
 * that are not accepted (409 naming them), unknown ids (404), bad parameters (400) and a queue
 * over the bound (409).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PICK_LIST_ORDERS } from '#shared/constants';
import { withJanCheckDigit } from '#shared/domain/jan';
import { todayIso } from '#shared/domain/periods';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { readPdf } from './helpers/pdf';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

type Account = Awaited<ReturnType<typeof setupAccounts>>['admin'];

let counter = 0;
const next = () => (counter += 1);

describe.each(testDialects())('pick list (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Account;
  let creator: Account;
  const as = (account: Account) => ({ token: account.token });

  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { timeZone: 'Asia/Tokyo' } });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin;
    creator = await accounts.withRole('orderCreator');
  });
  afterAll(() => server?.close());

  async function product(fields: Json): Promise<Json> {
    const n = next();
    const res = await api.post(
      '/api/v1/products',
      {
        name: `Product ${n}`,
        skuCode: `PL-${n}`,
        janCode: withJanCheckDigit(`4907${String(n).padStart(8, '0')}`),
        purchasePrice: 300,
        inStockQuantity: 1000,
        amazonStockQuantity: 0,
        availablePlatforms: [],
        ...fields,
      },
      as(admin),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  /** An order line in RECEIVED; `accept` moves it on the way order management does. */
  async function order(productId: string, orderQuantity: number, orderId = `503-${next()}`): Promise<Json> {
    const res = await api.post(
      '/api/v1/orders',
      {
        product: productId,
        platformCode: 'AMAZONIND',
        orderId,
        orderDate: '2026-11-20',
        orderQuantity,
        currency: 'INR',
        baseOrderPrice: 1000,
      },
      as(admin),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  async function setStatus(ids: string[], shipmentStatus: string) {
    const res = await api.put('/api/v1/orders/status', { ids, shipmentStatus }, as(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  const pickList = (query: string, account = admin) => api.get(`/api/v1/pick-list${query}`, as(account));

  async function pdf(query: string, account = admin) {
    const res = await fetch(`${server.url}/api/v1/pick-list.pdf${query}`, {
      headers: { authorization: `Token ${account.token}` },
    });
    return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  describe('two selected orders', () => {
    let matcha: Json, kitkat: Json, sencha: Json, loose: Json;
    let first: Json[], second: Json[];

    beforeAll(async () => {
      matcha = await product({ name: 'Matcha latte', nameJa: '抹茶ラテ 30本入り', shelfNumber: 'A-10' });
      kitkat = await product({ name: 'キットカット 抹茶', shelfNumber: 'A-2' });
      sencha = await product({ name: 'Sencha tin', shelfNumber: 'A-2' });
      loose = await product({ name: 'Furoshiki cloth', shelfNumber: null });
      // Order 503-A has two lines, 503-B three; matcha goes to both.
      first = [await order(matcha._id, 3, '503-A'), await order(loose._id, 1, '503-A')];
      second = [
        await order(matcha._id, 4, '503-B'),
        await order(kitkat._id, 3, '503-B'),
        await order(sencha._id, 1, '503-B'),
      ];
      await setStatus(
        [...first, ...second].map((o) => o._id),
        'ACCEPTED',
      );
    });

    const ids = () => [...first, ...second].map((o) => o._id).join(',');

    it('groups by shelf in natural order, no shelf last, each product once with its orders', async () => {
      const res = await pickList(`?orderIds=${ids()}`, creator);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const list = res.body.data;
      expect(list.date).toBe(todayIso(new Date(), 'Asia/Tokyo'));
      expect(list.orders).toBe(2);
      expect(list.units).toBe(12);
      expect(list.shelves.map((s: Json) => s.shelf)).toEqual(['A-2', 'A-10', null]);
      const [a2, a10, none] = list.shelves;
      expect(a2.products.map((p: Json) => [p.name, p.quantity])).toEqual([
        ['キットカット 抹茶', 3],
        ['Sencha tin', 1],
      ]);
      expect(a10.products).toEqual([
        {
          productId: matcha._id,
          name: 'Matcha latte',
          nameJa: '抹茶ラテ 30本入り',
          sku: matcha.skuCode,
          jan: matcha.janCode,
          quantity: 7,
          orders: [
            { orderId: '503-A', quantity: 3 },
            { orderId: '503-B', quantity: 4 },
          ],
        },
      ]);
      expect(none.products.map((p: Json) => p.name)).toEqual(['Furoshiki cloth']);
      expect(list.shelves.map((s: Json) => s.units)).toEqual([4, 7, 1]);
    });

    it('prints the same grouping as a PDF: names (Japanese too), SKUs, JANs, quantities, order ids', async () => {
      const res = await pdf(`?orderIds=${ids()}`, creator);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toContain('pick-list-');
      const { pages, text } = await readPdf(res.bytes);
      expect(pages).toBe(1);
      const page = text[0] ?? '';
      expect(page).toContain('Pick list');
      expect(page).toMatch(/Orders: 2\s+Units: 12/);
      for (const name of [
        'Matcha latte',
        '抹茶ラテ 30本入り',
        'キットカット 抹茶',
        'Sencha tin',
        'Furoshiki cloth',
      ]) {
        expect(page).toContain(name);
      }
      for (const p of [matcha, kitkat, sencha, loose]) {
        expect(page).toContain(p.skuCode);
        expect(page).toContain(p.janCode);
      }
      expect(page).toContain('503-A × 3');
      expect(page).toContain('503-B × 4');
      expect(page).toContain('503-B × 3');
      // Shelves in natural order, no shelf last.
      const at = (s: string) => page.indexOf(s);
      expect(at('Shelf A-2')).toBeGreaterThan(-1);
      expect(at('Shelf A-2')).toBeLessThan(at('Shelf A-10'));
      expect(at('Shelf A-10')).toBeLessThan(at('No shelf'));
    });

    it("sets the PDF's headings in Japanese when asked", async () => {
      const res = await pdf(`?orderIds=${ids()}&lang=ja`);
      expect(res.status).toBe(200);
      const page = (await readPdf(res.bytes)).text[0] ?? '';
      expect(page).toContain('ピッキングリスト');
      expect(page).toContain('棚番号なし');
      expect(page).toContain('抹茶ラテ 30本入り');
    });

    it('refuses orders that are not accepted, naming them (409, details list each)', async () => {
      const received = await order(sencha._id, 1, '503-RECEIVED');
      const packed = await order(sencha._id, 1, '503-PACKED');
      await setStatus([packed._id], 'ACCEPTED');
      await setStatus([packed._id], 'PACKED');
      for (const path of ['pick-list', 'pick-list.pdf']) {
        const res = await api.get(
          `/api/v1/${path}?orderIds=${ids()},${received._id},${packed._id}`,
          as(admin),
        );
        expect(res.status, path).toBe(409);
        expect(res.body.code).toBe('pickListNotAccepted');
        expect(res.body.message).toContain('503-RECEIVED');
        expect(res.body.message).toContain('503-PACKED');
        expect(res.body.details.orders).toEqual(
          expect.arrayContaining([
            { _id: received._id, orderId: '503-RECEIVED', shipmentStatus: 'RECEIVED' },
            { _id: packed._id, orderId: '503-PACKED', shipmentStatus: 'PACKED' },
          ]),
        );
        expect(res.body.details.orders).toHaveLength(2);
      }
    });

    it('answers 404 naming ids that are no order', async () => {
      const res = await pickList(`?orderIds=${first[0]._id},no-such-order`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('ordersNotFound');
      expect(res.body.details.ids).toEqual(['no-such-order']);
    });

    it('takes an id named twice once', async () => {
      const res = await pickList(`?orderIds=${first[0]._id},${first[0]._id}`);
      expect(res.status).toBe(200);
      expect(res.body.data.units).toBe(3);
    });
  });

  it('refuses bad parameters with 400 naming the field', async () => {
    const bad = [
      '?orderIds=',
      '?orderIds=a,,b',
      `?orderIds=${Array.from({ length: MAX_PICK_LIST_ORDERS + 1 }, (_, i) => `o${i}`).join(',')}`,
      `?orderIds=${'x'.repeat(65)}`,
    ];
    for (const query of bad) {
      const res = await pickList(query);
      expect(res.status, query).toBe(400);
      expect(res.body.errors?.[0]?.field ?? '', query).toMatch(/^orderIds/);
    }
    const lang = await pdf('?lang=fr');
    expect(lang.status).toBe(400);
  });

  it('without orderIds, picks the whole accepted queue and nothing else', async () => {
    const all = await api.get('/api/v1/orders?shipmentStatus=ACCEPTED&limit=10000', as(admin));
    const queue: Json[] = all.body.data;
    expect(queue.length).toBeGreaterThan(0);
    const res = await pickList('');
    expect(res.status).toBe(200);
    expect(res.body.data.orders).toBe(new Set(queue.map((o) => o.orderId)).size);
    expect(res.body.data.units).toBe(queue.reduce((sum, o) => sum + o.orderQuantity, 0));
    const named = await pickList(`?orderIds=${queue.map((o) => o._id).join(',')}`);
    expect(named.body.data.shelves).toEqual(res.body.data.shelves);
    const printed = await pdf('');
    expect(printed.status).toBe(200);
    expect((await readPdf(printed.bytes)).text[0]).toContain(`Units: ${res.body.data.units}`);
  });

  it(`refuses a queue of more than ${MAX_PICK_LIST_ORDERS} accepted orders (409)`, async () => {
    const p = await product({ name: 'Bulk tea' });
    const {
      id: _id,
      created_at,
      updated_at,
      ...template
    } = await server.app.db
      .selectFrom('orders')
      .selectAll()
      .where('shipment_status', '=', 'ACCEPTED')
      .executeTakeFirstOrThrow();
    void _id;
    const now = new Date().toISOString();
    const rows = Array.from({ length: MAX_PICK_LIST_ORDERS }, (_, i) => ({
      ...template,
      id: `bulk-${i}`,
      order_id: `BULK-${i}`,
      product_id: p._id,
      shipment_position: null,
      created_at: created_at ?? now,
      updated_at: updated_at ?? now,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await server.app.db
        .insertInto('orders')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const res = await pickList('');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('pickListTooLarge');
    expect(res.body.params).toEqual({ max: MAX_PICK_LIST_ORDERS });
    // Named orders still make a list.
    const named = await pickList('?orderIds=bulk-1,bulk-2');
    expect(named.status).toBe(200);
    expect(named.body.data.units).toBe(2 * template.order_quantity);
  });
});
