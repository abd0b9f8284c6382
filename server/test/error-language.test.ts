/**
 * Every kind of refusal, answered to a Japanese session and put through the renderer's own
 * translation (renderer/src/i18n/error-message.ts) with the ja texts: nothing English may
 * remain outside the values the message interpolates, and every code the API sends has a
 * Japanese text.
 */
import { readFileSync } from 'node:fs';
import i18next, { type i18n } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { translateError, type Translate } from '../../renderer/src/i18n/error-message';
import { client, setupAccounts, type Client } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

const load = (lng: string) =>
  JSON.parse(
    readFileSync(new URL(`../../renderer/src/i18n/${lng}/errors.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;

/** Latin words Japanese itself writes that way (JANコード). */
const JAPANESE_LOANWORDS = /JAN|Amazon|ID/g;

type Answer = { code: string; message: string; params?: Record<string, string | number>; errors?: Answer[] };

describe('error codes', () => {
  it('has a Japanese text for every code', () => {
    const ja = load('ja');
    for (const code of Object.keys(MESSAGES)) expect(typeof ja[code], code).toBe('string');
  });
});

describe.each(testDialects())('errors in Japanese (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let ja: i18n;
  let t: Translate;
  const answers: [string, number, Answer][] = [];
  const headers = { 'accept-language': 'ja' };

  beforeAll(async () => {
    ja = i18next.createInstance();
    await ja.init({
      lng: 'ja',
      resources: { ja: { errors: load('ja') } },
      interpolation: { escapeValue: false },
    });
    t = ja.t.bind(ja) as unknown as Translate;
    server = await startTestServer({ dialect, config: { loginRateLimit: 3 } });
    api = client(server.url);
  });
  afterAll(() => server?.close());

  it('collects every kind of refusal', async () => {
    const { admin, withRole } = await setupAccounts(api);
    const clerk = await withRole('orderCreator');
    const pending = await withRole(null);
    const as = (token: string) => ({ token, headers });
    const record = async (label: string, p: Promise<{ status: number; body: Answer }>) => {
      const res = await p;
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      answers.push([label, res.status, res.body]);
    };
    const cat = await api.post('/api/v1/categories', { name: 'Snacks' }, as(admin.token));
    const off = await api.post('/api/v1/categories', { name: 'Old', activeStatus: false }, as(admin.token));
    const product = { name: 'Rice', skuCode: 'R-1', janCode: '4901234567894' };
    expect((await api.post('/api/v1/products', product, as(admin.token))).status).toBe(201);

    // Bodies on each resource.
    await record('category: empty', api.post('/api/v1/categories', {}, as(admin.token)));
    await record('category: number', api.post('/api/v1/categories', { name: 5 }, as(admin.token)));
    await record(
      'category: long',
      api.post('/api/v1/categories', { name: 'x'.repeat(300) }, as(admin.token)),
    );
    await record('category: NUL', api.post('/api/v1/categories', { name: 'a\u0000b' }, as(admin.token)));
    await record('category: duplicate', api.post('/api/v1/categories', { name: 'SNACKS' }, as(admin.token)));
    await record(
      'category: nothing',
      api.put(`/api/v1/categories/${cat.body.data._id}`, {}, as(admin.token)),
    );
    const fee = (value: unknown, type = 'amount') =>
      api.post('/api/v1/handling-fees', { title: 'Fee', type, value }, as(admin.token));
    await record(
      'fee: type',
      api.post('/api/v1/handling-fees', { title: 'Fee', type: 'x', value: 1 }, as(admin.token)),
    );
    await record('fee: 1e308', fee(1e308));
    await record('fee: yen decimals', fee(1200.5));
    await record('fee: percent', fee(150, 'percentage'));
    await record('fee: text', fee('abc'));
    const post = (body: unknown) => api.post('/api/v1/products', body, as(admin.token));
    await record('product: empty', post({}));
    await record('product: stock', post({ ...product, skuCode: 'R-2', inStockQuantity: 2 ** 31 }));
    await record('product: stock float', post({ ...product, skuCode: 'R-2', inStockQuantity: 1.5 }));
    await record('product: price', post({ ...product, skuCode: 'R-2', purchasePrice: 12.5 }));
    await record('product: jan', post({ ...product, skuCode: 'R-2', janCode: '123' }));
    await record('product: date', post({ ...product, skuCode: 'R-2', releaseDate: '2026-02-30' }));
    await record(
      'product: platform',
      post({ ...product, skuCode: 'R-2', availablePlatforms: [{ code: 'EBAY' }] }),
    );
    await record('product: unknown ref', post({ ...product, skuCode: 'R-2', categoryId: 'nope' }));
    await record(
      'product: inactive ref',
      post({ ...product, skuCode: 'R-2', categoryId: off.body.data._id }),
    );
    await record('product: duplicate', post(product));
    await record('product: amazon', post({ ...product, skuCode: 'R-3', amazonStockQuantity: 2 }));
    await record('issue: title', api.post('/api/v1/issues', { title: '' }, as(admin.token)));
    await record(
      'issue: quantity',
      api.post('/api/v1/issues', { title: 'Tea', quantity: -1 }, as(admin.token)),
    );
    await record(
      'issue: link',
      api.post('/api/v1/issues', { title: 'Tea', link: 'ftp://x' }, as(admin.token)),
    );
    await record(
      'issue: price',
      api.post('/api/v1/issues', { title: 'Tea', expectedPrice: 1e308 }, as(admin.token)),
    );
    await record('memo: empty', api.post('/api/v1/memos', {}, as(admin.token)));
    const rate = (date: string, body: unknown) =>
      api.put(`/api/v1/currency/rates/${date}`, body, as(admin.token));
    await record('rate: decimals', rate('2026-05-01', { rate: 1.7345121 }));
    await record('rate: zero', rate('2026-05-01', { rate: 0 }));
    await record('rate: negative', rate('2026-05-01', { rate: -1 }));
    await record('rate: text', rate('2026-05-01', { rate: '1.5' }));
    await record('rate: date', rate('2026-02-30', { rate: 1.5 }));
    await record('rate: list date', api.get('/api/v1/currency/rates?date[gte]=soon', as(admin.token)));
    const simulation = (body: Record<string, unknown>) =>
      api.post(
        '/api/v1/simulation',
        {
          name: 'Pocky',
          platformCode: 'AMAZONIND',
          purchasePrice: 700,
          quantity: 1,
          exchangeRate: 1.7,
          shippingCost: 110,
          customsDuty: 15.5,
          commission: 5,
          closingFee: 61.5,
          target: { type: 'amount', value: 2760 },
          ...body,
        },
        as(admin.token),
      );
    await record('simulation: empty', api.post('/api/v1/simulation', {}, as(admin.token)));
    await record('simulation: decimals', simulation({ exchangeRate: 1.2345678, purchasePrice: 1.5 }));
    await record('simulation: range', simulation({ commission: 101, quantity: 0 }));
    await record('simulation: target', simulation({ target: { type: 'percentage', value: 'x' } }));
    await record('simulation: product', simulation({ product: 'nope' }));
    await record(
      'platform fee: values',
      api.put('/api/v1/platform-fees/SHOPIFY', { commissionPercent: -1, closingFee: '' }, as(admin.token)),
    );
    await record(
      'platform fee: platform',
      api.put('/api/v1/platform-fees/EBAY', { commissionPercent: 1, closingFee: 1 }, as(admin.token)),
    );
    await record('user: nothing', api.put(`/api/v1/users/${clerk.user._id}`, {}, as(admin.token)));
    await record('user: role', api.put(`/api/v1/users/${clerk.user._id}`, { role: 'boss' }, as(admin.token)));
    await record(
      'user: self',
      api.put(`/api/v1/users/${admin.user._id}`, { active: false }, as(admin.token)),
    );
    await record(
      'preference: key',
      api.post('/api/v1/user-preferences', { _id: 'a b', value: {} }, as(admin.token)),
    );

    // Shipments: the fixed texts, a reference to no order, orders that may not be shipped.
    const ship = (body: unknown) => api.post('/api/v1/shipments', body, as(admin.token));
    const shipment = {
      shipmentId: 'SHP-JA-1',
      shippingDate: '2026-11-01',
      totalShippingFee: 100,
      shipmentTrackingLink: 'https://tracking.example/ja',
    };
    await record('shipment: empty', ship({}));
    await record('shipment: no orders', ship({ ...shipment, orderIds: [] }));
    await record('shipment: link', ship({ ...shipment, shipmentTrackingLink: 'ftp://x', orderIds: ['o'] }));
    await record('shipment: unknown order', ship({ ...shipment, orderIds: ['no-such-order'] }));
    const rice = (await api.get('/api/v1/products?limit=1', as(admin.token))).body.data[0]._id;
    const line = (platformCode: string, currency: string) =>
      api.post(
        '/api/v1/orders',
        {
          product: rice,
          platformCode,
          currency,
          orderId: `JA-${platformCode}`,
          orderQuantity: 1,
          baseOrderPrice: 10,
        },
        as(admin.token),
      );
    const jp = (await line('AMAZONJP', 'JPY')).body.data._id;
    const ind = (await line('AMAZONIND', 'INR')).body.data._id;
    await record('shipment: platform', ship({ ...shipment, orderIds: [jp] }));
    await record('shipment: not packed', ship({ ...shipment, orderIds: [ind] }));
    await record('customs: empty', api.put('/api/v1/shipments/no-such', {}, as(clerk.token)));
    await record(
      'customs: date',
      api.put(
        '/api/v1/shipments/no-such',
        { customId: 'C', totalCustomFee: 1, receivedDate: 'soon' },
        as(clerk.token),
      ),
    );
    await record(
      'shipments: search by',
      api.get('/api/v1/shipments/search?searchStr=x&searchBy=customer', as(clerk.token)),
    );

    // Sales reports: a range ending before it starts, a date that is not one, an empty export.
    await record('sales: range', api.get('/api/v1/sales?from=2026-02-01&to=2026-01-01', as(admin.token)));
    await record('sales: date', api.get('/api/v1/sales?from=2026-13-01', as(admin.token)));
    await record('sales summary: date', api.get('/api/v1/sales/summary?to=tomorrow', as(admin.token)));
    await record(
      'sales export: empty',
      api.get('/api/v1/sales/export?from=2001-01-01&to=2001-01-02', as(admin.token)),
    );

    // List queries.
    for (const q of [
      'page=x',
      'page=0',
      'limit=999999',
      'sort=nope',
      'nope=1',
      'activeStatus=maybe',
      'createdAt[gte]=yesterday',
      'name[zz]=1',
      'page=1&page=2',
      'name=a%00b',
    ]) {
      await record(`list: ${q}`, api.get(`/api/v1/categories?${q}`, as(admin.token)));
    }

    // Accounts and access.
    const register = (body: unknown) => api.post('/api/v1/auth/register', body, { headers });
    await record('register: empty', register({}));
    await record(
      'register: short',
      register({ fullname: 'ab', email: 'a@b.cd', username: 'abc', password: 'abcdef' }),
    );
    await record(
      'register: email',
      register({ fullname: 'abc', email: 'nope', username: 'abc', password: 'abcdef' }),
    );
    await record(
      'register: NUL',
      register({ fullname: 'a\u0000b', email: 'n@b.cd', username: 'nul', password: 'abcdef' }),
    );
    await record(
      'register: duplicate',
      register({ fullname: 'abc', email: admin.email, username: 'other', password: 'abcdef' }),
    );
    await record(
      'forgot: unknown',
      api.post('/api/v1/auth/forgot-password', { email: 'ghost@kura.example' }, { headers }),
    );
    await record(
      'reset: bad token',
      api.post('/api/v1/auth/reset-password', { token: 'x'.repeat(20), password: 'abcdef' }, { headers }),
    );
    await record('401', api.get('/api/v1/categories', { headers }));
    await record('403', api.get('/api/v1/users', as(clerk.token)));
    await record('403 pending', api.get('/api/v1/categories', as(pending.token)));
    await record('404 route', api.get('/api/v1/no-such-thing', as(admin.token)));
    await record('404 id', api.get('/api/v1/products/no-such-id', as(admin.token)));
    await record(
      '415',
      api.request('POST', '/api/v1/categories', {
        ...as(admin.token),
        headers: { ...headers, 'content-type': 'text/plain' },
      }),
    );
    const raw = async (path: string, init: RequestInit) => {
      const res = await fetch(`${server.url}${path}`, init);
      return { status: res.status, body: (await res.json()) as Answer };
    };
    const json = { 'content-type': 'application/json', authorization: `Token ${admin.token}`, ...headers };
    await record('bad url', raw('/api/v1/%c0%ae%c0%ae/', { headers }));
    await record('ill-formed text', api.post('/api/v1/categories', { name: 'a\uD800b' }, as(admin.token)));
    await record('ill-formed query', api.get('/api/v1/categories?name=%ED%A0%80', as(admin.token)));
    await record('405', raw('/api/v1/categories', { method: 'PATCH', headers }));
    await record('414', raw(`/api/v1/categories?name=${'a'.repeat(20_000)}`, { headers }));
    await record('431', raw('/api/v1/categories', { headers: { ...headers, 'x-big': 'a'.repeat(20_000) } }));
    await record(
      'malformed json',
      raw('/api/v1/categories', { method: 'POST', headers: json, body: '{"name":' }),
    );
    await record(
      'too large',
      raw('/api/v1/categories', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'x'.repeat(2 ** 21) }),
      }),
    );
    for (let i = 0; i < 3; i += 1) {
      await api.post('/api/v1/auth/login', { email: admin.email, password: 'wrong-pass' }, { headers });
    }
    await record(
      '429',
      api.post('/api/v1/auth/login', { email: admin.email, password: 'wrong-pass' }, { headers }),
    );
    expect(answers.length).toBeGreaterThan(50);
  });

  it('leaves no English in any of them', () => {
    const blank = (params?: Record<string, string | number>) =>
      params ? Object.fromEntries(Object.keys(params).map((k) => [k, '〇'])) : undefined;
    const codes = new Set<string>();
    for (const [label, status, body] of answers) {
      expect(typeof body.code, `${label} (${status})`).toBe('string');
      for (const error of [body, ...(body.errors ?? [])]) {
        codes.add(error.code);
        expect(ja.exists(`errors:${error.code}`), `${label}: no ja text for ${error.code}`).toBe(true);
        const text = translateError(t, error);
        const withoutValues = translateError(t, { ...error, params: blank(error.params) });
        expect(text, label).not.toBe(error.message);
        expect(withoutValues.replace(JAPANESE_LOANWORDS, ''), `${label}: ${text}`).not.toMatch(
          /[A-Za-z]{3,}/,
        );
      }
    }
    // The refusals above reach a wide range of codes, not one generic one.
    expect(codes.size).toBeGreaterThan(25);
  });
});
