import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { client, setupAccounts, type Client } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

describe.each(testDialects())('audit log and user preferences (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Awaited<ReturnType<typeof setupAccounts>>['admin'];
  let clerk: Awaited<ReturnType<typeof setupAccounts>>['admin'];

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin;
    clerk = await accounts.withRole('orderCreator');
  });
  afterAll(() => server?.close());

  const audit = (query: string) => api.get(`/api/v1/audit-logs?${query}`, { token: admin.token });

  it('records registrations and role changes with before and after, never secrets', async () => {
    const created = await audit(`entity=user&entityId=${clerk.user._id}&action=create`);
    expect(created.status).toBe(200);
    expect(created.body.totalCount).toBe(1);
    const entry = created.body.data[0];
    expect(entry).toMatchObject({ entity: 'user', entityId: clerk.user._id, action: 'create', before: null });
    expect(entry.after).toMatchObject({ _id: clerk.user._id, email: clerk.email, role: null });
    expect(JSON.stringify(created.body)).not.toMatch(/password|scrypt|token/i);

    const updated = await audit(`entityId=${clerk.user._id}&action=update&userId=${admin.user._id}`);
    expect(updated.body.totalCount).toBe(1);
    expect(updated.body.data[0]).toMatchObject({
      user: { _id: admin.user._id, fullname: 'Ada Admin' },
      before: { role: null },
      after: { role: 'orderCreator' },
    });
  });

  it('records password resets without the password', async () => {
    await api.post('/api/v1/auth/forgot-password', { email: clerk.email });
    const token = new URL(server.mails.at(-1)?.link ?? '').searchParams.get('token') ?? '';
    expect(
      (await api.post('/api/v1/auth/reset-password', { token, password: 'brand-new-pass' })).status,
    ).toBe(200);
    const entries = await audit(`entityId=${clerk.user._id}&sort=-at&limit=1`);
    expect(entries.body.data[0]).toMatchObject({ action: 'update', user: null });
    expect(Object.keys(entries.body.data[0].after)).toEqual(['passwordChangedAt']);
    expect(JSON.stringify(entries.body)).not.toContain('brand-new-pass');
    const login = await api.post('/api/v1/auth/login', { email: clerk.email, password: 'brand-new-pass' });
    clerk = { ...clerk, token: login.body.token };
  });

  it('keeps preferences per user and audits them', async () => {
    const missing = await api.get('/api/v1/user-preferences/shipments.table', { token: clerk.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 'notFound', message: MESSAGES.notFound });

    const first = await api.post(
      '/api/v1/user-preferences/',
      { _id: 'shipments.table', value: { pageSize: 50 } },
      { token: clerk.token },
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ _id: 'shipments.table', value: { pageSize: 50 } });
    const second = await api.post(
      '/api/v1/user-preferences',
      { _id: 'shipments.table', value: { pageSize: 75, sort: '-updatedAt' } },
      { token: clerk.token },
    );
    expect(second.body.data.value).toEqual({ pageSize: 75, sort: '-updatedAt' });
    const read = await api.get('/api/v1/user-preferences/shipments.table/', { token: clerk.token });
    expect(read.status).toBe(200);
    expect(read.body.data.value).toEqual({ pageSize: 75, sort: '-updatedAt' });
    // Another user's preferences with the same id are their own.
    expect((await api.get('/api/v1/user-preferences/shipments.table', { token: admin.token })).status).toBe(
      404,
    );

    // All of a user's preferences at once: a key not among them is unset, no 404 to ask for.
    const all = await api.get('/api/v1/user-preferences', { token: clerk.token });
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual([
      { _id: 'shipments.table', value: { pageSize: 75, sort: '-updatedAt' }, updatedAt: expect.any(String) },
    ]);
    const none = await api.get('/api/v1/user-preferences', { token: admin.token });
    expect(none.status).toBe(200);
    expect(none.body.data.map((p: { _id: string }) => p._id)).not.toContain('shipments.table');

    const bad = await api.post(
      '/api/v1/user-preferences',
      { _id: 'bad id!', value: {} },
      { token: clerk.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('_id');

    const entries = await audit('entity=userPreference&sort=at');
    expect(entries.body.data.map((e: { action: string }) => e.action)).toEqual(['create', 'update']);
    expect(entries.body.data[1]).toMatchObject({
      user: { _id: clerk.user._id },
      before: { value: { pageSize: 50 } },
      after: { value: { pageSize: 75, sort: '-updatedAt' } },
    });
  });

  it('refuses a preference value over 16 KiB with 413, keeping the stored one and the log small', async () => {
    const save = (value: unknown) =>
      api.post('/api/v1/user-preferences', { _id: 'products.columns', value }, { token: clerk.token });
    expect((await save({ widths: [120, 80] })).status).toBe(200);
    const logged = async () => (await audit('entity=userPreference&limit=1')).body.totalCount as number;
    const entriesBefore = await logged();

    // 20 saves of 900 KB each: all refused, none stored, none copied into the audit log.
    const huge = { blob: 'x'.repeat(900_000) };
    const answers = await Promise.all(Array.from({ length: 20 }, () => save(huge)));
    for (const res of answers) {
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({
        message: MESSAGES.preferenceTooLarge,
        errors: [{ field: 'value', message: MESSAGES.preferenceTooLarge }],
      });
    }
    // Just over the bound (in UTF-8 bytes, so multibyte text counts fully) is refused too.
    expect((await save({ note: 'あ'.repeat(6_000) })).status).toBe(413);
    expect((await save({ note: 'x'.repeat(16_000) })).status).toBe(200);

    const stored = await api.get('/api/v1/user-preferences/products.columns', { token: clerk.token });
    expect(stored.body.data.value).toEqual({ note: 'x'.repeat(16_000) });
    expect(await logged()).toBe(entriesBefore + 1);
    // Saving the same value again leaves no trace.
    expect((await save({ note: 'x'.repeat(16_000) })).status).toBe(200);
    expect(await logged()).toBe(entriesBefore + 1);
  });

  it('filters the log by time and sorts it newest first by default', async () => {
    const all = await audit('limit=100');
    const times = all.body.data.map((e: { at: string }) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    const middle = times[Math.floor(times.length / 2)] as string;
    const since = await audit(`at[gte]=${encodeURIComponent(middle)}&limit=100`);
    expect(since.body.totalCount).toBe(times.filter((t: string) => t >= middle).length);
    const until = await audit(`at[lte]=${encodeURIComponent(middle)}&limit=100`);
    expect(until.body.totalCount).toBe(times.filter((t: string) => t <= middle).length);
    const unknown = await audit('before=x');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      {
        field: 'before',
        code: 'queryFilter',
        message: 'Cannot filter by before',
        params: { field: 'before' },
      },
    ]);
  });
});
