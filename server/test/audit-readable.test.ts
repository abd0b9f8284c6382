/**
 * Every change the server records reads as sentences a person understands, in English and in
 * Japanese. The writers are exercised over HTTP (each kind of record, each kind of change), and
 * every entry they leave is fed to the history screens' own formatter (the renderer's
 * audit-sentence.ts): a field the formatter does not know, a value shown as JSON or as a raw
 * code, or a text missing from either language fails here. The kinds of record are read from
 * the server's own writers, so a new kind cannot be added without being exercised and named.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, PLATFORMS } from '#shared/constants';
import { withJanCheckDigit } from '#shared/domain/jan';
import type { AuditEntry } from '#shared/schemas/misc';
import { AUDIT_KINDS } from '../../renderer/src/features/audit/audit-fields';
import { auditSentence } from '../../renderer/src/features/audit/audit-sentence';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

const SERVER_SRC = new URL('../src', import.meta.url).pathname;
const I18N = new URL('../../renderer/src/i18n', import.meta.url).pathname;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });

/** The kinds of record the server's audit writers name (`entity: 'order'`). */
const serverKinds = () =>
  [
    ...new Set(
      sourceFiles(SERVER_SRC)
        .filter((path) => !path.includes('/audit/'))
        .flatMap((path) =>
          [...readFileSync(path, 'utf8').matchAll(/\bentity: '(\w+)'/g)].map((m) => m[1] ?? ''),
        ),
    ),
  ].sort();

/** A translator over the app's files that records every key it had to make up. */
async function translator(lng: 'en' | 'ja', missing: string[]): Promise<TFunction> {
  const resources: Record<string, unknown> = {};
  for (const file of readdirSync(join(I18N, lng)).filter((name) => name.endsWith('.json'))) {
    resources[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(I18N, lng, file), 'utf8'));
  }
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    fallbackLng: false,
    resources: { [lng]: resources as Record<string, Record<string, unknown>> },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key) => missing.push(`${lng}: ${ns}:${key}`),
  });
  return instance.t;
}

/** What no sentence may show: the raw codes the server stores. */
const RAW_CODES = new RegExp(`\\b(${[...ORDER_STATUSES, ...PLATFORMS].join('|')})\\b`);

/** Why a line of an entry's sentence is not readable, or null. */
function unreadable(text: string): string | null {
  if (/[{}[\]]/.test(text)) return 'a JSON fragment';
  if (/_id\b/.test(text)) return 'an id key';
  if (/\b[a-z]+[A-Z][A-Za-z]*\b/.test(text)) return 'a camelCase name';
  if (RAW_CODES.test(text)) return 'a raw code';
  if (/\b(true|false|null|undefined|NaN)\b/.test(text)) return 'a raw value';
  return null;
}

