/**
 * Parallel changes of one row (db/locking.ts): no update is lost, no check is passed twice,
 * and the audit log holds exactly one entry per change that happened. On PostgreSQL these
 * requests really run side by side on the pool; on SQLite they queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJanCheckDigit } from '#shared/domain/jan';
import { MESSAGES } from '#shared/messages';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

type Account = Awaited<ReturnType<typeof setupAccounts>>['admin'];

/**
 * The audit entries of one entity must form a single chain from `first` (each entry's before
 * is the previous entry's after): a lost update shows up as two entries with the same before.
 */
function expectChain(entries: Json[], pick: (snapshot: Json) => unknown, first: unknown) {
  const byBefore = new Map<string, Json>();
  for (const entry of entries) {
    const key = JSON.stringify(pick(entry.before));
    expect(byBefore.has(key), `two changes started from ${key}`).toBe(false);
    byBefore.set(key, entry);
  }
  let current = first;
  for (let i = 0; i < entries.length; i += 1) {
    const entry = byBefore.get(JSON.stringify(current));
    expect(entry, `no change started from ${JSON.stringify(current)}`).toBeDefined();
    current = pick(entry.after);
  }
  return current;
}

describe.each(testDialects())('parallel changes (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Account;
  let secondAdmin: Account;
  let staff: Account;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin;
    secondAdmin = await accounts.withRole('admin');
    staff = await accounts.withRole('orderCreator');
  });
  afterAll(() => server?.close());

  const audit = async (query: string) =>
    (await api.get(`/api/v1/audit-logs?limit=1000&${query}`, { token: admin.token })).body.data as Json[];

  it('resolves one issue once under 20 parallel resolves by two admins: all 200, one change, one entry', async () => {
    const created = await api.post('/api/v1/issues', { title: 'Kit Kat matcha' }, { token: staff.token });
    const id = created.body.data._id as string;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.put(`/api/v1/issues/${id}`, { resolved: true }, { token: (i % 2 ? admin : secondAdmin).token }),
      ),
    );
    // Idempotent: every caller gets the resolved request, all naming the same first resolver.
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const resolvers = new Set(answers.map((r) => r.body.data.resolvedBy._id));
    const times = new Set(answers.map((r) => r.body.data.resolvedAt));
    expect(resolvers.size).toBe(1);
    expect(times.size).toBe(1);
    const entries = await audit(`entity=issue&entityId=${id}&action=update`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ before: { resolved: false }, after: { resolved: true } });
    expect(entries[0].user._id).toBe([...resolvers][0]);
  });

  it('never leaves the shop without an active admin when two admins demote each other, 10 rounds', async () => {
    const activeAdmins = async (token: string) =>
      (await api.get('/api/v1/users?role=admin&active=true&limit=100', { token })).body.data as Json[];
    // Only these two are admins for this test.
    expect((await activeAdmins(admin.token)).map((u) => u._id).sort()).toEqual(
      [admin.user._id, secondAdmin.user._id].sort(),
    );
    const roleChanges = async () =>
      (await audit('entity=user&action=update')).filter(
        (e) => [admin.user._id, secondAdmin.user._id].includes(e.entityId) && e.before.role !== e.after.role,
      ).length;
    const changesBefore = await roleChanges();
    let [a, b] = [admin, secondAdmin];
    for (let round = 0; round < 10; round += 1) {
      const [ab, ba] = await Promise.all([
        api.put(`/api/v1/users/${b.user._id}`, { role: 'orderCreator' }, { token: a.token }),
        api.put(`/api/v1/users/${a.user._id}`, { role: 'orderCreator' }, { token: b.token }),
      ]);
      expect([ab.status, ba.status].sort(), `round ${round}`).toEqual([200, 403]);
      const winner = ab.status === 200 ? a : b;
      const loser = winner === a ? b : a;
      const left = await activeAdmins(winner.token);
      expect(left.map((u) => u._id)).toEqual([winner.user._id]);
      // The winner makes the other an admin again for the next round.
      const back = await api.put(
        `/api/v1/users/${loser.user._id}`,
        { role: 'admin' },
        { token: winner.token },
      );
      expect(back.status).toBe(200);
      [a, b] = round % 2 ? [winner, loser] : [loser, winner];
    }
    // One entry per change that happened: 10 demotions and 10 promotions.
    expect((await roleChanges()) - changesBefore).toBe(20);
  });

  it('keeps one active admin when two admins deactivate each other at once', async () => {
    const [ab, ba] = await Promise.all([
      api.put(`/api/v1/users/${secondAdmin.user._id}`, { active: false }, { token: admin.token }),
      api.put(`/api/v1/users/${admin.user._id}`, { active: false }, { token: secondAdmin.token }),
    ]);
    const statuses = [ab.status, ba.status];
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The loser was refused in the transaction (403) or, already signed out, at the door (401).
    expect([401, 403]).toContain(statuses.find((s) => s !== 200));
    const winner = ab.status === 200 ? admin : secondAdmin;
    const loser = winner === admin ? secondAdmin : admin;
    const admins = await api.get('/api/v1/users?role=admin&active=true', { token: winner.token });
    expect(admins.body.data.map((u: Json) => u._id)).toEqual([winner.user._id]);
    // Restore the loser for the rest of the file.
    expect(
      (await api.put(`/api/v1/users/${loser.user._id}`, { active: true }, { token: winner.token })).status,
    ).toBe(200);
    const login = await api.post('/api/v1/auth/login', { email: loser.email, password: loser.password });
    expect(login.status).toBe(200);
    if (loser === admin) admin = { ...admin, token: login.body.token };
    else secondAdmin = { ...secondAdmin, token: login.body.token };
  });

  it('deletes one memo once under 5 parallel deletes: one 204, four 404, one audit entry', async () => {
    const memo = await api.post(
      '/api/v1/memos',
      { title: 'Stocktake', body: 'Friday' },
      { token: staff.token },
    );
    const id = memo.body.data._id as string;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.request('DELETE', `/api/v1/memos/${id}`, { token: staff.token })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([204, 404, 404, 404, 404]);
    expect(answers.find((r) => r.status === 404)?.body).toEqual({
      code: 'notFound',
      message: MESSAGES.notFound,
    });
    expect(await audit(`entity=memo&entityId=${id}&action=delete`)).toHaveLength(1);
  });

  it('loses no memo edit: each audit entry starts where the previous one ended', async () => {
    const memo = await api.post('/api/v1/memos', { title: 'Rates', body: 'v0' }, { token: staff.token });
    const id = memo.body.data._id as string;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.put(`/api/v1/memos/${id}`, { body: `v${i + 1}` }, { token: staff.token }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const entries = await audit(`entity=memo&entityId=${id}&action=update`);
    expect(entries).toHaveLength(10);
    const last = expectChain(entries, (s) => s.body, 'v0');
    const now = await api.get(`/api/v1/memos?limit=100`, { token: staff.token });
    expect(now.body.data.find((m: Json) => m._id === id).body).toBe(last);
  });

  it('loses no setting edit under parallel renames and value changes', async () => {
    const category = await api.post('/api/v1/categories', { name: 'Snacks 0' }, { token: admin.token });
    const id = category.body.data._id as string;
    const renames = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.put(
          `/api/v1/categories/${id}`,
          { name: `Snacks ${i + 1}` },
          { token: i % 2 ? admin.token : secondAdmin.token },
        ),
      ),
    );
    expect(renames.map((r) => r.status)).toEqual(Array(10).fill(200));
    const entries = await audit(`entity=category&entityId=${id}&action=update`);
    expect(entries).toHaveLength(10);
    const lastName = expectChain(entries, (s) => s.name, 'Snacks 0');
    const list = await api.get(`/api/v1/categories?limit=100`, { token: admin.token });
    expect(list.body.data.find((c: Json) => c._id === id).name).toBe(lastName);

    const fee = await api.post(
      '/api/v1/handling-fees',
      { title: 'Packing', type: 'amount', value: 100 },
      { token: admin.token },
    );
    const feeId = fee.body.data._id as string;
    const values = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.put(`/api/v1/handling-fees/${feeId}`, { value: 101 + i }, { token: admin.token }),
      ),
    );
    expect(values.map((r) => r.status)).toEqual(Array(10).fill(200));
    const feeEntries = await audit(`entity=handlingFee&entityId=${feeId}&action=update`);
    expect(feeEntries).toHaveLength(10);
    expectChain(feeEntries, (s) => s.value, 100);
  });

  it('records one create and then updates when a preference is first saved in parallel', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api.post(
          '/api/v1/user-preferences',
          { _id: 'race.table', value: { pageSize: 10 + i } },
          { token: staff.token },
        ),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    const entries = await audit(`entity=userPreference&userId=${staff.user._id}&entityId=race.table`);
    expect(entries.filter((e) => e.action === 'create')).toHaveLength(1);
    expectChain(entries, (s) => s?.value?.pageSize ?? null, null);
  });

  it('turns a request into exactly one product under parallel calls; the rest answer 409', async () => {
    const request = await api.post('/api/v1/issues', { title: 'Pocky almond' }, { token: staff.token });
    const id = request.body.data._id as string;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        api.post(
          `/api/v1/issues/${id}/product`,
          { name: 'Pocky almond', skuCode: `POCKY-${i}`, janCode: withJanCheckDigit('490100520021') },
          { token: admin.token },
        ),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.find((r) => r.status === 409)?.body).toEqual({
      code: 'requestAlreadyResolved',
      message: MESSAGES.requestAlreadyResolved,
    });
    const products = await api.get('/api/v1/products?name=Pocky%20almond', { token: admin.token });
    expect(products.body.totalCount).toBe(1);
    expect(await audit(`entity=issue&entityId=${id}&action=update`)).toHaveLength(1);
  });

  it('lets a reset link work once under 5 parallel uses', async () => {
    expect((await api.post('/api/v1/auth/forgot-password', { email: staff.email })).status).toBe(200);
    const token = new URL(server.mails.at(-1)?.link ?? '').searchParams.get('token') ?? '';
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        api.post('/api/v1/auth/reset-password', { token, password: `new-pass-${i}` }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    const resets = (await audit(`entity=user&entityId=${staff.user._id}&action=update`)).filter(
      (e) => e.after && 'passwordChangedAt' in e.after,
    );
    expect(resets).toHaveLength(1);
  });
});
