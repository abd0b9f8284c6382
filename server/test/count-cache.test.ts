/**
 * The list totals' cache counts a filter set once even when many requests ask for it at the
 * same moment (several users opening the same search, or the same screen's list and tabs):
 * the others wait for that count instead of running it again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setQueryTap } from '../src/db/connect';
import { client, createProduct, setupAccounts, type Client } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

describe.each(testDialects())('counting a list total (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: { token: string };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    admin = (await setupAccounts(api)).admin;
  });
  afterAll(() => {
    setQueryTap(undefined);
    return server.close();
  });

  it('runs one count for ten requests of the same search at once, and counts again after a write', async () => {
    const counts: string[] = [];
    setQueryTap((query) => {
      if (/^select count\(\*\) as "total_count" from "products"/i.test(query.sql)) counts.push(query.sql);
    });
    const list = () => api.get('/api/v1/products?limit=5&activeStatus=true', admin);
    const answers = await Promise.all(Array.from({ length: 10 }, list));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(counts).toHaveLength(1);
    await createProduct(api, admin, { skuCode: `SEN-${dialect}` });
    counts.length = 0;
    const after = await Promise.all(Array.from({ length: 10 }, list));
    expect(counts).toHaveLength(1);
    expect(after.every((a) => a.body.totalCount === answers[0]!.body.totalCount + 1)).toBe(true);
  });
});
