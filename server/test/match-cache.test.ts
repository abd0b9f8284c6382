/**
 * The search match cache (server/src/db/match-cache.ts): a set is read once per text and data
 * version, a write to a table it was read from makes the next search read it again, the
 * least recently used texts go first, a set too large to keep is used as it is, and a fill
 * never lands inside another request's transaction. Through the API on both databases: an
 * order search follows a product's rename and a new order at once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedMatch, cachedMatches, forgetKeptSets, pruneKeptSets } from '../src/db/match-cache';
import { setQueryTap } from '../src/db/connect';
import { sqliteOf } from '../src/db/sqlite-handle';
import { client, createProduct, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

describe('the match cache on SQLite', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ dialect: 'sqlite' });
  });
  afterAll(() => server.close());

  const db = () => server.app.db;
  const read = async (subquery: ReturnType<typeof sql>) =>
    (await sql<{ id: string }>`select id from (${subquery}) order by id`.execute(db())).rows.map((r) => r.id);
  /** `n` ids, each counted in `runs` as the database reads it. */
  let runs = 0;
  const counted = (n: number, prefix: string) => {
    sqliteOf(db())?.function('kura_test_counted', { deterministic: false }, () => ++runs);
    return sql`with recursive s(v) as (select 1 union all select v + 1 from s where v < ${n})
      select ${prefix} || v as id from s where kura_test_counted() > 0`;
  };
  const keptRows = async () =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from temp.kura_match_cache`.execute(db())).rows[0]?.n ??
        0,
    );

  it('reads a set once per text, and again after a write to a table it came from', async () => {
    runs = 0;
    const first = await cachedMatch(db(), 'test', ['products'], 'abc', counted(3, 'a'));
    expect(await read(first)).toEqual(['a1', 'a2', 'a3']);
    expect(runs).toBe(3);
    const again = await cachedMatch(db(), 'test', ['products'], 'abc', counted(3, 'a'));
    expect(await read(again)).toEqual(['a1', 'a2', 'a3']);
    expect(runs).toBe(3);
    // Another table's write leaves it; a products write reads it again.
    await sql`update list_versions set version = version + 1 where name = 'orders'`.execute(db());
    await cachedMatch(db(), 'test', ['products'], 'abc', counted(3, 'a'));
    expect(runs).toBe(3);
    await sql`update list_versions set version = version + 1 where name = 'products'`.execute(db());
    const fresh = await cachedMatch(db(), 'test', ['products'], 'abc', counted(2, 'b'));
    expect(await read(fresh)).toEqual(['b1', 'b2']);
    expect(runs).toBe(5);
  });

  it('lets the least recently used texts go past its bound, and uses a set too large to keep as it is', async () => {
    await sql`delete from temp.kura_match_cache`.execute(db()).catch(() => {});
    const rows = (n: number, prefix: string) =>
      sql`with recursive s(v) as (select 1 union all select v + 1 from s where v < ${n})
        select ${prefix} || v as id from s`;
    // Bound 100: a text may keep 10 rows; 11 are used as they are.
    const large = rows(11, 'L');
    expect(await cachedMatch(db(), 'bound', ['products'], 'large', large, 100)).toBe(large);
    for (let i = 0; i < 12; i++) {
      const cached = await cachedMatch(db(), 'bound', ['products'], `t${i}`, rows(10, `t${i}-`), 100);
      expect(await read(cached)).toHaveLength(10);
      // The first text is used again each time, so it stays while the others come and go.
      await cachedMatch(db(), 'bound', ['products'], 't0', rows(10, 't0-'), 100);
    }
    const keys = (
      await sql<{ key: string }>`select distinct key from temp.kura_match_cache`.execute(db())
    ).rows.map((r) => JSON.parse(r.key)[2] as string);
    expect(keys).toContain('t0');
    expect(keys).toContain('t11');
    expect(keys).not.toContain('t1');
    expect(keys).not.toContain('large');
    expect(await keptRows()).toBeLessThanOrEqual(100);
  });

  it('fills only once another request’s transaction has ended, so its rollback cannot take the rows', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = db()
      .transaction()
      .execute(async (trx) => {
        await sql`update list_versions set version = version where name = 'orders'`.execute(trx);
        await held;
        order.push('transaction');
        throw new Error('rolled back');
      })
      .catch(() => {});
    const rows = sql`with recursive s(v) as (select 1 union all select v + 1 from s where v < 3)
      select 'r' || v as id from s`;
    const filled = cachedMatch(db(), 'trx', ['orders'], 'x', rows).then((subquery) => {
      order.push('filled');
      return subquery;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await read(await filled)).toEqual(['r1', 'r2', 'r3']);
    expect(order).toEqual(['transaction', 'filled']);
  });

  it('is not used inside a transaction: the subquery comes back as it is', async () => {
    const rows = sql`select 'one' as id`;
    await db()
      .transaction()
      .execute(async (trx) => {
        expect(await cachedMatch(trx as never, 'trx', ['orders'], 'y', rows)).toBe(rows);
      });
  });
});

describe.each(testDialects())('the match cache (%s)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    await sql`create table kura_test_ids (id text primary key)`.execute(server.app.db);
    await sql`insert into kura_test_ids (id) values ('a')`.execute(server.app.db);
  });
  afterAll(() => server.close());

  it('answers a set as read at its tables’ version until one of them is written', async () => {
    const db = server.app.db;
    const read = async () => {
      const set = await cachedMatch(db, 'ids', ['products'], 'x', sql`select id from kura_test_ids`);
      const rows = (await sql<Record<string, string>>`select * from (${set}) s`.execute(db)).rows;
      return rows.map((row) => Object.values(row)[0]).sort();
    };
    expect(await read()).toEqual(['a']);
    // Not a write the versions see: the kept set is answered.
    await sql`insert into kura_test_ids (id) values ('b')`.execute(db);
    expect(await read()).toEqual(['a']);
    await sql`update list_versions set version = version + 1 where name = 'products'`.execute(db);
    expect(await read()).toEqual(['a', 'b']);
  });

  it('says when a kept set holds nothing, until a write to its tables may have filled it', async () => {
    const db = server.app.db;
    const sets = () =>
      cachedMatches(db, 'z', [
        { name: 'none', tables: ['orders'], ids: sql`select id from kura_test_ids where id = 'z'` },
        { name: 'some', tables: ['orders'], ids: sql`select id from kura_test_ids` },
      ]);
    for (let i = 0; i < 2; i++) expect((await sets()).map((set) => set.empty)).toEqual([true, false]);
    await sql`insert into kura_test_ids (id) values ('z')`.execute(db);
    await sql`update list_versions set version = version + 1 where name = 'orders'`.execute(db);
    const [none] = await sets();
    expect(none?.empty).toBe(false);
    expect((await sql`select * from (${none?.ids}) s`.execute(db)).rows).toHaveLength(1);
  });
});

describe.each(testDialects().filter((dialect) => dialect === 'postgres'))(
  'the match cache on PostgreSQL, shared by server processes (%s)',
  (dialect) => {
    let one: TestServer;
    let two: TestServer;

    beforeAll(async () => {
      one = await startTestServer({ dialect });
      two = await startTestServer({ dialect, databaseUrl: one.databaseUrl });
    });
    afterAll(async () => {
      await two.close();
      await one.close();
    });

    const rows = (n: number, prefix: string) =>
      sql`select ${prefix} || v as id from generate_series(1, ${n}::int) v`;
    const read = async (subquery: ReturnType<typeof sql>) =>
      (await sql<{ id: string }>`select id from (${subquery}) s order by id`.execute(one.app.db)).rows.map(
        (r) => r.id,
      );
    const sets = async () =>
      (
        await sql<{ key: string; size: number; ids: number }>`select s.key, s.size,
          (select count(*) from match_cache_ids i where i.set_id = s.set_id)::int as ids
          from match_cache_sets s order by s.set_id`.execute(one.app.db)
      ).rows.map((r) => ({ text: JSON.parse(r.key)[2] as string, size: r.size, ids: r.ids }));

    it('fills a set once for every process, even when they all ask at once', async () => {
      const asked = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          cachedMatch((i % 2 ? one : two).app.db, 'shared', ['products'], 'matcha', rows(5, 'm')),
        ),
      );
      for (const subquery of asked) expect(await read(subquery)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
      expect((await sets()).filter((set) => set.text === 'matcha')).toEqual([
        { text: 'matcha', size: 5, ids: 5 },
      ]);
      // Read from the kept rows, not the subquery: a different subquery under the same key
      // answers what was kept.
      expect(
        await read(await cachedMatch(two.app.db, 'shared', ['products'], 'matcha', rows(1, 'x'))),
      ).toHaveLength(5);
    });

    it('uses a set too large to keep as it is, and remembers that it is', async () => {
      const large = rows(11, 'L');
      expect(await cachedMatch(one.app.db, 'bound', ['products'], 'large', large, 100)).toBe(large);
      expect(await cachedMatch(two.app.db, 'bound', ['products'], 'large', large, 100)).toBe(large);
      expect((await sets()).filter((set) => set.text === 'large')).toEqual([
        { text: 'large', size: -1, ids: 0 },
      ]);
    });

    it('looks again after forgetting, as after a restart that emptied the kept tables', async () => {
      const set = () => cachedMatch(one.app.db, 'restart', ['products'], 'hojicha', rows(2, 'h'));
      expect(await read(await set())).toEqual(['h1', 'h2']);
      // A crash truncates unlogged tables; every connection after it is new.
      await sql`truncate match_cache_ids, match_cache_sets`.execute(one.app.db);
      expect(await read(await set())).toEqual([]);
      forgetKeptSets(one.app.db);
      expect(await read(await set())).toEqual(['h1', 'h2']);
    });

    it('prunes sets unused for long, and past its bound the least recently used', async () => {
      await sql`delete from match_cache_ids`.execute(one.app.db);
      await sql`delete from match_cache_sets`.execute(one.app.db);
      for (const text of ['t0', 't1', 't2', 't3']) {
        await cachedMatch(one.app.db, 'prune', ['products'], text, rows(10, `${text}-`));
      }
      // Recently used sets stay whatever the bound.
      await pruneKeptSets(one.app.db, 25);
      expect(await sets()).toHaveLength(4);
      // Past 25 kept ids, the sets used longest ago go (unused for 0 seconds counts as long).
      await pruneKeptSets(one.app.db, 25, { unusedFor: '0 seconds', staleAfter: '1 hour' });
      expect(await sets()).toEqual([
        { text: 't2', size: 10, ids: 10 },
        { text: 't3', size: 10, ids: 10 },
      ]);
      await pruneKeptSets(one.app.db, 25, { unusedFor: '1 hour', staleAfter: '0 seconds' });
      expect(await sets()).toEqual([]);
      expect(
        (await sql<{ n: number }>`select count(*)::int as n from match_cache_ids`.execute(one.app.db)).rows[0]
          ?.n,
      ).toBe(0);
    });
  },
);

describe.each(testDialects())('order search with the match cache (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: { token: string };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    admin = (await setupAccounts(api)).admin;
  });
  afterAll(() => server.close());

  const search = async (text: string) => {
    const res = await api.get(`/api/v1/orders/search?searchStr=${encodeURIComponent(text)}&limit=100`, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { data: Json[]; totalcount: number };
  };

  it('reads the tables’ versions once for a search’s kept sets, its total and its walk', async () => {
    const reads: string[] = [];
    setQueryTap((query, db) => {
      if (db === server.app.db && /list_versions/.test(query.sql)) reads.push(query.sql);
    });
    try {
      for (const text of ['matcha', 'matcha', '403-12']) {
        reads.length = 0;
        await search(text);
        expect(reads).toHaveLength(1);
      }
    } finally {
      setQueryTap(undefined);
    }
  });

  it('follows a product rename and a new order at once, and so do the sales search’s totals', async () => {
    const fields = {
      name: 'Hojicha Latte Mix',
      skuCode: `HJ-${dialect}`,
      janCode: '4901234567894',
      purchasePrice: 300,
      inStockQuantity: 10,
      amazonStockQuantity: 0,
      availablePlatforms: [{ code: 'AMAZONJP', asin: 'B0HOJICHA1' }],
    };
    const created = await api.post('/api/v1/products', fields, admin);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const productId = created.body.data._id as string;
    const order = (orderId: string) =>
      api.post(
        '/api/v1/orders',
        {
          product: productId,
          platformCode: 'AMAZONJP',
          orderId,
          orderDate: '2026-11-20',
          orderQuantity: 1,
          currency: 'JPY',
          baseOrderPrice: 1000,
        },
        admin,
      );
    const first = await order('249-0000001-0000001');
    expect(first.status).toBe(201);
    for (const shipmentStatus of ['ACCEPTED', 'PACKED', 'COMPLETED']) {
      expect((await api.put(`/api/v1/orders/${first.body.data._id}`, { shipmentStatus }, admin)).status).toBe(
        200,
      );
    }
    const sales = async (text: string) =>
      (await api.get(`/api/v1/sales?from=2026-11-01&to=2026-11-30&searchStr=${text}`, admin)).body.totalCount;

    expect((await search('kinako')).totalcount).toBe(0);
    // Searched once more: the (empty) sets and totals are kept now.
    expect((await search('kinako')).totalcount).toBe(0);
    expect(await sales('kinako')).toBe(0);
    expect(await sales('kinako')).toBe(0);
    const renamed = await api.put(
      `/api/v1/products/${productId}`,
      { ...fields, inStockQuantity: undefined, name: 'Kinako Latte Mix' },
      admin,
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await search('kinako')).data.map((o) => o.orderId)).toEqual(['249-0000001-0000001']);
    expect((await search('hojicha')).totalcount).toBe(0);
    expect(await sales('kinako')).toBe(1);

    expect((await search('0000002')).totalcount).toBe(0);
    expect((await order('249-0000002-0000002')).status).toBe(201);
    expect((await search('0000002')).data.map((o) => o.orderId)).toEqual(['249-0000002-0000002']);
  });

  it('reads an order id fragment’s page from its kept set in date order, and leaves empty sets out of a lookup', async () => {
    const pages: string[] = [];
    setQueryTap((query, db) => {
      if (db === server.app.db && /^select "(orders|m)"\."id" as "list_key"/.test(query.sql))
        pages.push(query.sql);
    });
    const get = async (query: string) => {
      const res = await api.get(`/api/v1/orders/search?searchStr=0000002&${query}`, admin);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as { data: Json[] }).data.map((o) => o.orderId);
    };
    try {
      // An order id fragment of the order made above, in no product and no customer: once its
      // sets are kept, its page by date is read from the kept order ids in date order…
      expect(await get('limit=10')).toEqual(['249-0000002-0000002']);
      pages.length = 0;
      expect(await get('limit=10')).toEqual(['249-0000002-0000002']);
      expect(pages).toHaveLength(1);
      expect(pages[0]).toMatch(/^select "m"\."id" as "list_key"/);
      // The kept set alone answers it; with a filter each order's row is joined to test it.
      expect(pages[0]).not.toMatch(/join "orders"/);
      pages.length = 0;
      expect(await get('limit=10&shipmentStatus=RECEIVED')).toEqual(['249-0000002-0000002']);
      expect(await get('limit=10&shipmentStatus=CANCELLED')).toEqual([]);
      expect(pages).toHaveLength(1);
      expect(pages[0]).toMatch(/^select "m"\."id" as "list_key" from .* join "orders"/s);
      // …and by another sort, looked up among the order ids alone.
      pages.length = 0;
      expect(await get('limit=10&sort=-createdAt')).toEqual(['249-0000002-0000002']);
      expect(pages).toHaveLength(1);
      expect(pages[0]).not.toMatch(/product_id in/);
      expect(pages[0]).not.toMatch(/union/);
    } finally {
      setQueryTap(undefined);
    }
  });

  it('pages an order id fragment in date order from its kept set exactly as the orders sort', async () => {
    const productId = await createProduct(api, admin, {
      name: 'Genmaicha Bags',
      skuCode: `GM-${dialect}`,
      janCode: '4901234567900',
      inStockQuantity: 10,
    });
    const made: { _id: string; orderId: string; orderDate: string; status: string }[] = [];
    // Twelve orders over three dates (four a day, so the id breaks the ties), some cancelled.
    for (let i = 0; i < 12; i++) {
      const orderDate = `2026-10-0${1 + (i % 3)}`;
      const res = await api.post(
        '/api/v1/orders',
        {
          product: productId,
          platformCode: 'AMAZONJP',
          orderId: `503-7777-${String(i).padStart(4, '0')}`,
          orderDate,
          orderQuantity: 1,
          currency: 'JPY',
          baseOrderPrice: 500,
        },
        admin,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      let status = 'RECEIVED';
      if (i % 4 === 1) {
        status = 'CANCELLED';
        const put = await api.put(`/api/v1/orders/${res.body.data._id}`, { shipmentStatus: status }, admin);
        expect(put.status, JSON.stringify(put.body)).toBe(200);
      }
      made.push({ _id: res.body.data._id, orderId: res.body.data.orderId, orderDate, status });
    }
    const byDate = (a: (typeof made)[number], b: (typeof made)[number]) =>
      a.orderDate === b.orderDate ? (a._id < b._id ? -1 : 1) : a.orderDate < b.orderDate ? -1 : 1;
    const pagesOf = async (query: string) => {
      const ids: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const res = await api.get(
          `/api/v1/orders/search?searchStr=7777-&limit=4&page=${page}&${query}`,
          admin,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        ids.push(...(res.body as { data: Json[] }).data.map((o) => o.orderId as string));
      }
      return ids;
    };
    const newestFirst = [...made].sort(byDate).reverse();
    // Twice: the first search of the text fills its kept sets, and every one after reads them.
    for (let i = 0; i < 2; i++) {
      expect(await pagesOf('')).toEqual(newestFirst.map((o) => o.orderId));
      expect(await pagesOf('sort=orderDate')).toEqual([...made].sort(byDate).map((o) => o.orderId));
      expect(await pagesOf('shipmentStatus=CANCELLED')).toEqual(
        newestFirst.filter((o) => o.status === 'CANCELLED').map((o) => o.orderId),
      );
      expect(await pagesOf('orderDate[gte]=2026-10-02')).toEqual(
        newestFirst.filter((o) => o.orderDate >= '2026-10-02').map((o) => o.orderId),
      );
    }
  });
});
