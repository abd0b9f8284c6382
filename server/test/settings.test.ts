/**
 * Settings API (categories … handling fees, other lookups) over HTTP on each database:
 * every query form the client sends, the fixed texts, 409 on duplicate names, and that
 * refused input writes nothing (no row, no audit entry).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const NAMED = [
  { path: 'categories', entity: 'category', message: MESSAGES.categoryName },
  { path: 'manufacturers', entity: 'manufacturer', message: MESSAGES.manufacturerName },
  { path: 'suppliers', entity: 'supplier', message: MESSAGES.supplierName },
] as const;

describe.each(testDialects())('settings API (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: string;
  let orderCreator: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin.token;
    orderCreator = (await accounts.withRole('orderCreator')).token;
  });
  afterAll(() => server?.close());

  const get = (path: string, token = admin) => api.get(`/api/v1/${path}`, { token });
  const auditCount = async (entity: string) =>
    (await get(`audit-logs?entity=${entity}&limit=1`)).body.totalCount as number;
  const total = async (path: string) => (await get(`${path}/?limit=1`)).body.totalCount as number;

  /** Sends a request that must be refused, and checks that no row and no audit entry appeared. */
  async function refused(path: string, entity: string, send: () => Promise<Json>) {
    const [rowsBefore, auditBefore] = [await total(path), await auditCount(entity)];
    const res = await send();
    expect(await total(path)).toBe(rowsBefore);
    expect(await auditCount(entity)).toBe(auditBefore);
    return res;
  }

  describe.each(NAMED)('$path', ({ path, entity, message }) => {
    const names = ['Snacks', 'apparel', 'Tea & Coffee', 'beauty', 'Crafts'];
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      for (const name of names) {
        const res = await api.post(`/api/v1/${path}/`, { name, activeStatus: true }, { token: admin });
        expect(res.status, name).toBe(201);
        ids[name] = res.body.data._id;
      }
    });

    it('creates with {name, activeStatus:true} and answers the entity', async () => {
      const res = await api.post(
        `/api/v1/${path}/`,
        { name: '  Stationery  ', activeStatus: true },
        { token: admin },
      );
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ name: 'Stationery', activeStatus: true });
      expect(res.body.data.createdAt).toMatch(ISO);
      expect(res.body.data._id).toEqual(expect.any(String));
      const audit = await get(`audit-logs?entity=${entity}&entityId=${res.body.data._id}`);
      expect(audit.body.data).toHaveLength(1);
      expect(audit.body.data[0]).toMatchObject({ action: 'create', after: { name: 'Stationery' } });
      ids.Stationery = res.body.data._id;
    });

    it('refuses an empty name, a single space and a missing name with its fixed text', async () => {
      for (const body of [
        { name: '', activeStatus: true },
        { name: ' ', activeStatus: true },
        { activeStatus: true },
      ]) {
        const res = await refused(path, entity, () => api.post(`/api/v1/${path}/`, body, { token: admin }));
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.message).toBe(message);
        expect(res.body.errors[0].field).toBe('name');
      }
    });

    it('refuses a duplicate name regardless of case with 409 Duplicate field', async () => {
      const res = await refused(path, entity, () =>
        api.post(`/api/v1/${path}/`, { name: 'SNACKS', activeStatus: true }, { token: admin }),
      );
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        code: 'duplicateField',
        message: MESSAGES.duplicateField,
        errors: [{ field: 'name', code: 'duplicateField', message: MESSAGES.duplicateField }],
      });
    });

    it('pages with page&limit and counts with limit=10000', async () => {
      const page1 = await get(`${path}/?page=1&limit=2`);
      expect(page1.status).toBe(200);
      expect(page1.body.totalCount).toBe(6);
      expect(page1.body.data).toHaveLength(2);
      // Newest first by default, so the row just added is on page 1.
      expect(page1.body.data[0].name).toBe('Stationery');
      const page3 = await get(`${path}/?page=3&limit=2`);
      expect(page3.body.data).toHaveLength(2);
      const all = await get(`${path}/?limit=10000`);
      expect(all.body.data).toHaveLength(6);
      expect(all.body.totalCount).toBe(6);
    });

    it('sorts by a field both ways, case-insensitively, and by limit=100&sort=name', async () => {
      const asc = await get(`${path}/?page=1&limit=10&sort=name`);
      const sorted = ['apparel', 'beauty', 'Crafts', 'Snacks', 'Stationery', 'Tea & Coffee'];
      expect(asc.body.data.map((c: Json) => c.name)).toEqual(sorted);
      const desc = await get(`${path}/?page=1&limit=10&sort=-name`);
      expect(desc.body.data.map((c: Json) => c.name)).toEqual([...sorted].reverse());
      const lookup = await get(`/${path}/?limit=100&sort=name`);
      expect(lookup.body.data.map((c: Json) => c.name)).toEqual(sorted);
      const byDate = await get(`${path}/?sort=createdAt&limit=10`);
      expect(byDate.body.data[0].name).toBe('Snacks');
      const bad = await get(`${path}/?sort=password`);
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('sort');
    });

    it('searches with ?name=text (contains, any case); % and _ are literal', async () => {
      const res = await get(`${path}/?name=${encodeURIComponent('CO')}`);
      expect(res.body.data.map((c: Json) => c.name)).toEqual(['Tea & Coffee']);
      const part = await get(`${path}/?name=a&sort=name&limit=10`);
      expect(part.body.data.map((c: Json) => c.name)).toEqual([
        'apparel',
        'beauty',
        'Crafts',
        'Snacks',
        'Stationery',
        'Tea & Coffee',
      ]);
      expect((await get(`${path}/?name=${encodeURIComponent('%')}`)).body.totalCount).toBe(0);
      expect((await get(`${path}/?name=${encodeURIComponent('_')}`)).body.totalCount).toBe(0);
    });

    it('edits name and status through the doubled-slash path, with an audit entry', async () => {
      const id = ids.beauty as string;
      const res = await api.put(
        `/api/v1/${path}//${id}`,
        { name: 'Beauty', activeStatus: false },
        { token: admin },
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ _id: id, name: 'Beauty', activeStatus: false });
      const audit = await get(`audit-logs?entity=${entity}&entityId=${id}&action=update`);
      expect(audit.body.data).toHaveLength(1);
      expect(audit.body.data[0]).toMatchObject({
        before: { name: 'beauty', activeStatus: true },
        after: { name: 'Beauty', activeStatus: false },
      });

      const active = await get(`${path}/?activeStatus=true&limit=10000`);
      expect(active.body.totalCount).toBe(5);
      expect(active.body.data.map((c: Json) => c.name)).not.toContain('Beauty');
      const inactive = await get(`${path}/?activeStatus=false&limit=10000`);
      expect(inactive.body.data.map((c: Json) => c.name)).toEqual(['Beauty']);

      // Status alone, back to active.
      const back = await api.put(`/api/v1/${path}//${id}`, { activeStatus: true }, { token: admin });
      expect(back.body.data).toMatchObject({ name: 'Beauty', activeStatus: true });
    });

    it('writes nothing for an unchanged edit, and refuses bad or duplicate edits', async () => {
      const id = ids.Crafts as string;
      const before = await auditCount(entity);
      const same = await api.put(
        `/api/v1/${path}//${id}`,
        { name: 'Crafts', activeStatus: true },
        { token: admin },
      );
      expect(same.status).toBe(200);
      expect(await auditCount(entity)).toBe(before);

      for (const name of ['', ' ']) {
        const res = await api.put(`/api/v1/${path}//${id}`, { name, activeStatus: true }, { token: admin });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
      const dup = await api.put(
        `/api/v1/${path}//${id}`,
        { name: 'snacks', activeStatus: true },
        { token: admin },
      );
      expect(dup.status).toBe(409);
      expect(dup.body.message).toBe(MESSAGES.duplicateField);
      expect(await auditCount(entity)).toBe(before);
      expect((await get(`${path}/?name=crafts`)).body.data[0].name).toBe('Crafts');

      const missing = await api.put(
        `/api/v1/${path}/no-such-id`,
        { name: 'X', activeStatus: true },
        { token: admin },
      );
      expect(missing.status).toBe(404);
    });

    it('lets any staff read, and only admins write', async () => {
      expect((await get(`${path}/?activeStatus=true&limit=10000`, orderCreator)).status).toBe(200);
      const post = await api.post(
        `/api/v1/${path}/`,
        { name: 'Nope', activeStatus: true },
        { token: orderCreator },
      );
      expect(post.status).toBe(403);
      const put = await api.put(`/api/v1/${path}//${ids.Snacks}`, { name: 'Nope' }, { token: orderCreator });
      expect(put.status).toBe(403);
    });
  });

  describe('shipping-methods', () => {
    let id = '';

    it('creates with {name}, refusing empty and single-space names', async () => {
      for (const name of ['EMS', 'sal', 'DHL Express', 'Yamato']) {
        const res = await api.post('/api/v1/shipping-methods/', { name }, { token: admin });
        expect(res.status).toBe(201);
        expect(res.body.data.createdAt).toMatch(ISO);
        if (name === 'sal') id = res.body.data._id;
      }
      for (const name of ['', ' ']) {
        const res = await refused('shipping-methods', 'shippingMethod', () =>
          api.post('/api/v1/shipping-methods/', { name }, { token: admin }),
        );
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(MESSAGES.shippingMethodName);
      }
      const dup = await refused('shipping-methods', 'shippingMethod', () =>
        api.post('/api/v1/shipping-methods/', { name: 'ems' }, { token: admin }),
      );
      expect(dup.status).toBe(409);
    });

    it('lists paged, sorted and with limit=10000', async () => {
      const page = await get('shipping-methods/?page=1&limit=2');
      expect(page.body.totalCount).toBe(4);
      expect(page.body.data).toHaveLength(2);
      expect((await get('shipping-methods/?limit=10000')).body.data).toHaveLength(4);
      const sorted = await get('shipping-methods/?page=1&limit=10&sort=name');
      expect(sorted.body.data.map((m: Json) => m.name)).toEqual(['DHL Express', 'EMS', 'sal', 'Yamato']);
      const desc = await get('shipping-methods/?page=1&limit=10&sort=-name');
      expect(desc.body.data.map((m: Json) => m.name)).toEqual(['Yamato', 'sal', 'EMS', 'DHL Express']);
    });

    it('renames through PUT shipping-methods/{id}/ with an audit entry', async () => {
      const res = await api.put(`/api/v1/shipping-methods/${id}/`, { name: 'SAL' }, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ _id: id, name: 'SAL' });
      const audit = await get(`audit-logs?entity=shippingMethod&entityId=${id}&action=update`);
      expect(audit.body.data[0]).toMatchObject({ before: { name: 'sal' }, after: { name: 'SAL' } });
      const blank = await api.put(`/api/v1/shipping-methods/${id}/`, { name: ' ' }, { token: admin });
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe(MESSAGES.shippingMethodName);
    });
  });

  describe('handling-fees', () => {
    let percentId = '';

    it('creates with a numeric or decimal-string value', async () => {
      const a = await api.post(
        '/api/v1/handling-fees/',
        { title: 'Card fee', type: 'percentage', value: '2.5' },
        { token: admin },
      );
      expect(a.status).toBe(201);
      expect(a.body.data).toMatchObject({ title: 'Card fee', type: 'percentage', value: 2.5 });
      expect(a.body.data.createdAt).toMatch(ISO);
      percentId = a.body.data._id;
      const b = await api.post(
        '/api/v1/handling-fees/',
        { title: 'Packing', type: 'amount', value: 300 },
        { token: admin },
      );
      expect(b.status).toBe(201);
      expect(b.body.data.value).toBe(300);
      const c = await api.post(
        '/api/v1/handling-fees/',
        { title: 'Gift wrap', type: 'amount', value: '90' },
        { token: admin },
      );
      expect(c.body.data.value).toBe(90);
    });

    it('refuses missing titles and values with the fixed texts, writing nothing', async () => {
      const cases: [Json, string, string][] = [
        [{ title: '', type: 'amount', value: 1 }, MESSAGES.enterName, 'title'],
        [{ title: ' ', type: 'amount', value: 1 }, MESSAGES.enterName, 'title'],
        [{ title: 'X', type: 'amount', value: 'abc' }, MESSAGES.fillValue, 'value'],
        [{ title: 'X', type: 'amount', value: '' }, MESSAGES.fillValue, 'value'],
        [{ title: 'X', type: 'amount' }, MESSAGES.fillValue, 'value'],
        [{ title: 'X', type: 'amount', value: '-3' }, MESSAGES.fillValue, 'value'],
      ];
      for (const [body, message, field] of cases) {
        const res = await refused('handling-fees', 'handlingFee', () =>
          api.post('/api/v1/handling-fees/', body, { token: admin }),
        );
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.message, JSON.stringify(body)).toBe(message);
        expect(res.body.errors[0].field).toBe(field);
      }
      const noType = await refused('handling-fees', 'handlingFee', () =>
        api.post('/api/v1/handling-fees/', { title: 'X', value: 1 }, { token: admin }),
      );
      expect(noType.status).toBe(400);
      expect(noType.body.errors[0].field).toBe('type');
      const dup = await refused('handling-fees', 'handlingFee', () =>
        api.post('/api/v1/handling-fees/', { title: 'card FEE', type: 'amount', value: 1 }, { token: admin }),
      );
      expect(dup.status).toBe(409);
      expect(dup.body.errors).toEqual([
        { field: 'title', code: 'duplicateField', message: MESSAGES.duplicateField },
      ]);
    });

    it('lists paged and sorted (value numerically)', async () => {
      const page = await get('handling-fees/?page=1&limit=2');
      expect(page.body.totalCount).toBe(3);
      expect(page.body.data).toHaveLength(2);
      expect((await get('handling-fees/?limit=10000')).body.data).toHaveLength(3);
      const byValue = await get('handling-fees/?page=1&limit=10&sort=value');
      expect(byValue.body.data.map((f: Json) => f.value)).toEqual([2.5, 90, 300]);
      const byTitle = await get('handling-fees/?page=1&limit=10&sort=-title');
      expect(byTitle.body.data.map((f: Json) => f.title)).toEqual(['Packing', 'Gift wrap', 'Card fee']);
    });

    it('edits title and value; the type is read-only', async () => {
      const res = await api.put(
        `/api/v1/handling-fees/${percentId}`,
        { title: 'Card fee (JCB)', type: 'percentage', value: '3.25' },
        { token: admin },
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ title: 'Card fee (JCB)', type: 'percentage', value: 3.25 });
      const audit = await get(`audit-logs?entity=handlingFee&entityId=${percentId}&action=update`);
      expect(audit.body.data[0]).toMatchObject({ before: { value: 2.5 }, after: { value: 3.25 } });

      const before = await auditCount('handlingFee');
      const typeChange = await api.put(
        `/api/v1/handling-fees/${percentId}`,
        { title: 'Card fee (JCB)', type: 'amount', value: 3 },
        { token: admin },
      );
      expect(typeChange.status).toBe(400);
      expect(typeChange.body.message).toBe(MESSAGES.handlingTypeReadOnly);
      const badValue = await api.put(`/api/v1/handling-fees/${percentId}`, { value: 'x' }, { token: admin });
      expect(badValue.status).toBe(400);
      expect(badValue.body.message).toBe(MESSAGES.fillValue);
      const over = await api.put(`/api/v1/handling-fees/${percentId}`, { value: 150 }, { token: admin });
      expect(over.status).toBe(400);
      expect(await auditCount('handlingFee')).toBe(before);
      const after = await get(`handling-fees/?title=jcb`);
      expect(after.body.data[0]).toMatchObject({ type: 'percentage', value: 3.25 });
    });
  });

  describe('other lookups', () => {
    beforeAll(async () => {
      const now = new Date().toISOString();
      const rows = (names: string[]) =>
        names.map((name) => ({ id: crypto.randomUUID(), name, created_at: now, updated_at: now }));
      await server.app.db
        .insertInto('pre_categories')
        .values(rows(['Snacks', 'anime goods', 'Kitchen']))
        .execute();
      await server.app.db
        .insertInto('shelf_numbers')
        .values(
          rows(
            Array.from({ length: 14 }, (_, i) => `A-${String(i + 1).padStart(2, '0')}-1`).concat(['B-01-1']),
          ),
        )
        .execute();
    });

    it('GET pre-categories/?sort=name&limit=100', async () => {
      const res = await get('pre-categories/?sort=name&limit=100', orderCreator);
      expect(res.status).toBe(200);
      expect(res.body.totalCount).toBe(3);
      expect(res.body.data.map((c: Json) => c.name)).toEqual(['anime goods', 'Kitchen', 'Snacks']);
      expect(res.body.data[0]).toEqual({ _id: expect.any(String), name: 'anime goods' });
    });

    it('GET shelf-numbers/search?page=1&limit=10&searchStr answers {data, totalcount}', async () => {
      const res = await get('shelf-numbers/search?page=1&limit=10&searchStr=a-', orderCreator);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'totalcount']);
      expect(res.body.totalcount).toBe(14);
      expect(res.body.data).toHaveLength(10);
      expect(res.body.data[0].name).toBe('A-01-1');
      const page2 = await get('shelf-numbers/search?page=2&limit=10&searchStr=a-');
      expect(page2.body.data).toHaveLength(4);
      const b = await get('shelf-numbers/search?page=1&limit=10&searchStr=B');
      expect(b.body.data.map((s: Json) => s.name)).toEqual(['B-01-1']);
      const empty = await get('shelf-numbers/search?page=1&limit=10&searchStr=');
      expect(empty.body.totalcount).toBe(15);
    });
  });
});
