/**
 * The packing station's writes on both databases: PACKED with a packing record (by an order
 * creator and by an admin) and the record in the order's history; records that do not count
 * the order exactly, part of an order, a wrong status and an oversized record refused; an order
 * creator's plain status change still refused; the short pick; and two packers of one order at
 * once, of whom exactly one succeeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJanCheckDigit } from '#shared/domain/jan';
import { MAX_PACKING_ENTRIES, MAX_SHORT_PICK_REASON } from '#shared/domain/packing';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

type Account = Awaited<ReturnType<typeof setupAccounts>>['admin'];

let janCounter = 300_000;
const nextJan = () => withJanCheckDigit(`491${String((janCounter += 1)).padStart(9, '0')}`);
let orderCounter = 0;
const nextOrderId = () => `407-${String((orderCounter += 1)).padStart(7, '0')}-PACK`;
const AT = '2026-11-27T10:00:00.000Z';

describe.each(testDialects())('packing station (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Account;
  let creator: Account;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin;
    creator = await accounts.withRole('orderCreator');
  });
  afterAll(() => server?.close());

  const as = (account: Account) => ({ token: account.token });

  async function product(): Promise<Json> {
    const janCode = nextJan();
    const res = await api.post(
      '/api/v1/products',
      {
        name: `Pocky ${janCode}`,
        skuCode: `PK-${janCode}`,
        janCode,
        purchasePrice: 200,
        inStockQuantity: 50,
        amazonStockQuantity: 0,
        availablePlatforms: [{ code: 'AMAZONIND', asin: `B0${janCode}` }],
      },
      as(admin),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  /** An order of two lines (quantities 2 and 1), in `status`. */
  async function twoLineOrder(status: 'RECEIVED' | 'ACCEPTED' = 'ACCEPTED') {
    const [a, b] = [await product(), await product()];
    const orderId = nextOrderId();
    const line = (p: Json, orderQuantity: number) => ({
      product: p._id,
      platformCode: 'AMAZONIND',
      orderId,
      orderDate: '2026-11-20',
      orderQuantity,
      currency: 'INR',
      baseOrderPrice: 1500,
    });
    const res = await api.post('/api/v1/orders', [line(a, 2), line(b, 1)], as(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const ids = (res.body.data as Json[]).map((o) => o._id as string);
    if (status === 'ACCEPTED') {
      const accepted = await api.put('/api/v1/orders/status', { ids, shipmentStatus: 'ACCEPTED' }, as(admin));
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    }
    return { orderId, ids, janA: a.janCode as string, janB: b.janCode as string };
  }

  const fullRecord = (janA: string, janB: string) => ({
    scanned: [
      { janCode: janA, at: AT },
      { janCode: janB, at: AT },
      { janCode: janA, at: AT },
    ],
    refused: [
      { janCode: '4900000000003', reason: 'notInOrder', at: AT },
      { janCode: janB, reason: 'overScan', at: AT },
    ],
  });

  const pack = (account: Account, ids: string[], packing: Json) =>
    api.put('/api/v1/orders/status', { ids, shipmentStatus: 'PACKED', packing }, as(account));

  const statuses = async (ids: string[]) =>
    Promise.all(
      ids.map(async (id) => (await api.get(`/api/v1/orders/${id}`, as(admin))).body.data.shipmentStatus),
    );

  const history = async (id: string) => {
    const res = await api.get(`/api/v1/audit-logs?page=1&limit=20&sort=-at&entityId=${id}`, as(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Json[];
  };

  it.each([
    ['an order creator', () => creator],
    ['an admin', () => admin],
  ])('%s packs an order with its record, kept in the history of each line', async (_, who) => {
    const { ids, janA, janB } = await twoLineOrder();
    const packing = fullRecord(janA, janB);
    const res = await pack(who(), ids, packing);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.data as Json[]).map((o) => o.shipmentStatus)).toEqual(['PACKED', 'PACKED']);
    for (const id of ids) {
      const [latest] = await history(id);
      expect(latest.action).toBe('update');
      expect(latest.user.fullname).toBe(who().fullname);
      expect(latest.before).toMatchObject({ shipmentStatus: 'ACCEPTED' });
      expect(latest.after).toMatchObject({ shipmentStatus: 'PACKED', packing });
    }
  });

  it("refuses an order creator's plain status change (403), and a creator's PACKED without a record", async () => {
    const { ids } = await twoLineOrder();
    for (const shipmentStatus of ['CANCELLED', 'PACKED']) {
      const res = await api.put('/api/v1/orders/status', { ids, shipmentStatus }, as(creator));
      expect(res.status, JSON.stringify(res.body)).toBe(403);
    }
    expect(await statuses(ids)).toEqual(['ACCEPTED', 'ACCEPTED']);
  });

  it('refuses a record that does not count the order exactly (400 naming the JAN), changing nothing', async () => {
    const { ids, janA, janB } = await twoLineOrder();
    const short = {
      scanned: [
        { janCode: janA, at: AT },
        { janCode: janB, at: AT },
      ],
      refused: [],
    };
    const res = await pack(creator, ids, short);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'packingMismatch',
      params: { janCode: janA, scanned: 1, ordered: 2 },
    });
    expect(res.body.message).toBe(
      `The packing record does not match the order: ${janA} scanned 1, ordered 2`,
    );
    const foreign = {
      scanned: [...fullRecord(janA, janB).scanned, { janCode: '4900000000003', at: AT }],
      refused: [],
    };
    expect((await pack(creator, ids, foreign)).body).toMatchObject({
      code: 'packingMismatch',
      params: { janCode: '4900000000003', scanned: 1, ordered: 0 },
    });
    expect(await statuses(ids)).toEqual(['ACCEPTED', 'ACCEPTED']);
  });

  it('refuses part of an order, or lines of two orders, as one packing (400)', async () => {
    const first = await twoLineOrder();
    const second = await twoLineOrder();
    const part = await pack(creator, [first.ids[0] as string], {
      scanned: [{ janCode: first.janA, at: AT, quantity: 2 }],
      refused: [],
    });
    expect(part.status).toBe(400);
    expect(part.body).toMatchObject({ code: 'packingWholeOrder', params: { orderId: first.orderId } });
    const mixed = await pack(creator, [...first.ids, ...second.ids], {
      ...fullRecord(first.janA, first.janB),
      scanned: [
        ...fullRecord(first.janA, first.janB).scanned,
        ...fullRecord(second.janA, second.janB).scanned,
      ],
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.code).toBe('packingWholeOrder');
  });

  it('refuses an order not ACCEPTED (409), a packed one again (409), and a record with another status (400)', async () => {
    const received = await twoLineOrder('RECEIVED');
    const notAccepted = await pack(creator, received.ids, fullRecord(received.janA, received.janB));
    expect(notAccepted.status).toBe(409);
    expect(notAccepted.body.code).toBe('cannotChangeStatus');

    const { ids, janA, janB } = await twoLineOrder();
    expect((await pack(creator, ids, fullRecord(janA, janB))).status).toBe(200);
    expect((await pack(creator, ids, fullRecord(janA, janB))).status).toBe(409);

    const other = await twoLineOrder();
    const cancel = await api.put(
      '/api/v1/orders/status',
      { ids: other.ids, shipmentStatus: 'CANCELLED', packing: fullRecord(other.janA, other.janB) },
      as(admin),
    );
    expect(cancel.status).toBe(400);
    expect(JSON.stringify(cancel.body)).toContain('packingOnlyToPacked');
  });

  it(`bounds the record at ${MAX_PACKING_ENTRIES} entries a list, with a clear 400`, async () => {
    const { ids, janA } = await twoLineOrder();
    const scanned = Array.from({ length: MAX_PACKING_ENTRIES + 1 }, () => ({ janCode: janA, at: AT }));
    const res = await pack(creator, ids, { scanned, refused: [] });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]).toMatchObject({
      field: 'packing.scanned',
      code: 'packingTooManyEntries',
      message: `A packing record holds at most ${MAX_PACKING_ENTRIES} entries in each list`,
    });
    const badReason = await pack(creator, ids, {
      scanned: [],
      refused: [{ janCode: janA, reason: 'sneezed', at: AT }],
    });
    expect(badReason.status).toBe(400);
  });

  it('records a short pick on every line of the order, which stays ACCEPTED', async () => {
    const { ids } = await twoLineOrder();
    const res = await api.post(
      `/api/v1/orders/${ids[1]}/short-pick`,
      { reason: '  Shelf B-12 is empty  ' },
      as(creator),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.data as Json[]).map((o) => o.shipmentStatus)).toEqual(['ACCEPTED', 'ACCEPTED']);
    for (const id of ids) {
      const [latest] = await history(id);
      expect(latest.after).toMatchObject({ shortPick: { reason: 'Shelf B-12 is empty' } });
      expect(latest.user.fullname).toBe(creator.fullname);
    }
    expect(await statuses(ids)).toEqual(['ACCEPTED', 'ACCEPTED']);
  });

  it('refuses a short pick without a reason, with one too long, of an order not ACCEPTED or unknown', async () => {
    const { ids, janA, janB } = await twoLineOrder();
    const empty = await api.post(`/api/v1/orders/${ids[0]}/short-pick`, { reason: '   ' }, as(creator));
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]).toMatchObject({ field: 'reason', code: 'shortPickReasonRequired' });
    const missing = await api.post(`/api/v1/orders/${ids[0]}/short-pick`, {}, as(creator));
    expect(missing.status).toBe(400);
    const long = await api.post(
      `/api/v1/orders/${ids[0]}/short-pick`,
      { reason: 'x'.repeat(MAX_SHORT_PICK_REASON + 1) },
      as(creator),
    );
    expect(long.status).toBe(400);
    expect((await pack(admin, ids, fullRecord(janA, janB))).status).toBe(200);
    const packed = await api.post(`/api/v1/orders/${ids[0]}/short-pick`, { reason: 'gone' }, as(creator));
    expect(packed.status).toBe(409);
    expect(packed.body).toMatchObject({ code: 'shortPickNotAccepted', params: { status: 'PACKED' } });
    const unknown = await api.post(
      '/api/v1/orders/no-such-order/short-pick',
      { reason: 'gone' },
      as(creator),
    );
    expect(unknown.status).toBe(404);
  });

  it('lets exactly one of two packers packing the same order at once succeed', async () => {
    for (let round = 0; round < 5; round++) {
      const { ids, janA, janB } = await twoLineOrder();
      const answers = await Promise.all([
        pack(creator, ids, fullRecord(janA, janB)),
        pack(admin, [...ids].reverse(), fullRecord(janA, janB)),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await statuses(ids)).toEqual(['PACKED', 'PACKED']);
      const packedEntries = (await history(ids[0] as string)).filter((e) => e.after?.packing);
      expect(packedEntries).toHaveLength(1);
    }
  });
});
