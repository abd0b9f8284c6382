/**
 * INR→JPY exchange rates on both databases: the rate in effect today, setting a date's rate
 * (created, replaced, refused input writing nothing), the list's filters and sorts, who may do
 * what, and the rule that an order's stored rate is the one in effect on its order date,
 * however rates are added, inserted between others or replaced, and under parallel writers.
 */
import { CompiledQuery } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJanCheckDigit } from '#shared/domain/jan';
import { todayIso } from '#shared/domain/periods';
import { setQueryTap } from '../src/db/connect';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

type Account = Awaited<ReturnType<typeof setupAccounts>>['admin'];

const ZONE = 'Asia/Tokyo';
let orderCounter = 0;

describe.each(testDialects())('exchange rates (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Account;
  let creator: Account;
  let productId = '';
  const today = todayIso(new Date(), ZONE);
  const daysFromToday = (days: number) => DateTime.fromISO(today).plus({ days }).toISODate() as string;

  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { timeZone: ZONE } });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin;
    creator = await accounts.withRole('orderCreator');
    const product = await api.post(
      '/api/v1/products',
      {
        name: 'Hojicha',
        skuCode: 'HJ-1',
        janCode: withJanCheckDigit('490000000001'),
        purchasePrice: 300,
        inStockQuantity: 10,
      },
      { token: admin.token },
    );
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    productId = product.body.data._id as string;
  });
  afterAll(() => server?.close());

  const as = (account: Account) => ({ token: account.token });
  const put = (date: string, body: unknown, account: Account = admin) =>
    api.put(`/api/v1/currency/rates/${date}`, body, as(account));
  const setRate = async (date: string, rate: number) => {
    const res = await put(date, { rate });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Json;
  };
  const rates = async (query = '') => {
    const res = await api.get(`/api/v1/currency/rates?${query}`, as(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { data: Json[]; totalCount: number };
  };
  const current = async () => {
    const res = await api.get('/api/v1/currency', as(creator));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Json;
  };
  const auditEntries = async (date?: string) => {
    const res = await api.get(
      `/api/v1/audit-logs?entity=exchangeRate${date ? `&entityId=${date}` : ''}&limit=100`,
      as(admin),
    );
    expect(res.status).toBe(200);
    return res.body as { data: Json[]; totalCount: number };
  };

  async function order(orderDate: string, platformCode = 'AMAZONIND'): Promise<Json> {
    orderCounter += 1;
    const res = await api.post(
      '/api/v1/orders',
      {
        product: productId,
        platformCode,
        orderId: `RATE-${orderCounter}`,
        orderDate,
        orderQuantity: 1,
        currency: platformCode === 'AMAZONJP' ? 'JPY' : 'INR',
        baseOrderPrice: 1000,
      },
      as(admin),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }
  /** The plan of a query on the server's database (PostgreSQL told to avoid scans it could). */
  const explain = async (query: CompiledQuery) => {
    const db = server.app.db;
    if (dialect === 'sqlite') {
      const result = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      return result.rows.map((r) => r.detail).join('\n');
    }
    return db.connection().execute(async (conn) => {
      await conn.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
      try {
        const result = await conn.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
        );
        return result.rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await conn.executeQuery(CompiledQuery.raw('reset enable_seqscan'));
      }
    });
  };
  const stored = async (id: string) => {
    const res = await api.get(`/api/v1/orders/${id}`, as(admin));
    expect(res.status).toBe(200);
    return res.body.data as Json;
  };

  describe('the rate in effect today', () => {
    it('is null while there is no rate, then the latest dated on or before today', async () => {
      expect(await current()).toEqual({ date: today, from: 'INR', to: 'JPY', rate: null });

      // Only a future rate: not in effect yet.
      await setRate(daysFromToday(30), 2.1);
      expect((await current()).rate).toBeNull();

      await setRate(daysFromToday(-10), 1.69);
      expect(await current()).toEqual({ date: today, from: 'INR', to: 'JPY', rate: 1.69 });

      await setRate(today, 1.734512);
      expect((await current()).rate).toBe(1.734512);
    });

    it('is read by any member of staff; the dated rates only by admins', async () => {
      expect((await api.get('/api/v1/currency', as(admin))).status).toBe(200);
      expect((await api.get('/api/v1/currency', as(creator))).status).toBe(200);
      expect((await api.get('/api/v1/currency')).status).toBe(401);
      expect((await api.get('/api/v1/currency/rates', as(creator))).status).toBe(403);
      const refused = await put(today, { rate: 9 }, creator);
      expect(refused.status).toBe(403);
      expect((await current()).rate).toBe(1.734512);
    });
  });

  describe('setting a rate', () => {
    it('creates, then replaces, the date with an audit entry each', async () => {
      const date = '2019-05-01';
      const created = await setRate(date, 1.6);
      expect(created).toMatchObject({ _id: date, date, rate: 1.6 });
      expect(created.createdAt).toBe(created.updatedAt);

      const replaced = await setRate(date, 1.612345);
      expect(replaced).toMatchObject({ _id: date, date, rate: 1.612345, createdAt: created.createdAt });
      expect(replaced.updatedAt >= created.updatedAt).toBe(true);
      expect((await rates(`date=${date}`)).data).toEqual([replaced]);

      const audit = (await auditEntries(date)).data;
      expect(audit.map((e) => e.action).sort()).toEqual(['create', 'update']);
      const update = audit.find((e) => e.action === 'update');
      expect(update).toMatchObject({
        entity: 'exchangeRate',
        entityId: date,
        entityName: date,
        before: { date, rate: 1.6 },
        after: { date, rate: 1.612345 },
      });
    });

    it('leaves no trace when the rate is the same', async () => {
      const before = (await auditEntries('2019-05-01')).totalCount;
      const same = await setRate('2019-05-01', 1.612345);
      expect(same.rate).toBe(1.612345);
      expect((await auditEntries('2019-05-01')).totalCount).toBe(before);
    });

    it('keeps every decimal it is given, up to six', async () => {
      for (const rate of [0.000001, 1.000001, 2147.483647, 1.1, 0.3]) {
        expect((await setRate('2019-06-01', rate)).rate).toBe(rate);
      }
    });

    it('refuses more than six decimals, zero, negatives and bad dates, writing nothing', async () => {
      const [auditBefore, listBefore] = [(await auditEntries()).totalCount, await rates('limit=100')];
      const cases: [string, unknown, string, Json?][] = [
        ['2019-07-01', { rate: 1.7345121 }, 'tooManyDecimals', { max: '6' }],
        ['2019-07-01', { rate: 0 }, 'tooSmall', { min: '0.000001' }],
        ['2019-07-01', { rate: -1.5 }, 'tooSmall', { min: '0.000001' }],
        ['2019-07-01', { rate: 2147.483648 }, 'tooLarge'],
        ['2019-07-01', { rate: 1e-7 }, 'tooManyDecimals', { max: '6' }],
        ['2019-07-01', { rate: '1.5' }, 'enterNumber'],
        ['2019-07-01', {}, 'enterNumber'],
        ['2019-07-01', { rate: 1.5, extra: 1 }, 'unknownField'],
        ['2019-02-30', { rate: 1.5 }, 'invalidDate'],
        ['2019-7-1', { rate: 1.5 }, 'invalidDate'],
        ['today', { rate: 1.5 }, 'invalidDate'],
      ];
      for (const [date, body, code, params] of cases) {
        const res = await put(date, body);
        const label = `${date} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`;
        expect(res.status, label).toBe(400);
        expect(res.body.code, label).toBe(code);
        if (params) expect(res.body.params, label).toMatchObject(params);
      }
      expect((await auditEntries()).totalCount).toBe(auditBefore);
      expect(await rates('limit=100')).toEqual(listBefore);
    });
  });

  describe('the list', () => {
    it('sorts by date (newest first by default) and filters date ranges', async () => {
      const all = await rates('limit=100');
      const dates = all.data.map((r) => r.date as string);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(all.totalCount).toBe(dates.length);
      expect(all.data.every((r) => r._id === r.date)).toBe(true);

      const ascending = await rates('sort=date&limit=100');
      expect(ascending.data.map((r) => r.date)).toEqual([...dates].sort());

      const paged = await rates('sort=date&limit=2&page=2');
      expect(paged.data.map((r) => r.date)).toEqual([...dates].sort().slice(2, 4));
      expect(paged.totalCount).toBe(dates.length);

      const may = await rates('date[gte]=2019-05-01&date[lte]=2019-05-31');
      expect(may.data.map((r) => r.date)).toEqual(['2019-05-01']);
      expect(may.totalCount).toBe(1);
      expect((await rates(`date[eq]=${today}`)).data.map((r) => r.rate)).toEqual([1.734512]);
      expect((await rates(`date[gte]=${daysFromToday(1)}`)).data.map((r) => r.rate)).toEqual([2.1]);
    });

    it('answers 400 to fields it does not know and values that are not dates', async () => {
      for (const [query, code] of [
        ['sort=rate', 'querySort'],
        ['rate=1', 'queryFilter'],
        ['date[gte]=soon', 'queryDate'],
      ] as const) {
        const res = await api.get(`/api/v1/currency/rates?${query}`, as(admin));
        expect(res.status, query).toBe(400);
        expect(res.body.code, query).toBe(code);
      }
    });
  });

  describe('orders take the rate in effect on their order date', () => {
    it('follows every rate put before, between and after them, and leaves yen orders alone', async () => {
      const a = await order('2021-03-10');
      const b = await order('2021-03-20');
      const c = await order('2021-04-05');
      const yen = await order('2021-03-20', 'AMAZONJP');
      const ids = { a: a._id as string, b: b._id as string, c: c._id as string, yen: yen._id as string };
      const expectRates = async (want: Record<keyof typeof ids, number | null>) => {
        const got: Record<string, unknown> = {};
        for (const [name, id] of Object.entries(ids)) got[name] = (await stored(id)).exchangeRate;
        expect(got).toEqual(want);
      };
      // Rates dated before 2021 exist (2019): the orders already have the latest of them.
      await expectRates({ a: 0.3, b: 0.3, c: 0.3, yen: null });

      await setRate('2021-03-15', 1.5);
      await expectRates({ a: 0.3, b: 1.5, c: 1.5, yen: null });

      await setRate('2021-03-01', 1.6);
      await expectRates({ a: 1.6, b: 1.5, c: 1.5, yen: null });

      await setRate('2021-04-01', 1.7);
      await expectRates({ a: 1.6, b: 1.5, c: 1.7, yen: null });

      // Between two rates: only its own range changes, and orders outside it are not written.
      const [aBefore, cBefore] = [await stored(ids.a), await stored(ids.c)];
      await setRate('2021-03-18', 1.55);
      await expectRates({ a: 1.6, b: 1.55, c: 1.7, yen: null });
      expect((await stored(ids.a)).updatedAt).toBe(aBefore.updatedAt);
      expect((await stored(ids.c)).updatedAt).toBe(cBefore.updatedAt);

      // Replacing a rate whose range no longer holds an order changes no order.
      await setRate('2021-03-15', 1.45);
      await expectRates({ a: 1.6, b: 1.55, c: 1.7, yen: null });

      await setRate('2021-03-01', 1.65);
      await expectRates({ a: 1.65, b: 1.55, c: 1.7, yen: null });

      // On the very date of a rate, that rate.
      await setRate('2021-03-20', 1.58);
      await expectRates({ a: 1.65, b: 1.58, c: 1.7, yen: null });

      // The last rate's range runs on to the next dated one (here the one of 10 days ago).
      const later = await order(daysFromToday(-11));
      expect(later.exchangeRate).toBe(1.7);
      await setRate('2021-04-01', 1.71);
      expect((await stored(later._id as string)).exchangeRate).toBe(1.71);
    });

    it('gives a new order the rate of its date, and null before the first rate', async () => {
      expect((await order('2021-03-25')).exchangeRate).toBe(1.58);
      expect((await order('2021-03-01')).exchangeRate).toBe(1.65);
      expect((await order(today)).exchangeRate).toBe(1.734512);
      expect((await order('2018-12-31')).exchangeRate).toBeNull();
      expect((await order('2021-03-25', 'AMAZONJP')).exchangeRate).toBeNull();
    });

    it('answers 200 to parallel writers of one new date: one row, the last write everywhere', async () => {
      const date = '2023-06-01';
      const orders = [await order('2023-06-01'), await order('2023-06-15'), await order('2023-05-31')];
      const sent = Array.from({ length: 10 }, (_, i) => Number(`2.0000${String(i + 10)}`));
      const answers = await Promise.all(sent.map((rate) => put(date, { rate })));
      expect(answers.map((r) => r.status)).toEqual(sent.map(() => 200));

      const rows = await rates(`date=${date}`);
      expect(rows.totalCount).toBe(1);
      const final = rows.data[0]?.rate as number;
      expect(sent).toContain(final);

      // The audit entries chain one write to the next: created once, each update starting from
      // the rate the one before left, and the chain ends at the stored rate.
      const audit = (await auditEntries(date)).data;
      expect(audit).toHaveLength(10);
      expect(audit.filter((e) => e.action === 'create')).toHaveLength(1);
      const nextOf = new Map(audit.filter((e) => e.before).map((e) => [e.before.rate, e.after.rate]));
      let rate = audit.find((e) => e.action === 'create')?.after.rate as number;
      for (let i = 0; i < 9; i += 1) rate = nextOf.get(rate) as number;
      expect(rate).toBe(final);

      expect((await stored(orders[0]._id)).exchangeRate).toBe(final);
      expect((await stored(orders[1]._id)).exchangeRate).toBe(final);
      // Before the date: the rate of 2021-04-01 still.
      expect((await stored(orders[2]._id)).exchangeRate).toBe(1.71);
    });

    it("finds a rate's orders through the order date index", async () => {
      const captured: CompiledQuery[] = [];
      setQueryTap((query, db) => {
        if (
          db === server.app.db &&
          /^\s*(update|select)\b.*\bfrom "orders"|^\s*update "orders"/is.test(query.sql)
        ) {
          captured.push(query);
        }
      });
      try {
        await setRate('2021-04-01', 1.72);
      } finally {
        setQueryTap(undefined);
      }
      expect(captured.length).toBeGreaterThan(0);
      for (const query of captured) {
        const plan = await explain(query);
        expect(plan, query.sql).toMatch(/ix_orders__order_date/);
        expect(plan, query.sql).not.toMatch(/^\s*SCAN orders(\s|$)|Seq Scan on orders/m);
      }
      await setRate('2021-04-01', 1.71);
    });

    it('never lets an order be created with a rate a parallel writer replaces', async () => {
      const date = '2024-02-01';
      await setRate(date, 3.1);
      const writes = Array.from({ length: 6 }, (_, i) => put(date, { rate: 3.2 + i / 100 }));
      const creates = Array.from({ length: 6 }, () => order('2024-02-10'));
      const [written, created] = await Promise.all([Promise.all(writes), Promise.all(creates)]);
      expect(written.map((r) => r.status)).toEqual(written.map(() => 200));
      const final = (await rates(`date=${date}`)).data[0]?.rate;
      for (const o of created) expect((await stored(o._id as string)).exchangeRate).toBe(final);
    });
  });
});
