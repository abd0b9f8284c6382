/**
 * The history a person can read, on each database: every entry names its record as it was
 * called at the time (after a rename, and after a delete), and the history filters by who, by
 * kind of record, by one record and by a date range. Entries written before the name was kept
 * get it from their own snapshot when the migration runs.
 */
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJanCheckDigit } from '#shared/domain/jan';
import { migrations } from '../src/db/migrations';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

describe.each(testDialects())('audit history (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Awaited<ReturnType<typeof setupAccounts>>['admin'];
  let other: Awaited<ReturnType<typeof setupAccounts>>['admin'];
  let productId = '';
  let categoryId = '';
  let startedAt = '';
  let productBody: Json = {};

  const audit = async (query: string) => {
    const res = await api.get(`/api/v1/audit-logs?${query}`, { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { data: Json[]; totalCount: number };
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin;
    other = await accounts.withRole('admin');
    startedAt = new Date().toISOString();
    const make = async (path: string, name: string, token = admin.token) => {
      const res = await api.post(`/api/v1/${path}`, { name, activeStatus: true }, { token });
      expect(res.status).toBe(201);
      return res.body.data._id as string;
    };
    categoryId = await make('categories', 'Snacks');
    const manufacturerId = await make('manufacturers', 'Calbee', other.token);
    const supplierId = await make('suppliers', 'Osaka Wholesale');
    productBody = {
      name: 'Jagarico Salad',
      nameJa: 'じゃがりこ サラダ',
      skuCode: 'SKU-HIST-1',
      janCode: withJanCheckDigit('490000000001'),
      categoryId,
      manufacturerId,
      supplierIds: [supplierId],
      purchasePrice: 120,
      inStockQuantity: 10,
      amazonStockQuantity: 0,
      shelfNumber: 'A-01-1',
      releaseDate: '2024-05-01',
      lowStockLevel: 3,
      activeStatus: true,
      availablePlatforms: [],
    };
    const product = await api.post('/api/v1/products', productBody, { token: admin.token });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    productId = product.body.data._id;
  });
  afterAll(() => server?.close());

  it('names the record as it was called when each change was made', async () => {
    const renamed = await api.put(
      `/api/v1/categories/${categoryId}`,
      { name: 'Sweets' },
      { token: admin.token },
    );
    expect(renamed.status).toBe(200);
    const entries = await audit(`entity=category&entityId=${categoryId}&sort=at`);
    expect(entries.data.map((e) => [e.action, e.entityName])).toEqual([
      ['create', 'Snacks'],
      ['update', 'Sweets'],
    ]);
  });

  it("names a product's changes, stock adjustments and remarks by the product", async () => {
    const put = await api.put(
      `/api/v1/products/${productId}`,
      { ...productBody, name: 'Jagarico Salad L', purchasePrice: 150 },
      { token: admin.token },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const adjusted = await api.post(
      `/api/v1/products/${productId}/stock-adjustments`,
      { quantity: 2, note: 'Found a box' },
      { token: admin.token },
    );
    expect(adjusted.status).toBe(201);
    const remark = await api.post(
      `/api/v1/products/${productId}/remarks`,
      { remark: 'Fragile' },
      { token: admin.token },
    );
    expect(remark.status).toBe(201);

    const history = await audit(`entity=product&entityId=${productId}&sort=at`);
    expect(history.data.map((e) => [e.action, e.entityName])).toEqual([
      ['create', 'Jagarico Salad'],
      ['update', 'Jagarico Salad L'],
      ['update', 'Jagarico Salad L'],
    ]);
    expect(history.data[1]).toMatchObject({ before: { purchasePrice: 120 }, after: { purchasePrice: 150 } });
    const remarks = await audit('entity=productRemark');
    expect(remarks.data[0]).toMatchObject({ entityName: 'Jagarico Salad L', action: 'create' });
  });

  it('keeps the name of a deleted record', async () => {
    const memo = await api.post(
      '/api/v1/memos',
      { title: 'Call the customs broker', body: 'Tuesday' },
      { token: admin.token },
    );
    expect(memo.status).toBe(201);
    const id = memo.body.data._id as string;
    expect((await api.request('DELETE', `/api/v1/memos/${id}`, { token: admin.token })).status).toBe(204);
    const entries = await audit(`entityId=${id}&action=delete`);
    expect(entries.data[0]).toMatchObject({
      entityName: 'Call the customs broker',
      before: { title: 'Call the customs broker' },
    });
  });

  it('filters by who, by kind, by record and by date range', async () => {
    const byOther = await audit(`userId=${other.user._id}`);
    expect(byOther.data.map((e) => [e.entity, e.entityName])).toContainEqual(['manufacturer', 'Calbee']);
    expect(byOther.data.every((e) => e.user?._id === other.user._id)).toBe(true);

    const kind = await audit('entity=supplier');
    expect(kind.totalCount).toBe(1);
    expect(kind.data[0]).toMatchObject({ entity: 'supplier', entityName: 'Osaka Wholesale' });

    const record = await audit(`entity=product&entityId=${productId}`);
    expect(record.data.every((e) => e.entityId === productId)).toBe(true);

    const all = await audit('limit=100');
    const since = await audit(`at[gte]=${encodeURIComponent(startedAt)}&limit=100`);
    // The two registrations came before the start; everything after is in the range.
    expect(since.totalCount).toBe(all.totalCount - all.data.filter((e) => e.at < startedAt).length);
    expect(since.data.some((e) => e.entity === 'user' && e.action === 'create')).toBe(false);
    const future = await audit(`at[gte]=2999-01-01T00:00:00.000Z`);
    expect(future.totalCount).toBe(0);
    const past = await audit(`at[lt]=${encodeURIComponent(startedAt)}&entity=user&action=create`);
    expect(past.data.map((e) => e.entityName).sort()).toEqual([admin.fullname, other.fullname].sort());
  });

  it('gives entries written before the name was kept the name their snapshot carries', async () => {
    const db = server.app.db;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const names = Object.keys(migrations);
    const previous = names[names.indexOf('007_audit_history') - 1] ?? '';
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    const now = new Date().toISOString();
    const row = (id: string, before: Json, after: Json) =>
      sql`insert into audit_log (id, at, user_id, entity, entity_id, action, before, after)
        values (${id}, ${now}, null, 'x', ${id}, 'update', ${before && JSON.stringify(before)}, ${after && JSON.stringify(after)})`.execute(
        db,
      );
    await row('old-1', null, { name: 'Pocky' });
    await row('old-2', { fullname: 'Old Name' }, null);
    await row('old-3', { title: 'A memo' }, { title: 'A memo, edited' });
    await row('old-4', { value: 1 }, { value: 2 });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db
      .selectFrom('audit_log')
      .select(['id', 'entity_name'])
      .where('id', 'in', ['old-1', 'old-2', 'old-3', 'old-4'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.entity_name)).toEqual(['Pocky', 'Old Name', 'A memo, edited', null]);
  });
});
