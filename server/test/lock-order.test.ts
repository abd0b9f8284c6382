/**
 * Writers of the same rows racing each other (docs/architecture.md, changing state): every path
 * that writes a product takes its row in id order through db/locking.ts before it writes it
 * (status changes, creations, renames whose triggers rewrite products), and every writing
 * transaction bumps the lists' versions in one order at its end (db/write-transaction.ts), so
 * writers queue and never deadlock. PostgreSQL ends a deadlock with 40P01, which the API answers
 * with a 500. On PostgreSQL the requests run side by side on the pool; on SQLite they queue.
 *
 * Before those rules, on PostgreSQL every test here failed in each of several runs: bulk cancels
 * against bulk accepts with 1 to 12 deadlocks in 200 requests, writers of different products
 * with 2 to 46 in 400, renames with 8 to 37 in 160.
 */
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJanCheckDigit } from '#shared/domain/jan';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

type Account = Awaited<ReturnType<typeof setupAccounts>>['admin'];

let janCounter = 300_000;
const nextJan = () => withJanCheckDigit(`492${String((janCounter += 1)).padStart(9, '0')}`);
let orderCounter = 0;
const nextOrderId = () => `171-${String((orderCounter += 1)).padStart(7, '0')}-LOCK`;

/** Rounds of 4 bulk requests over the same two products. */
const ROUNDS = 50;
/** Orders in each bulk request. */
const PER_REQUEST = 6;
/** Rounds of 10 writers of different products. */
const WRITER_ROUNDS = 40;
/** Rounds of 2 renames, a bulk accept and a product edit. */
const RENAME_ROUNDS = 40;

