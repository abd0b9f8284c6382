/** The memo board over HTTP on each database: staff create, search, edit and delete notes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

describe.each(testDialects())('memos API (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: { token: string; fullname: string; user: { _id: string } };
  let staff: { token: string; fullname: string; user: { _id: string } };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin;
    staff = await accounts.withRole('orderCreator');
  });
  afterAll(() => server?.close());

  const get = (path: string, token = staff.token) => api.get(`/api/v1/${path}`, { token });
  const counts = async () => ({
    memos: (await get('memos/?limit=1')).body.totalCount as number,
    audit: (await get('audit-logs?entity=memo&limit=1', admin.token)).body.totalCount as number,
  });
  const pause = () => new Promise((r) => setTimeout(r, 5));

  it('creates memos with their author', async () => {
    const notes: [string, string, typeof admin][] = [
      ['Holiday schedule', 'Warehouse closed 29 Dec – 3 Jan.', admin],
      ['EMS rates', 'EMS to India went up 8% from November.', staff],
      ['棚卸し', '毎月末に棚卸しを行います。', staff],
    ];
    for (const [title, body, author] of notes) {
      const res = await api.post('/api/v1/memos/', { title, body }, { token: author.token });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        title,
        body,
        author: { _id: author.user._id, fullname: author.fullname },
      });
      ids[title] = res.body.data._id;
      await pause();
    }
    const audit = await get(`audit-logs?entity=memo&entityId=${ids['EMS rates']}`, admin.token);
    expect(audit.body.data[0]).toMatchObject({ action: 'create', user: { _id: staff.user._id } });
  });

  it('refuses a memo without a title and writes nothing', async () => {
    const before = await counts();
    for (const body of [{ title: '', body: 'x' }, { title: ' ' }, { body: 'no title' }]) {
      const res = await api.post('/api/v1/memos/', body, { token: staff.token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.enterName);
    }
    expect(await counts()).toEqual(before);
  });

  it('lists newest-updated first, pages, sorts and searches title and body', async () => {
    const res = await get('memos/?page=1&limit=2');
    expect(res.body.totalCount).toBe(3);
    expect(res.body.data.map((m: Json) => m.title)).toEqual(['棚卸し', 'EMS rates']);
    expect((await get('memos/?page=2&limit=2')).body.data.map((m: Json) => m.title)).toEqual([
      'Holiday schedule',
    ]);
    const byTitle = await get('memos/?sort=title');
    expect(byTitle.body.data.map((m: Json) => m.title)).toEqual(['EMS rates', 'Holiday schedule', '棚卸し']);
    expect((await get('memos/?searchStr=india')).body.data.map((m: Json) => m.title)).toEqual(['EMS rates']);
    expect((await get('memos/?searchStr=HOLIDAY')).body.totalCount).toBe(1);
    expect((await get(`memos/?searchStr=${encodeURIComponent('棚卸し')}`)).body.totalCount).toBe(1);
    expect((await get(`memos/?authorId=${admin.user._id}`)).body.totalCount).toBe(1);
  });

  it('edits any memo, moving it to the top, with an audit entry', async () => {
    const id = ids['Holiday schedule'] as string;
    const res = await api.put(
      `/api/v1/memos/${id}`,
      { body: 'Closed 28 Dec – 4 Jan.' },
      { token: staff.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      title: 'Holiday schedule',
      body: 'Closed 28 Dec – 4 Jan.',
      author: { _id: admin.user._id },
    });
    expect((await get('memos/?limit=1')).body.data[0]._id).toBe(id);
    const audit = await get(`audit-logs?entity=memo&entityId=${id}&action=update`, admin.token);
    expect(audit.body.data[0]).toMatchObject({
      user: { _id: staff.user._id },
      before: { body: 'Warehouse closed 29 Dec – 3 Jan.' },
      after: { body: 'Closed 28 Dec – 4 Jan.' },
    });
    const blank = await api.put(`/api/v1/memos/${id}`, { title: ' ' }, { token: staff.token });
    expect(blank.status).toBe(400);
    const empty = await api.put(`/api/v1/memos/${id}`, {}, { token: staff.token });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSAGES.nothingToUpdate);
    expect((await api.put('/api/v1/memos/nope', { title: 'x' }, { token: staff.token })).status).toBe(404);
  });

  it('deletes with 204 and keeps the deleted memo in the audit log', async () => {
    const id = ids['EMS rates'] as string;
    const res = await api.request('DELETE', `/api/v1/memos/${id}`, { token: staff.token });
    expect(res.status).toBe(204);
    expect((await get('memos/')).body.totalCount).toBe(2);
    expect((await api.request('DELETE', `/api/v1/memos/${id}`, { token: staff.token })).status).toBe(404);
    const audit = await get(`audit-logs?entity=memo&entityId=${id}&action=delete`, admin.token);
    expect(audit.body.data[0]).toMatchObject({ before: { title: 'EMS rates' }, after: null });
  });
});
