/**
 * SQLite with reader threads (db/sqlite-dialect.ts, db/sqlite-readers.ts): reads outside a
 * transaction run on the readers, beside each other and beside an open transaction, and see
 * only committed state; writes and transactions queue on the one writing connection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../src/db/connect';
import { readRaw } from '../src/db/sqlite-handle';

describe('SQLite reader threads', () => {
  let dir: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kura-readers-'));
    handle = createDatabase(join(dir, 'readers.sqlite'));
    await sql`create table t (id integer primary key, v text not null)`.execute(handle.db);
    await sql`insert into t (v) select 'row ' || value from generate_series(1, 3)`
      .execute(handle.db)
      .catch(async () => {
        // generate_series is an extension some builds leave out.
        for (const v of ['row 1', 'row 2', 'row 3'])
          await sql`insert into t (v) values (${v})`.execute(handle.db);
      });
  });
  afterAll(async () => {
    await handle?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = async () =>
    Number((await sql<{ n: number }>`select count(*) as n from t`.execute(handle.db)).rows[0]?.n);

  it('reads committed state only, beside an open transaction, and the commit once it is made', async () => {
    let inside!: () => void;
    const paused = new Promise<void>((resolve) => (inside = resolve));
    let proceed!: () => void;
    const go = new Promise<void>((resolve) => (proceed = resolve));
    const writing = handle.db.transaction().execute(async (trx) => {
      await sql`insert into t (v) values ('uncommitted')`.execute(trx);
      // Inside the transaction its own write is seen (it runs on the writing connection).
      const own = await sql<{ n: number }>`select count(*) as n from t`.execute(trx);
      expect(Number(own.rows[0]?.n)).toBe(4);
      inside();
      await go;
    });
    await paused;
    // A read outside the transaction neither waits for it nor sees its write.
    expect(await count()).toBe(3);
    proceed();
    await writing;
    expect(await count()).toBe(4);
  });

  it('runs reads beside each other on the reader threads', async () => {
    // A read that takes a while (a recursive count of millions), and a quick one sent after it:
    // the quick one answers first, as it does not wait behind the slow one.
    const done: string[] = [];
    const slow = sql`with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000)
      select count(*) as n from c`
      .execute(handle.db)
      .then(() => done.push('slow'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const quick = count().then(() => done.push('quick'));
    await Promise.all([slow, quick]);
    expect(done).toEqual(['quick', 'slow']);
  });

  it('queues writes and transactions on the writing connection', async () => {
    const writes = Array.from({ length: 20 }, (_, i) =>
      i % 2
        ? sql`insert into t (v) values (${`plain ${i}`})`.execute(handle.db)
        : handle.db.transaction().execute(async (trx) => {
            const before = await sql<{ n: number }>`select count(*) as n from t`.execute(trx);
            await sql`insert into t (v) values (${`in trx ${i}`})`.execute(trx);
            const after = await sql<{ n: number }>`select count(*) as n from t`.execute(trx);
            // No other write lands between a transaction's statements.
            expect(Number(after.rows[0]?.n)).toBe(Number(before.rows[0]?.n) + 1);
          }),
    );
    await Promise.all(writes);
    expect(await count()).toBe(24);
  });

  it('answers a failed read with the database error, and rows as arrays when asked', async () => {
    await expect(sql`select nope from t`.execute(handle.db)).rejects.toThrow(/no such column: nope/);
    const rows = await readRaw(handle.db, {
      sql: 'select id, v from t where id <= ? order by id',
      parameters: [2],
    });
    expect(rows).toEqual([
      [1, 'row 1'],
      [2, 'row 2'],
    ]);
    // A blob is a Buffer, as the writing connection answers it.
    const [blob] = await readRaw(handle.db, { sql: "select cast('a,b' as blob)", parameters: [] });
    expect(Buffer.isBuffer(blob?.[0])).toBe(true);
    expect(String(blob?.[0])).toBe('a,b');
    const objects = await sql<{ b: Buffer }>`select cast('c,d' as blob) as b`.execute(handle.db);
    expect(objects.rows[0]?.b.toString()).toBe('c,d');
  });

  it('finds what the writer just indexed in an FTS5 trigram table, through many segments and merges', async () => {
    // FTS5 keeps its index's structure per connection; a reader must see every commit of the
    // writer's (it checks the data version when a query opens its cursor).
    await sql`create virtual table words using fts5(w, tokenize = 'trigram')`.execute(handle.db);
    for (let round = 0; round < 40; round++) {
      await handle.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 25; i++)
          await sql`insert into words (w) values (${`word-${round}-${i}-kura`})`.execute(trx);
      });
      const found = await sql<{
        n: number;
      }>`select count(*) as n from words where words match ${'"-kura"'}`.execute(handle.db);
      expect(Number(found.rows[0]?.n)).toBe((round + 1) * 25);
      const last = await sql<{
        w: string;
      }>`select w from words where words match ${`"word-${round}-24-"`}`.execute(handle.db);
      expect(last.rows.map((r) => r.w)).toEqual([`word-${round}-24-kura`]);
    }
    await sql`delete from words where rowid % 2 = 0`.execute(handle.db);
    const left = await sql<{
      n: number;
    }>`select count(*) as n from words where words match ${'"-kura"'}`.execute(handle.db);
    expect(Number(left.rows[0]?.n)).toBe(500);
  });

  it('rolls a failed transaction back and frees the writing connection', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`insert into t (v) values ('rolled back')`.execute(trx);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    await sql`insert into t (v) values ('after')`.execute(handle.db);
    const values = (await sql<{ v: string }>`select v from t`.execute(handle.db)).rows.map((r) => r.v);
    expect(values).toContain('after');
    expect(values).not.toContain('rolled back');
  });
});