/** A logger keeping the database error code (or message) of every error logged. */
function errorCodes(codes: string[]): FastifyBaseLogger {
  const error = (obj: unknown, msg?: unknown) => {
    const err = (obj as { err?: { code?: string; message?: string } } | undefined)?.err;
    codes.push(err?.code ?? err?.message ?? String(msg ?? obj));
  };
  const quiet = () => {};
  const logger = {
    level: 'error',
    fatal: error,
    error,
    warn: quiet,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

describe.each(testDialects())('writers of the same products (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Account;
  const logged: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ dialect, logger: errorCodes(logged) });
    api = client(server.url);
    admin = (await setupAccounts(api)).admin;
  });
  afterAll(() => server?.close());

  const as = () => ({ token: admin.token });

  async function product(name: string): Promise<Json> {
    const res = await api.post(
      '/api/v1/products',
      {
        name,
        skuCode: `LOCK-${janCounter}`,
        janCode: nextJan(),
        purchasePrice: 300,
        inStockQuantity: 100_000,
        amazonStockQuantity: 0,
        availablePlatforms: [],
      },
      as(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  const line = (productId: string) => ({
    product: productId,
    platformCode: 'AMAZONJP',
    orderId: nextOrderId(),
    orderQuantity: 1,
    currency: 'JPY',
    baseOrderPrice: 1000,
  });

  /** `count` RECEIVED orders of today, alternating between the products (500 a request). */
  async function orders(productIds: readonly string[], count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let start = 0; start < count; start += 500) {
      const lines = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
        ...line(productIds[i % productIds.length] as string),
        orderQuantity: 1 + (i % 3),
      }));
      const res = await api.post('/api/v1/orders', lines, as());
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(...(res.body.data as Json[]).map((o) => o._id as string));
    }
    return ids;
  }

  const ledgerSum = async (productId: string) => {
    const movements = (await api.get(`/api/v1/products/${productId}/stock-movements?limit=10000`, as())).body
      .data as Json[];
    return movements.reduce((sum, m) => sum + Number(m.quantity), 0);
  };

  it(`answers no 5xx to bulk cancels of RECEIVED orders racing bulk accepts on two products, ${ROUNDS} rounds`, async () => {
    const a = await product('Lock Pocky A');
    const b = await product('Lock Pocky B');
    const perRound = 4 * PER_REQUEST;
    const ids = await orders([a._id, b._id], ROUNDS * perRound);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const mine = ids.slice(round * perRound, (round + 1) * perRound);
      const batch = (i: number) => mine.slice(i * PER_REQUEST, (i + 1) * PER_REQUEST);
      // Two bulk cancels and two bulk accepts over disjoint orders of the same two products.
      const answers = await Promise.all(
        (['CANCELLED', 'ACCEPTED', 'CANCELLED', 'ACCEPTED'] as const).map((to, i) =>
          api.put('/api/v1/orders/status', { ids: batch(i), shipmentStatus: to }, as()),
        ),
      );
      for (const answer of answers) {
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status >= 500) failures.push(`round ${round}: ${JSON.stringify(answer.body)}`);
      }
    }
    // A deadlock is PostgreSQL's 40P01, logged by the server with the 500.
    expect(failures, `server errors: ${logged.join(', ')}`).toEqual([]);
    expect(Object.fromEntries(statuses)).toEqual({ 200: ROUNDS * 4 });

    for (const p of [a, b]) {
      const now = (await api.get(`/api/v1/products/${p._id}`, as())).body.data;
      expect(now.inStockQuantity).toBe(await ledgerSum(p._id));
      // Half the orders were accepted and kept, half cancelled: the 30-day figure counts the kept.
      const kept = (
        await api.get(`/api/v1/orders?product=${p._id}&shipmentStatus=ACCEPTED&limit=10000`, as())
      ).body.data as Json[];
      const keptUnits = kept.reduce((sum, o) => sum + Number(o.orderQuantity), 0);
      expect(now.monthlyQuantity).toBe(keptUnits);
      expect(now.inStockQuantity).toBe(100_000 - keptUnits);
    }
  }, 120_000);

  it(`answers no 5xx to order writers of different products at once, ${WRITER_ROUNDS} rounds`, async () => {
    // Each request writes orders and products, in either order: accepting moves stock first,
    // cancelling and creating write the orders first. At commit each bumps the lists' versions
    // of both tables, and no product lock puts writers of different products in one order.
    // Ten writers (the pool's size), one order each: many short transactions committing at once.
    const WRITERS = 10;
    const products = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) => product(`Lock Hi-Chew ${i}`)),
    );
    const byProduct = await Promise.all(products.map((p) => orders([p._id], WRITER_ROUNDS)));
    const failures: string[] = [];
    for (let round = 0; round < WRITER_ROUNDS; round += 1) {
      const answers = await Promise.all(
        byProduct.map((ids, i) => {
          if (i % 3 === 2) return api.post('/api/v1/orders', line(products[i]._id), as());
          const to = i % 3 ? 'ACCEPTED' : 'CANCELLED';
          return api.put('/api/v1/orders/status', { ids: [ids[round]], shipmentStatus: to }, as());
        }),
      );
      for (const answer of answers) {
        if (answer.status >= 300)
          failures.push(`round ${round}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }
    expect(failures, `server errors: ${logged.join(', ')}`).toEqual([]);
  }, 120_000);

  it(`answers no 5xx to renames of a supplier and a category racing writers of their products, ${RENAME_ROUNDS} rounds`, async () => {
    // A rename rewrites its products (their supplier names, their export lines) by trigger.
    const named = async (path: string, name: string) => {
      const res = await api.post(`/api/v1/${path}`, { name, activeStatus: true }, as());
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data._id as string;
    };
    const supplierId = await named('suppliers', 'Lock Wholesale 0');
    const categoryId = await named('categories', 'Lock Snacks 0');
    const fields = (i: number) => ({
      name: `Lock Jagarico ${i}`,
      skuCode: `LOCK-J-${i}`,
      categoryId,
      supplierIds: [supplierId],
      purchasePrice: 120,
      amazonStockQuantity: 0,
      lowStockLevel: 1,
      activeStatus: true,
      availablePlatforms: [],
    });
    const products: Json[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await api.post(
        '/api/v1/products',
        { ...fields(i), janCode: nextJan(), inStockQuantity: 100_000 },
        as(),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      products.push(res.body.data);
    }
    const ids = await orders(
      products.map((p) => p._id as string),
      RENAME_ROUNDS * products.length,
    );
    const failures: string[] = [];
    for (let round = 0; round < RENAME_ROUNDS; round += 1) {
      const edited = products[round % products.length];
      const answers = await Promise.all([
        api.put(`/api/v1/suppliers/${supplierId}`, { name: `Lock Wholesale ${round + 1}` }, as()),
        api.put(
          '/api/v1/orders/status',
          {
            ids: ids.slice(round * products.length, (round + 1) * products.length),
            shipmentStatus: 'ACCEPTED',
          },
          as(),
        ),
        api.put(`/api/v1/categories/${categoryId}`, { name: `Lock Snacks ${round + 1}` }, as()),
        api.put(
          `/api/v1/products/${edited._id}`,
          { ...fields(round % products.length), janCode: edited.janCode, shelfNumber: `S-${round}` },
          as(),
        ),
      ]);
      for (const answer of answers) {
        if (answer.status >= 300)
          failures.push(`round ${round}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }
    expect(failures, `server errors: ${logged.join(', ')}`).toEqual([]);
  }, 120_000);
});
