/** Product requests over HTTP on each database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJanCheckDigit } from '#shared/domain/jan';
import { MESSAGES } from '#shared/messages';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

describe.each(testDialects())('issues API (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: { token: string; fullname: string; user: { _id: string } };
  let staff: { token: string; fullname: string; user: { _id: string } };
  const ids: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin;
    staff = await accounts.withRole('orderCreator');
  });
  afterAll(() => server?.close());

  const get = (path: string, token = admin.token) => api.get(`/api/v1/${path}`, { token });
  const counts = async () => ({
    issues: (await get('issues/?limit=1')).body.totalCount as number,
    audit: (await get('audit-logs?entity=issue&limit=1')).body.totalCount as number,
  });

  it('lets any staff member file a request, unresolved, with its author', async () => {
    const res = await api.post(
      '/api/v1/issues/',
      {
        title: 'Royce Nama Chocolate',
        link: 'https://www.royce.com/item/nama',
        expectedPrice: 1_000,
        quantity: 12,
        note: '顧客からのリクエスト',
      },
      { token: staff.token },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'Royce Nama Chocolate',
      link: 'https://www.royce.com/item/nama',
      expectedPrice: 1000,
      quantity: 12,
      note: '顧客からのリクエスト',
      resolved: false,
      createdBy: { _id: staff.user._id, fullname: staff.fullname },
      resolvedBy: null,
      resolvedAt: null,
    });
    ids.push(res.body.data._id);
    const audit = await get(`audit-logs?entity=issue&entityId=${res.body.data._id}`);
    expect(audit.body.data[0]).toMatchObject({ action: 'create', user: { _id: staff.user._id } });

    // Only the name is required; blank optional fields mean "not given".
    for (const title of ['Shiroi Koibito', 'Tokyo Banana', 'Hiyoko']) {
      const minimal = await api.post(
        '/api/v1/issues/',
        { title, link: '', note: ' ' },
        { token: admin.token },
      );
      expect(minimal.status).toBe(201);
      expect(minimal.body.data).toMatchObject({
        link: null,
        note: null,
        expectedPrice: null,
        quantity: null,
      });
      ids.push(minimal.body.data._id);
    }
  });

  it('refuses bad requests with a message and writes nothing', async () => {
    const cases: [Json, string, string][] = [
      [{ title: '' }, MESSAGES.enterName, 'title'],
      [{ title: ' ' }, MESSAGES.enterName, 'title'],
      [{}, MESSAGES.enterName, 'title'],
      [{ title: 'X', link: 'not a link' }, MESSAGES.notCorrectFormat, 'link'],
      [{ title: 'X', link: 'javascript:alert(1)' }, MESSAGES.notCorrectFormat, 'link'],
      [{ title: 'X', quantity: 0 }, MESSAGES.invalidQuantity, 'quantity'],
      [{ title: 'X', quantity: 'many' }, MESSAGES.invalidQuantity, 'quantity'],
    ];
    const before = await counts();
    for (const [body, message, field] of cases) {
      const res = await api.post('/api/v1/issues/', body, { token: staff.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
      expect(res.body.errors[0].field).toBe(field);
    }
    const negative = await api.post(
      '/api/v1/issues/',
      { title: 'X', expectedPrice: -5 },
      { token: staff.token },
    );
    expect(negative.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('lists with page, limit, sort and resolved filters', async () => {
    const res = await get('issues/?page=1&limit=2');
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(4);
    expect(res.body.data).toHaveLength(2);
    // Newest first by default.
    expect(res.body.data[0].title).toBe('Hiyoko');
    const byTitle = await get('issues/?page=1&limit=10&sort=title');
    expect(byTitle.body.data.map((i: Json) => i.title)).toEqual([
      'Hiyoko',
      'Royce Nama Chocolate',
      'Shiroi Koibito',
      'Tokyo Banana',
    ]);
    const oldest = await get('issues/?sort=createdAt&limit=1');
    expect(oldest.body.data[0].title).toBe('Royce Nama Chocolate');
    expect((await get('issues/?resolved=false', staff.token)).body.totalCount).toBe(4);
    expect((await get('issues/?resolved=true')).body.totalCount).toBe(0);
    const bad = await get('issues/?resolved=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('resolved');
  });

  it('lets an admin mark a request resolved, recording who and when; twice is harmless', async () => {
    const id = ids[0] as string;
    const denied = await api.put(`/api/v1/issues/${id}`, { resolved: true }, { token: staff.token });
    expect(denied.status).toBe(403);

    const res = await api.put(`/api/v1/issues/${id}`, { resolved: true }, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      resolved: true,
      resolvedBy: { _id: admin.user._id, fullname: admin.fullname },
      createdBy: { _id: staff.user._id },
    });
    expect(res.body.data.resolvedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const audit = await get(`audit-logs?entity=issue&entityId=${id}&action=update`);
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data[0]).toMatchObject({ before: { resolved: false }, after: { resolved: true } });

    const again = await api.put(`/api/v1/issues/${id}`, { resolved: true }, { token: admin.token });
    expect(again.status).toBe(200);
    expect(again.body.data.resolvedAt).toBe(res.body.data.resolvedAt);
    expect((await get(`audit-logs?entity=issue&entityId=${id}&action=update`)).body.totalCount).toBe(1);

    const resolved = await get('issues/?resolved=true&page=1&limit=10&sort=-createdAt');
    expect(resolved.body.data.map((i: Json) => i._id)).toEqual([id]);
    expect((await get('issues/?resolved=false')).body.totalCount).toBe(3);

    expect((await api.put('/api/v1/issues/nope', { resolved: true }, { token: admin.token })).status).toBe(
      404,
    );
    const badBody = await api.put(`/api/v1/issues/${id}`, { resolved: 'yes' }, { token: admin.token });
    expect(badBody.status).toBe(400);
  });

  it('turns a request into a product in one call: both commit, or neither', async () => {
    const request = await api.post(
      '/api/v1/issues',
      { title: 'Calbee Jagarico salad', expectedPrice: 150 },
      { token: staff.token },
    );
    const id = request.body.data._id as string;
    const product = { name: 'Jagarico salad', skuCode: 'JAGA-1', janCode: withJanCheckDigit('490122000001') };
    const productCount = async () => (await get('products?limit=1')).body.totalCount as number;
    const before = await productCount();

    // Only admins may, like creating a product and resolving a request.
    expect((await api.post(`/api/v1/issues/${id}/product`, product, { token: staff.token })).status).toBe(
      403,
    );
    expect((await api.post('/api/v1/issues/nope/product', product, { token: admin.token })).status).toBe(404);
    // A product the server refuses leaves the request open.
    const bad = await api.post(
      `/api/v1/issues/${id}/product`,
      { ...product, janCode: '123' },
      { token: admin.token },
    );
    expect(bad.status).toBe(400);
    const badRef = await api.post(
      `/api/v1/issues/${id}/product`,
      { ...product, categoryId: 'no-such-category' },
      { token: admin.token },
    );
    expect(badRef.status).toBe(400);
    expect(await productCount()).toBe(before);
    expect((await get(`issues/?resolved=true&limit=100`)).body.data.map((i: Json) => i._id)).not.toContain(
      id,
    );

    const res = await api.post(`/api/v1/issues/${id}/product`, product, { token: admin.token });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Jagarico salad', skuCode: 'JAGA-1', inStockQuantity: 0 });
    expect(res.body.issue).toMatchObject({
      _id: id,
      resolved: true,
      resolvedBy: { _id: admin.user._id, fullname: admin.fullname },
    });
    expect(await productCount()).toBe(before + 1);
    const entries = await get(`audit-logs?entity=issue&entityId=${id}&action=update`);
    expect(entries.body.data).toHaveLength(1);
    expect((await get(`audit-logs?entity=product&entityId=${res.body.data._id}`)).body.totalCount).toBe(1);

    // Already resolved: 409, and nothing is created.
    const again = await api.post(
      `/api/v1/issues/${id}/product`,
      { ...product, skuCode: 'JAGA-2' },
      { token: admin.token },
    );
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'requestAlreadyResolved', message: MESSAGES.requestAlreadyResolved });
    expect(await productCount()).toBe(before + 1);

    // A duplicate SKU fails after the request was locked: the whole transaction rolls back.
    const other = await api.post('/api/v1/issues', { title: 'Jagarico cheese' }, { token: staff.token });
    const dup = await api.post(
      `/api/v1/issues/${other.body.data._id}/product`,
      { ...product, janCode: withJanCheckDigit('490122000002') },
      { token: admin.token },
    );
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].field).toBe('skuCode');
    expect(
      (await get(`audit-logs?entity=issue&entityId=${other.body.data._id}&action=update`)).body.totalCount,
    ).toBe(0);
    expect(await productCount()).toBe(before + 1);
  });
});
