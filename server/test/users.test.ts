import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { client, register, setupAccounts, type Client } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

describe.each(testDialects())('users and the list query language (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Awaited<ReturnType<typeof setupAccounts>>['admin'];
  let withRole: Awaited<ReturnType<typeof setupAccounts>>['withRole'];
  const names = ['delta', 'Alpha', 'charlie', 'Echo', 'bravo'];

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    ({ admin, withRole } = await setupAccounts(api));
    for (const name of names) {
      await register(api, {
        fullname: `${name} person`,
        username: `${name}-user`,
        email: `${name.toLowerCase()}@list.example`,
      });
    }
  });
  afterAll(() => server?.close());

  const list = (query: string) => api.get(`/api/v1/users?${query}`, { token: admin.token });

  it('pages with totalCount', async () => {
    const page1 = await list('page=1&limit=2&sort=createdAt');
    expect(page1.status).toBe(200);
    expect(page1.body.totalCount).toBe(6);
    expect(page1.body.data).toHaveLength(2);
    const page3 = await list('page=3&limit=2&sort=createdAt');
    expect(page3.body.data).toHaveLength(2);
    const page4 = await list('page=4&limit=2&sort=createdAt');
    expect(page4.body.data).toHaveLength(0);
    expect(page4.body.totalCount).toBe(6);
    const all = await list('limit=10&sort=createdAt');
    const paged = [
      ...page1.body.data,
      ...(await list('page=2&limit=2&sort=createdAt')).body.data,
      ...page3.body.data,
    ];
    expect(paged.map((u: { _id: string }) => u._id)).toEqual(
      all.body.data.map((u: { _id: string }) => u._id),
    );
  });

  it('sorts both ways, case-insensitively for names', async () => {
    const asc = await list('sort=fullname&searchStr=person');
    expect(asc.body.data.map((u: { fullname: string }) => u.fullname.split(' ')[0])).toEqual([
      'Alpha',
      'bravo',
      'charlie',
      'delta',
      'Echo',
    ]);
    const desc = await list('sort=-fullname&searchStr=person');
    expect(desc.body.data.map((u: { fullname: string }) => u.fullname.split(' ')[0])).toEqual([
      'Echo',
      'delta',
      'charlie',
      'bravo',
      'Alpha',
    ]);
  });

  it('filters with operators, repeated values and search text', async () => {
    const admins = await list('role=admin');
    expect(admins.body.totalCount).toBe(1);
    expect(admins.body.data[0]._id).toBe(admin.user._id);
    const pending = await list('role=none');
    expect(pending.body.totalCount).toBe(5);
    const notAdmin = await list('role[ne]=admin');
    expect(notAdmin.body.totalCount).toBe(5);

    const all = (await list('sort=createdAt&limit=100')).body.data as { createdAt: string }[];
    const third = all[2]?.createdAt ?? '';
    const since = await list(`createdAt[gte]=${encodeURIComponent(third)}&limit=100`);
    expect(since.body.totalCount).toBe(all.filter((u) => u.createdAt >= third).length);
    const before = await list(`createdAt[lt]=${encodeURIComponent(third)}&limit=100`);
    expect(before.body.totalCount).toBe(all.filter((u) => u.createdAt < third).length);

    const either = await list('email=alpha@list.example&email=bravo@list.example');
    expect(either.body.totalCount).toBe(2);
    const search = await list('searchStr=CHARLIE');
    expect(search.body.data.map((u: { username: string }) => u.username)).toEqual(['charlie-user']);
    const literal = await list(`searchStr=${encodeURIComponent('%')}`);
    expect(literal.body.totalCount).toBe(0);
    expect((await list('active=true')).body.totalCount).toBe(6);
  });

  it('answers search endpoints with the lowercase totalcount', async () => {
    const res = await api.get('/api/v1/users/search?searchStr=o%20person&limit=1&sort=fullname', {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'totalcount']);
    expect(res.body.totalcount).toBe(2);
    expect(res.body.data.map((u: { fullname: string }) => u.fullname)).toEqual(['bravo person']);
  });

  it('answers 400 naming the field for anything the users list does not take', async () => {
    const cases: [string, string][] = [
      ['password=x', 'password'],
      ['sort=password', 'sort'],
      ['limit=0', 'limit'],
      ['limit=10001', 'limit'],
      ['page=abc', 'page'],
      ['active=maybe', 'active'],
      ['createdAt[like]=x', 'createdAt'],
      ['createdAt[gte]=yesterday', 'createdAt'],
      ['role=superuser', 'role'],
    ];
    for (const [query, field] of cases) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.errors?.[0]?.field, query).toBe(field);
      expect(res.body.message, query).toContain(field === 'sort' ? 'password' : field);
    }
  });

  it('grants a role, and deactivation ends every session at once', async () => {
    const user = await register(api);
    const login = await api.post('/api/v1/auth/login', { email: user.email, password: user.password });
    expect((await api.get('/api/v1/user-preferences/layout', { token: user.token })).status).toBe(403);

    const granted = await api.put(
      `/api/v1/users/${user.user._id}`,
      { role: 'orderCreator' },
      { token: admin.token },
    );
    expect(granted.status).toBe(200);
    expect(granted.body.data).toMatchObject({ _id: user.user._id, role: 'orderCreator', active: true });
    // The role applies to the existing session without signing in again.
    expect((await api.get('/api/v1/user-preferences/layout', { token: user.token })).status).toBe(404);

    const off = await api.put(`/api/v1/users/${user.user._id}`, { active: false }, { token: admin.token });
    expect(off.status).toBe(200);
    expect(off.body.data.active).toBe(false);
    for (const token of [user.token, login.body.token as string]) {
      expect((await api.get('/api/v1/auth/me', { token })).status).toBe(401);
    }
    const again = await api.post('/api/v1/auth/login', { email: user.email, password: user.password });
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ code: 'accountDeactivated', message: MESSAGES.accountDeactivated });

    expect(
      (await api.put(`/api/v1/users/${user.user._id}`, { active: true }, { token: admin.token })).status,
    ).toBe(200);
    expect(
      (await api.post('/api/v1/auth/login', { email: user.email, password: user.password })).status,
    ).toBe(200);
  });

  it('refuses to let an admin demote or deactivate themselves', async () => {
    for (const change of [{ role: 'orderCreator' }, { role: null }, { active: false }]) {
      const res = await api.put(`/api/v1/users/${admin.user._id}`, change, { token: admin.token });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'cannotChangeOwnAccount', message: MESSAGES.cannotChangeOwnAccount });
    }
    const other = await withRole('admin');
    const demoted = await api.put(`/api/v1/users/${other.user._id}`, { role: null }, { token: admin.token });
    expect(demoted.status).toBe(200);
    expect(demoted.body.data.role).toBeNull();
  });

  it('validates updates and unknown ids', async () => {
    const empty = await api.put(`/api/v1/users/${admin.user._id}`, {}, { token: admin.token });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to update');
    const badRole = await api.put(
      `/api/v1/users/${admin.user._id}`,
      { role: 'owner' },
      { token: admin.token },
    );
    expect(badRole.status).toBe(400);
    expect(badRole.body.errors[0].field).toBe('role');
    const missing = await api.put('/api/v1/users/no-such-user', { role: 'admin' }, { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 'notFound', message: MESSAGES.notFound });
  });
});
