/**
 * On PostgreSQL the hot fixed-text queries (server/src/db/compiled.ts: the session, the list
 * versions, a page's rows by id) run as named prepared statements, parsed and planned once per
 * connection: each still answers for the parameters it is given, a connection holds a bounded
 * number of them, and a request's session is one of them.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCompiled, MAX_STATEMENT_NAMES, statementNameOf } from '../src/db/compiled';
import type { Database } from '../src/db/database';
import { client, setupAccounts, type Client } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

const onPostgres = testDialects().includes('postgres');

const preparedOn = async (db: Kysely<Database>) =>
  (
    await sql<{
      name: string;
      statement: string;
    }>`select name, statement from pg_prepared_statements`.execute(db)
  ).rows;

describe.skipIf(!onPostgres)('prepared statements (postgres)', () => {
  let server: TestServer;
  let api: Client;
  let admin: { token: string };

  beforeAll(async () => {
    server = await startTestServer({ dialect: 'postgres' });
    api = client(server.url);
    admin = (await setupAccounts(api)).admin;
  });
  afterAll(() => server.close());

  it('prepares a compiled text once per connection and runs it with each new parameter', async () => {
    await server.app.db.connection().execute(async (db) => {
      const versionNamed = (name: string) =>
        executeCompiled(
          db,
          'test.versionByName',
          () =>
            db
              .selectFrom('list_versions')
              .select(['list_versions.name'])
              .where('list_versions.name', '=', name),
          [name],
        );
      const names = (await db.selectFrom('list_versions').select('name').execute()).map((v) => v.name);
      expect(names.length).toBeGreaterThan(1);
      // The same statement, bound to each name in turn, finds that row and no other.
      for (const name of names) expect(await versionNamed(name)).toEqual([{ name }]);
      expect(await versionNamed('no such table')).toEqual([]);
      const prepared = await preparedOn(db);
      const named = prepared.filter((s) => s.statement.includes('"list_versions"."name" = $1'));
      expect(named).toHaveLength(1);
      expect(named[0]?.name).toBe(statementNameOf(named[0]?.statement ?? ''));
    });
  });

  it('runs a request’s session lookup as a prepared statement', async () => {
    // Requests one after another take the pool's most recently released connection.
    for (let i = 0; i < 3; i++) expect((await api.get('/api/v1/orders?limit=5', admin)).status).toBe(200);
    const prepared = await server.app.db.connection().execute((db) => preparedOn(db));
    expect(prepared.some((s) => /from "sessions" inner join "users"/.test(s.statement))).toBe(true);
  });

  it('names a bounded number of texts; the rest run unnamed, with the same answers', async () => {
    await server.app.db.connection().execute(async (db) => {
      // A different text for each count of ids, as a page's rows by id are.
      const shapes = MAX_STATEMENT_NAMES + 20;
      for (let n = 1; n <= shapes; n++) {
        const ids = Array.from({ length: n }, (_, i) => `no-such-user-${i}`);
        const rows = await executeCompiled(
          db,
          `test.usersByIds:${n}`,
          () => db.selectFrom('users').select('users.id').where('users.id', 'in', ids),
          ids,
        );
        expect(rows).toEqual([]);
      }
      const prepared = await preparedOn(db);
      expect(prepared.length).toBeLessThanOrEqual(MAX_STATEMENT_NAMES);
      expect(prepared.every((s) => /^kura_\d+$/.test(s.name))).toBe(true);
    });
  });
});