describe.each(testDialects())('every audited change reads as sentences (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Awaited<ReturnType<typeof setupAccounts>>['admin'];
  let token = { token: '' };
  let janCounter = 0;
  const nextJan = () => withJanCheckDigit(`4955${String((janCounter += 1)).padStart(8, '0')}`);

  const ok = async (res: Promise<{ status: number; body: Json }>, status = 200) => {
    const answer = await res;
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    return answer.body?.data as Json;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { timeZone: 'Asia/Tokyo' } });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin;
    token = { token: admin.token };
    const clerk = await accounts.withRole(null);

    // Settings lists, handling charges, exchange rates, platform defaults.
    const named = async (path: string, name: string) => {
      const created = await ok(api.post(`/api/v1/${path}`, { name, activeStatus: true }, token), 201);
      await ok(
        api.put(`/api/v1/${path}/${created._id}`, { name: `${name} Two`, activeStatus: false }, token),
      );
      await ok(api.put(`/api/v1/${path}/${created._id}`, { name: `${name} Two`, activeStatus: true }, token));
      return created._id as string;
    };
    const categoryId = await named('categories', 'Snacks');
    const manufacturerId = await named('manufacturers', 'Calbee');
    const supplierId = await named('suppliers', 'Osaka Wholesale');
    const methodId = await named('shipping-methods', 'Air Mail');
    const fee = await ok(
      api.post('/api/v1/handling-fees', { title: 'Card fee', type: 'percentage', value: 2.5 }, token),
      201,
    );
    await ok(
      api.put(
        `/api/v1/handling-fees/${fee._id}`,
        { title: 'Card charge', type: 'percentage', value: 3 },
        token,
      ),
    );
    await ok(api.put('/api/v1/currency/rates/2026-11-01', { rate: 1.7 }, token));
    await ok(api.put('/api/v1/currency/rates/2026-11-01', { rate: 1.734512 }, token));
    await ok(
      api.put('/api/v1/platform-fees/AMAZONIND', { commissionPercent: 15.25, closingFee: 30.5 }, token),
    );
    const business = {
      name: 'Kura K.K.',
      address: '1-2-3 Kanda\nTokyo',
      phone: '03-1234-5678',
      email: 'a@kura.example',
    };
    await ok(api.put('/api/v1/business-details', business, token));
    await ok(api.put('/api/v1/business-details', { ...business, taxId: 'IEC 0123456789' }, token));

    // Users: a role, a deactivation, a password reset by link.
    await ok(api.put(`/api/v1/users/${clerk.user._id}`, { role: 'orderCreator' }, token));
    await ok(api.put(`/api/v1/users/${clerk.user._id}`, { active: false }, token));
    await ok(api.post('/api/v1/auth/forgot-password', { email: admin.email }));
    const link = new URL(server.mails.at(-1)?.link ?? '');
    await ok(
      api.post('/api/v1/auth/reset-password', {
        token: link.searchParams.get('token'),
        password: 'another-pass',
      }),
    );
    token = {
      token: (await api.post('/api/v1/auth/login', { email: admin.email, password: 'another-pass' })).body
        .token,
    };

    // Products: create, edit, stock adjustment, remark.
    const productBody = {
      name: 'Jagarico Salad',
      nameJa: 'じゃがりこ サラダ',
      skuCode: 'JAGA-1',
      janCode: nextJan(),
      categoryId,
      manufacturerId,
      supplierIds: [supplierId],
      purchasePrice: 120,
      inStockQuantity: 50,
      amazonStockQuantity: 0,
      shelfNumber: 'A-01-1',
      releaseDate: '2024-05-01',
      lowStockLevel: 3,
      activeStatus: true,
      availablePlatforms: [{ code: 'AMAZONIND', asin: 'B0JAGA0001' }],
    };
    const product = await ok(api.post('/api/v1/products', productBody, token), 201);
    await ok(
      api.put(
        `/api/v1/products/${product._id}`,
        { ...productBody, purchasePrice: 150, activeStatus: false },
        token,
      ),
    );
    await ok(api.put(`/api/v1/products/${product._id}`, { ...productBody, purchasePrice: 150 }, token));
    await ok(
      api.post(
        `/api/v1/products/${product._id}/stock-adjustments`,
        { quantity: 2, note: 'Found a box' },
        token,
      ),
      201,
    );
    await ok(api.post(`/api/v1/products/${product._id}/remarks`, { remark: 'Fragile' }, token), 201);

    // Requests: filed, resolved, turned into a product.
    const request = await ok(
      api.post(
        '/api/v1/issues',
        {
          title: 'Tokyo Banana',
          link: 'https://shop.example/tb',
          expectedPrice: 900,
          quantity: 4,
          note: 'Gift boxes',
        },
        token,
      ),
      201,
    );
    await ok(api.put(`/api/v1/issues/${request._id}`, { resolved: true }, token));
    await ok(api.put(`/api/v1/issues/${request._id}`, { resolved: false }, token));
    await ok(
      api.post(
        `/api/v1/issues/${request._id}/product`,
        { name: 'Tokyo Banana', skuCode: 'TB-1', janCode: nextJan() },
        token,
      ),
      201,
    );

    // Memos.
    const memo = await ok(
      api.post('/api/v1/memos', { title: 'Call the broker', body: 'Tuesday' }, token),
      201,
    );
    await ok(api.put(`/api/v1/memos/${memo._id}`, { title: 'Call the broker', body: 'Wednesday' }, token));
    expect((await api.request('DELETE', `/api/v1/memos/${memo._id}`, token)).status).toBe(204);

    // The cost simulator.
    const simulation = {
      name: 'Pocky matcha',
      product: product._id,
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
    const saved = await ok(api.post('/api/v1/simulation', simulation, token), 201);
    await ok(
      api.put(
        `/api/v1/simulation/${saved._id}`,
        {
          ...simulation,
          handling: { handlingFeeId: fee._id, type: 'amount', value: 300 },
          target: { type: 'percentage', value: 12.5 },
        },
        token,
      ),
    );

    // Orders: entered with every field, edited, moved through the statuses one by one and in bulk.
    const line = (orderId: string, extra: Json = {}) => ({
      product: product._id,
      platformCode: 'AMAZONIND',
      orderId,
      orderDate: '2026-11-20',
      orderQuantity: 2,
      currency: 'INR',
      baseOrderPrice: 1999.5,
      discount: 0,
      ...extra,
    });
    const [first, second] = (await ok(
      api.post(
        '/api/v1/orders',
        [
          line('403-0000001-0000001', {
            commission: 10,
            closingFee: 5.5,
            gst: 1.25,
            handlingFee: 3,
            shippingFee: 400,
            expectedShippingDate: '2026-11-25',
          }),
          line('403-0000002-0000002'),
        ],
        token,
      ),
      201,
    )) as Json[];
    await ok(
      api.put(
        `/api/v1/orders/${first._id}`,
        {
          discount: 25,
          gst: 2,
          expectedShippingDate: '2026-11-27',
          customer: { name: 'Sana Kapoor', email: 'sana@example.in', city: 'Pune', country: 'India' },
        },
        token,
      ),
    );
    await ok(
      api.put(`/api/v1/orders/${first._id}`, { customer: { name: 'Sana Kapoor', city: 'Mumbai' } }, token),
    );
    await ok(
      api.put('/api/v1/orders/status', { ids: [first._id, second._id], shipmentStatus: 'ACCEPTED' }, token),
    );
    await ok(api.put(`/api/v1/orders/${first._id}`, { shipmentStatus: 'PACKED' }, token));
    await ok(api.put(`/api/v1/orders/${second._id}`, { shipmentStatus: 'PACKED' }, token));
    const japan = await ok(
      api.post(
        '/api/v1/orders',
        line('503-0000003-0000003', { platformCode: 'AMAZONJP', currency: 'JPY', baseOrderPrice: 1200 }),
        token,
      ),
      201,
    );
    await ok(api.put(`/api/v1/orders/${japan._id}`, { discount: 100, shipmentStatus: 'CANCELLED' }, token));

    // Advance orders: booked, released.
    const advance = await ok(
      api.post('/api/v1/advance-orders', line('403-0000004-0000004', { deliveryDate: '2026-12-24' }), token),
      201,
    );
    await ok(api.put(`/api/v1/advance-orders/${advance._id}`, { status: 'BOOKED' }, token));
    await ok(api.put(`/api/v1/advance-orders/${advance._id}`, { status: 'RECEIVED' }, token));

    // Shipments: made, an order taken out and put back, customs saved and corrected.
    const shipment = await ok(
      api.post(
        '/api/v1/shipments',
        {
          shipmentId: 'SHP-00001',
          shippingDate: '2026-11-25',
          shippingMethod: methodId,
          totalShippingFee: 1000,
          shipmentTrackingLink: 'https://tracking.example/abc',
          orderIds: [first._id, second._id],
        },
        token,
      ),
      201,
    );
    await ok(api.request('DELETE', `/api/v1/shipments/${shipment._id}/orders/${second._id}`, token));
    await ok(api.post(`/api/v1/shipments/${shipment._id}/orders`, { orderIds: [second._id] }, token));
    await ok(
      api.put(
        `/api/v1/shipments/${shipment._id}`,
        { customId: 'CUS-1', totalCustomFee: 1000, receivedDate: '2026-12-05' },
        token,
      ),
    );
    await ok(
      api.put(
        `/api/v1/shipments/${shipment._id}/customs`,
        { customId: 'CUS-2', totalCustomFee: 801.01, receivedDate: '2026-12-06' },
        token,
      ),
    );

    // OTZ orders: pushed by the storefront, accepted.
    const otz = await ok(
      api.post(
        '/api/v1/otz-orders',
        {
          paypalTransactionId: 'PAYID-1',
          orderDate: '2026-11-21',
          customer: { name: 'Ravi Kumar' },
          items: [{ product: product._id, orderQuantity: 1, price: 1500 }],
          currency: 'INR',
          amount: 1500,
        },
        token,
      ),
      201,
    );
    await ok(api.put(`/api/v1/otz-orders/${otz._id}`, { shipmentStatus: 'ACCEPTED' }, token));

    // Preferences: the columns a list hides, the date format.
    await ok(
      api.post(
        '/api/v1/user-preferences',
        { _id: 'orders.columns', value: { hidden: ['customFee', 'shipmentId'] } },
        token,
      ),
    );
    await ok(
      api.post('/api/v1/user-preferences', { _id: 'orders.columns', value: { hidden: ['discount'] } }, token),
    );
    await ok(api.post('/api/v1/user-preferences', { _id: 'products.columns', value: { hidden: [] } }, token));
    await ok(
      api.post('/api/v1/user-preferences', { _id: 'display', value: { dateFormat: 'DD/MM/YYYY' } }, token),
    );
  });
  afterAll(() => server?.close());

  const allEntries = async (): Promise<AuditEntry[]> => {
    const entries: AuditEntry[] = [];
    for (let page = 1; ; page += 1) {
      const res = await api.get(`/api/v1/audit-logs?page=${page}&limit=100&sort=at`, token);
      expect(res.status).toBe(200);
      entries.push(...(res.body.data as AuditEntry[]));
      if (entries.length >= res.body.totalCount) return entries;
    }
  };

  it("exercises every kind of record the server's writers name, and the history names each kind", async () => {
    const kinds = serverKinds();
    expect(kinds.length).toBeGreaterThan(10);
    const seen = new Set((await allEntries()).map((e) => e.entity));
    expect(kinds.filter((kind) => !seen.has(kind))).toEqual([]);
    expect(kinds.filter((kind) => !AUDIT_KINDS.includes(kind))).toEqual([]);
  });

  it.each(['en', 'ja'] as const)('reads every entry in %s: labels, values and names', async (lng) => {
    const missing: string[] = [];
    const t = await translator(lng, missing);
    const problems: string[] = [];
    for (const entry of await allEntries()) {
      const sentence = auditSentence(entry, {
        t,
        language: lng,
        dateFormat: 'YYYY-MM-DD',
        timeZone: 'Asia/Tokyo',
      });
      const where = `${entry.entity} ${entry.action}`;
      const headline = /\b[a-z]+\.[a-z]+\b/.test(sentence.headline)
        ? 'a dotted key'
        : unreadable(sentence.headline);
      if (headline) problems.push(`${where}: ${headline} in “${sentence.headline}”`);
      if (entry.action === 'update' && sentence.changes.length === 0)
        problems.push(`${where}: no change shown`);
      for (const change of sentence.changes) {
        const why = change.label === change.field ? 'an unknown field' : unreadable(change.text);
        if (why) problems.push(`${where} ${change.field}: ${why} in “${change.text}”`);
      }
    }
    expect(problems).toEqual([]);
    expect([...new Set(missing)]).toEqual([]);
  });
});
