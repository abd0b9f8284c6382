/**
 * Sets of ids a search text matches (the products a word names, the orders whose id holds a
 * fragment), kept on SQLite per text in a TEMP table of the connection for as long as none of
 * the tables they were read from is written: the key holds those tables' `list_versions` sum,
 * which every write bumps in its own transaction.
 *
 * Why: a search reads its page and its total from these sets, and the same text is searched
 * again and again (the next page, a refetch, the status tabs, a colleague). Found by the
 * trigram indexes each time, a common product word (2,761 of 50,000 products) cost 1.0 ms of a
 * 1.7 ms search walk at a million orders, and an order id fragment 1.2–2.6 ms of its lookup,
 * as FTS5 merges long posting lists ("403" is in every Amazon India order id); read from their
 * primary key here, a fraction of a millisecond. The first search of a text fills its rows, once.
 *
 * On PostgreSQL (a pool of connections, each with its own temporary tables) each server process
 * keeps the ids themselves, under the same key, and sends them as one array parameter: the
 * trigram match of a common product word rechecked 2,900 product rows on every search (5.4 ms);
 * sent as 100 KB of ids it costs the server writing them to the socket instead, but less
 * (a million orders, 10 connections: 154 → 274 searches a second).
 * The versions live in the database, so several team-server instances each stay correct. Not
 * inside a transaction: a write in it that rolls back would leave its version number to be
 * used again by other data.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './database';
import { sqliteOf } from './sqlite-handle';

const TABLE = 'kura_match_cache';
/**
 * Rows kept, least recently used texts first out. A request reads its set a moment after
 * making sure of it, so the bound must stay far above what the searches in flight at once
 * fill (a text matching more than a tenth of it is not kept: its subquery is used as it is).
 */
const MAX_ROWS = 200_000;

interface Kept {
  /** Rows per key, least recently used first. */
  keys: Map<string, number>;
  rows: number;
}
const keptBy = new WeakMap<object, Kept>();

/** One set to keep: `name` tells the sets of one text apart; `tables` are those `ids` reads. */
export interface MatchSet {
  name: string;
  tables: readonly string[];
  /** A subquery of one column. */
  ids: RawBuilder<unknown>;
}

/**
 * Each set's `ids` as a subquery of its kept copy. The tables' versions are read once for all
 * of them, before any is read (a write committed in between is then in the set or in a newer
 * version, never lost). On SQLite the connection is held while a set is checked and filled, so
 * never inside another request's transaction (whose rollback would take the rows).
 */
export async function cachedMatches(
  db: Kysely<Database>,
  text: string,
  sets: readonly MatchSet[],
  maxRows = MAX_ROWS,
): Promise<RawBuilder<unknown>[]> {
  if (db.isTransaction) return sets.map((set) => set.ids);
  const names = [...new Set(sets.flatMap((set) => set.tables))];
  const { rows } = await sql<{ name: string; version: number | string }>`select name, version
    from list_versions where name in (${sql.join(names)})`.execute(db);
  const version = (tables: readonly string[]) =>
    tables.reduce((sum, table) => sum + Number(rows.find((r) => r.name === table)?.version ?? 0), 0);
  const sqlite = sqliteOf(db);
  const kept: RawBuilder<unknown>[] = [];
  for (const set of sets) {
    const key = JSON.stringify([set.name, version(set.tables), text]);
    kept.push(
      await (sqlite
        ? keptInTable(db, sqlite, key, set.ids, maxRows)
        : keptInMemory(db, key, set.ids, maxRows)),
    );
  }
  return kept;
}

/** One set: {@link cachedMatches}. */
export async function cachedMatch(
  db: Kysely<Database>,
  name: string,
  tables: readonly string[],
  text: string,
  ids: RawBuilder<unknown>,
  maxRows = MAX_ROWS,
): Promise<RawBuilder<unknown>> {
  const [kept] = await cachedMatches(db, text, [{ name, tables, ids }], maxRows);
  return kept ?? ids;
}

/** SQLite: the set's rows in the connection's TEMP table, filled first when missing. */
async function keptInTable(
  db: Kysely<Database>,
  sqlite: NonNullable<ReturnType<typeof sqliteOf>>,
  key: string,
  ids: RawBuilder<unknown>,
  maxRows: number,
): Promise<RawBuilder<unknown>> {
  const filled = await db.connection().execute(async () => {
    let kept = keptBy.get(sqlite);
    if (!kept) {
      sqlite.exec(`create temp table if not exists ${TABLE} (
        key text not null, id text not null, primary key (key, id)) without rowid`);
      sqlite.exec(`delete from temp.${TABLE}`);
      keptBy.set(sqlite, (kept = { keys: new Map(), rows: 0 }));
    }
    const rows = kept.keys.get(key);
    if (rows !== undefined) {
      kept.keys.delete(key);
      kept.keys.set(key, rows);
      return true;
    }
    const insert = sql`insert into ${sql.raw(`temp.${TABLE}`)} (key, id)
      select distinct ${key}, m.* from (${ids}) m limit ${Math.floor(maxRows / 10) + 1}`.compile(db);
    const added = sqlite.prepare(insert.sql).run(...insert.parameters).changes;
    if (added > Math.floor(maxRows / 10)) {
      sqlite.prepare(`delete from temp.${TABLE} where key = ?`).run(key);
      return false;
    }
    kept.keys.set(key, added);
    kept.rows += added;
    while (kept.rows > maxRows) {
      const [oldest, count] = kept.keys.entries().next().value as [string, number];
      kept.keys.delete(oldest);
      kept.rows -= count;
      sqlite.prepare(`delete from temp.${TABLE} where key = ?`).run(oldest);
    }
    return true;
  });
  return filled ? sql`select c.id from ${sql.raw(`temp.${TABLE}`)} c where c.key = ${key}` : ids;
}

/** PostgreSQL: per process, the ids of each key, least recently used first. */
const memoryBy = new WeakMap<object, { keys: Map<string, string[]>; rows: number }>();

async function keptInMemory(
  db: Kysely<Database>,
  key: string,
  ids: RawBuilder<unknown>,
  maxRows: number,
): Promise<RawBuilder<unknown>> {
  let kept = memoryBy.get(db);
  if (!kept) memoryBy.set(db, (kept = { keys: new Map(), rows: 0 }));
  let found = kept.keys.get(key);
  if (found) {
    kept.keys.delete(key);
    kept.keys.set(key, found);
  } else {
    const limit = Math.floor(maxRows / 10);
    const matched = await sql<
      Record<string, string>
    >`select distinct m.* from (${ids}) m limit ${limit + 1}`.execute(db);
    if (matched.rows.length > limit) return ids;
    found = matched.rows.map((row) => Object.values(row)[0] as string);
    kept.keys.set(key, found);
    kept.rows += found.length;
    while (kept.rows > maxRows) {
      const [oldest, list] = kept.keys.entries().next().value as [string, string[]];
      kept.keys.delete(oldest);
      kept.rows -= list.length;
    }
  }
  return sql`select unnest(${found}::text[])`;
}
