/**
 * The cost simulator over HTTP on each database: saved simulations (admins) with the result
 * computed by the server from the inputs, their validation in translated codes, and the
 * per-platform fee defaults.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulate, type SimulationInputs } from '#shared/domain/simulator';
import { formatMessage, MESSAGES } from '#shared/messages';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

/** The hand-worked case of simulator.test.ts whose price is exactly ₹3,245. */
const EXACT = {
  platformCode: 'AMAZONIND',
  purchasePrice: 700,
  quantity: 1,
  exchangeRate: 1.7,
  shippingCost: 110,
  customsDuty: 15.5,
  commission: 5,
  closingFee: 61.5,
  handling: null,
  target: { type: 'amount', value: 2760 },
};

const asInputs = (body: Json): SimulationInputs => ({
  purchasePrice: String(body.purchasePrice),
  quantity: String(body.quantity),
  exchangeRate: String(body.exchangeRate),
  shippingCost: String(body.shippingCost),
  customsDuty: String(body.customsDuty),
  commission: String(body.commission),
  closingFee: String(body.closingFee),
  handling: body.handling ? { type: body.handling.type, value: String(body.handling.value) } : null,
  target: { type: body.target.type, value: String(body.target.value) },
});

describe.each(testDialects())('simulation API (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: { token: string; fullname: string; user: { _id: string } };
  let clerk: { token: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin;
    clerk = await accounts.withRole('orderCreator');
  });
  afterAll(() => server?.close());

  const as = (token: string) => ({ token });
  const post = (body: unknown, token = admin.token) => api.post('/api/v1/simulation/', body, as(token));
  const get = (path: string, token = admin.token) => api.get(`/api/v1/${path}`, as(token));
  const counts = async () => ({
    simulations: (await get('simulation?limit=1')).body.totalCount as number,
    audit: (await get('audit-logs?entity=simulation&limit=1')).body.totalCount as number,
  });

  it('saves a simulation and answers the price the server computed', async () => {
    const res = await post({ name: 'Pocky matcha, 1 box', ...EXACT });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const saved = res.body.data;
    expect(saved).toMatchObject({
      name: 'Pocky matcha, 1 box',
      product: null,
      ...EXACT,
      createdBy: { _id: admin.user._id, fullname: admin.fullname },
    });
    expect(saved.result).toMatchObject({ status: 'priced', price: 3245, profit: 2760 });
    expect(saved.result.breakdown.customsDuty).toEqual({ inr: 426.25, jpy: 725 });
    expect(saved.result).toEqual(simulate(asInputs(EXACT)));
    ids.exact = saved._id;
    const one = await get(`simulation/${saved._id}`);
    expect(one.body.data).toEqual(saved);
    const audit = await get(`audit-logs?entity=simulation&entityId=${saved._id}`);
    expect(audit.body.data[0]).toMatchObject({
      action: 'create',
      entityName: 'Pocky matcha, 1 box',
      user: { _id: admin.user._id },
    });
  });

  it('keeps decimal inputs exactly, and never takes a result from the client', async () => {
    const body = {
      name: 'Sencha 100 g',
      ...EXACT,
      platformCode: 'SHOPIFY',
      exchangeRate: '1.734512',
      customsDuty: '15.50',
      commission: 2.25,
      closingFee: '0.1',
      quantity: '3',
      purchasePrice: '1,280',
      handling: { type: 'percentage', value: '2.5' },
      target: { type: 'percentage', value: 12.75 },
      result: { status: 'priced', price: 1, profit: 999999, breakdown: {} },
    };
    const res = await post(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const saved = res.body.data;
    expect(saved).toMatchObject({
      exchangeRate: 1.734512,
      customsDuty: 15.5,
      commission: 2.25,
      closingFee: 0.1,
      quantity: 3,
      purchasePrice: 1280,
      handling: { handlingFeeId: null, type: 'percentage', value: 2.5 },
      target: { type: 'percentage', value: 12.75 },
    });
    expect(saved.result).toEqual(simulate(asInputs(saved)));
    expect(saved.result.price).not.toBe(1);
    ids.sencha = saved._id;
  });

  it('answers an unreachable target as a result, not a refusal', async () => {
    const res = await post({ name: 'Too greedy', ...EXACT, commission: 90 });
    expect(res.status).toBe(201);
    expect(res.body.data.result).toEqual({ status: 'unreachable' });
    ids.greedy = res.body.data._id;
  });

  it('refuses bad input with translated codes, writing nothing', async () => {
    const before = await counts();
    const cases: [unknown, string, string, Record<string, unknown>?][] = [
      [{ ...EXACT }, 'name', MESSAGES.enterName],
      [{ ...EXACT, name: ' ' }, 'name', MESSAGES.enterName],
      [{ name: 'x', ...EXACT, platformCode: 'AMAZONJP' }, 'platformCode', MESSAGES.platformRequired],
      [{ name: 'x', ...EXACT, purchasePrice: 12.5 }, 'purchasePrice', MESSAGES.notWholeNumber],
      [{ name: 'x', ...EXACT, quantity: 0 }, 'quantity', formatMessage('tooSmall', { min: 1 }), { min: '1' }],
      [
        { name: 'x', ...EXACT, exchangeRate: 1.2345678 },
        'exchangeRate',
        formatMessage('tooManyDecimals', { max: 6 }),
        { max: '6' },
      ],
      [
        { name: 'x', ...EXACT, commission: 100.5 },
        'commission',
        formatMessage('tooLarge', { max: 100 }),
        { max: '100' },
      ],
      [{ name: 'x', ...EXACT, customsDuty: 'abc' }, 'customsDuty', MESSAGES.notANumber],
      [{ name: 'x', ...EXACT, closingFee: '' }, 'closingFee', MESSAGES.required],
      [
        { name: 'x', ...EXACT, handling: { type: 'amount', value: 10.5 } },
        'handling.value',
        MESSAGES.notWholeNumber,
      ],
      [
        { name: 'x', ...EXACT, target: { type: 'percentage', value: 150 } },
        'target.value',
        formatMessage('tooLarge', { max: 100 }),
      ],
      [
        { name: 'x', ...EXACT, product: 'no-such-product' },
        'product',
        formatMessage('unknownReference', { label: 'product' }),
      ],
    ];
    for (const [body, field, message, params] of cases) {
      const res = await post(body);
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      const error = (res.body.errors as Json[]).find((e) => e.field === field);
      expect(error, `${field}: ${JSON.stringify(res.body)}`).toMatchObject({ message });
      expect(error.code).toMatch(/^[a-zA-Z]+$/);
      if (params) expect(error.params).toMatchObject(params);
    }
    expect(await counts()).toEqual(before);
  });

  it('updates one (trailing slash and all), recomputing its result, with an audit entry', async () => {
    const id = ids.exact as string;
    const res = await api.put(
      `/api/v1/simulation/${id}/`,
      { name: 'Pocky matcha, 2 boxes', ...EXACT, quantity: 2, target: { type: 'amount', value: 5520 } },
      as(admin.token),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ _id: id, name: 'Pocky matcha, 2 boxes', quantity: 2 });
    // Twice everything: twice the price.
    expect(res.body.data.result).toMatchObject({ status: 'priced', price: 6490, profit: 5520 });
    const audit = await get(`audit-logs?entity=simulation&entityId=${id}&action=update`);
    expect(audit.body.data[0]).toMatchObject({
      before: { name: 'Pocky matcha, 1 box', quantity: 1 },
      after: { name: 'Pocky matcha, 2 boxes', quantity: 2 },
    });
    const missing = await api.put('/api/v1/simulation/nope', { name: 'x', ...EXACT }, as(admin.token));
    expect(missing.status).toBe(404);
    expect((await get('simulation/nope')).status).toBe(404);
  });

  it('lists newest-changed first, sorts by name and searches names', async () => {
    const list = await get('simulation/');
    expect(list.body.totalCount).toBe(3);
    expect(list.body.data.map((s: Json) => s.name)).toEqual([
      'Pocky matcha, 2 boxes',
      'Too greedy',
      'Sencha 100 g',
    ]);
    const paged = await get('simulation?page=2&limit=2&sort=name');
    expect(paged.body.data.map((s: Json) => s.name)).toEqual(['Too greedy']);
    expect((await get('simulation?sort=createdAt')).body.data[0].name).toBe('Pocky matcha, 2 boxes');
    const found = await get('simulation?searchStr=SENCHA');
    expect(found.body.data.map((s: Json) => s._id)).toEqual([ids.sencha]);
    expect((await get('simulation?sort=price')).status).toBe(400);
  });

  it('names the product it was made for', async () => {
    const product = await api.post(
      '/api/v1/products',
      { name: 'Kit Kat matcha 12 pcs', skuCode: 'SIM-KK', janCode: '4901234567894', purchasePrice: 450 },
      as(admin.token),
    );
    expect(product.status).toBe(201);
    const res = await post({ name: 'Kit Kat', ...EXACT, product: product.body.data._id });
    expect(res.status).toBe(201);
    expect(res.body.data.product).toEqual({
      _id: product.body.data._id,
      name: 'Kit Kat matcha 12 pcs',
      skuCode: 'SIM-KK',
    });
  });

  it('keeps the handling charge chosen from the settings', async () => {
    const fee = await api.post(
      '/api/v1/handling-fees',
      { title: 'Packing', type: 'amount', value: 300 },
      as(admin.token),
    );
    const res = await post({
      name: 'Packed',
      ...EXACT,
      handling: { handlingFeeId: fee.body.data._id, type: 'amount', value: 300 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.handling).toEqual({ handlingFeeId: fee.body.data._id, type: 'amount', value: 300 });
    expect(res.body.data.result.breakdown.handling.jpy).toBe(300);
    const unknown = await post({
      name: 'x',
      ...EXACT,
      handling: { handlingFeeId: 'nope', type: 'amount', value: 1 },
    });
    expect(unknown.status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await get('simulation', clerk.token)).status).toBe(403);
    expect((await post({ name: 'x', ...EXACT }, clerk.token)).status).toBe(403);
  });

  describe('platform fee defaults', () => {
    it('answers both platforms with 0 % and ₹0 until set', async () => {
      const res = await get('platform-fees', clerk.token);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { platformCode: 'AMAZONIND', commissionPercent: 0, closingFee: 0, updatedAt: null },
        { platformCode: 'SHOPIFY', commissionPercent: 0, closingFee: 0, updatedAt: null },
      ]);
    });

    it('lets an admin set one platform, exactly, with an audit entry', async () => {
      const res = await api.put(
        '/api/v1/platform-fees/AMAZONIND/',
        { commissionPercent: '15.25', closingFee: 30.5 },
        as(admin.token),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({
        platformCode: 'AMAZONIND',
        commissionPercent: 15.25,
        closingFee: 30.5,
      });
      expect(res.body.data.updatedAt).toEqual(expect.any(String));
      const list = await get('platform-fees');
      expect(list.body.data[0]).toEqual(res.body.data);
      expect(list.body.data[1]).toMatchObject({
        platformCode: 'SHOPIFY',
        commissionPercent: 0,
        updatedAt: null,
      });
      const audit = await get('audit-logs?entity=platformFee&entityId=AMAZONIND');
      expect(audit.body.data[0]).toMatchObject({
        action: 'update',
        before: { commissionPercent: 0, closingFee: 0 },
        after: { commissionPercent: 15.25, closingFee: 30.5 },
      });
      // The same values again change nothing and record nothing.
      await api.put(
        '/api/v1/platform-fees/AMAZONIND',
        { commissionPercent: 15.25, closingFee: '30.50' },
        as(admin.token),
      );
      expect((await get('audit-logs?entity=platformFee&entityId=AMAZONIND')).body.totalCount).toBe(1);
    });

    it('refuses bad values, unknown platforms and order creators', async () => {
      const put = (platform: string, body: unknown, token = admin.token) =>
        api.put(`/api/v1/platform-fees/${platform}`, body, as(token));
      const bad = await put('SHOPIFY', { commissionPercent: 101, closingFee: 0 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0]).toMatchObject({ field: 'commissionPercent', code: 'tooLarge' });
      const decimals = await put('SHOPIFY', { commissionPercent: 1, closingFee: 0.125 });
      expect(decimals.body.errors[0]).toMatchObject({ field: 'closingFee', code: 'tooManyDecimals' });
      expect((await put('AMAZONJP', { commissionPercent: 1, closingFee: 0 })).status).toBe(400);
      expect((await put('SHOPIFY', { commissionPercent: 1, closingFee: 0 }, clerk.token)).status).toBe(403);
      expect((await get('platform-fees')).body.data[1].updatedAt).toBeNull();
    });
  });
});
