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
 * On PostgreSQL (a pool of connections, each with its own temporary tables, and perhaps several
 * server processes) the sets are kept in two unlogged tables every process shares
 * (017_match_cache): the trigram match of a common product word rechecked 2,900 product rows on
 * every search (5.4 ms); sent from the process as an array of ids, 100 KB a search went through
 * the socket and the parser (a third of the server's CPU); read from the kept table, the walk
 * probes a hash built from one index range. A process remembers which sets are kept for a
 * while ({@link TRUST_MS}) and marks them used when it looks again; sets unused for long are
 * pruned, never one a process may still be relying on.
 * The versions live in the database, so several team-server instances each stay correct. Not
 * inside a transaction: a write in it that rolls back would leave its version number to be
 * used again by other data.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './database';
import { sqliteOf } from './sqlite-handle';
import { readTableVersions, type TableVersions } from './table-versions';

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
  /**
   * The same ids with a sort key each, as the columns `id` and `sort_key` in that order: the set is then kept
   * with them, and {@link KeptMatch.sorted} reads it in that order from an index.
   */
  sortedIds?: RawBuilder<unknown>;
}

/** A set as a subquery of its kept copy (of `ids` itself when too large to keep). */
export interface KeptMatch {
  ids: RawBuilder<unknown>;
  /** Kept, and holding no id: a query may leave that set out. */
  empty: boolean;
  /**
   * Kept with its sort keys: the kept ids and keys (`id`, `sort_key`), to be read in key order
   * (an index on the set, the key and the id serves it).
   */
  sorted?: RawBuilder<unknown>;
}

/**
 * Each set's `ids` as a subquery of its kept copy. The tables' versions are read once for all
 * of them (or given, read by the request earlier), before any is read (a write committed in
 * between is then in the set or in a newer version, never lost). On SQLite the connection is held while a set is checked and filled, so
 * never inside another request's transaction (whose rollback would take the rows).
 */
export async function cachedMatches(
  db: Kysely<Database>,
  text: string,
  sets: readonly MatchSet[],
  options: { maxRows?: number; versions?: TableVersions } = {},
): Promise<KeptMatch[]> {
  if (db.isTransaction) return sets.map((set) => ({ ids: set.ids, empty: false }));
  const maxRows = options.maxRows ?? MAX_ROWS;
  const names = [...new Set(sets.flatMap((set) => set.tables))];
  const versions =
    options.versions && names.every((name) => options.versions?.has(name))
      ? options.versions
      : await readTableVersions(db, names);
  const version = (tables: readonly string[]) =>
    tables.reduce((sum, table) => sum + (versions.get(table) ?? 0), 0);
  const sqlite = sqliteOf(db);
  const kept: KeptMatch[] = [];
  for (const set of sets) {
    const key = JSON.stringify([set.name, version(set.tables), text]);
    kept.push(
      await (sqlite ? keptInTable(db, sqlite, key, set, maxRows) : keptInDatabase(db, key, set, maxRows)),
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
  const [kept] = await cachedMatches(db, text, [{ name, tables, ids }], { maxRows });
  return kept?.ids ?? ids;
}

/** What a set is filled from: its ids and their sort keys (null for a set without). */
const fillSource = (set: MatchSet) => set.sortedIds ?? sql`select i.*, null from (${set.ids}) i`;

/** SQLite: the set's rows in the connection's TEMP table, filled first when missing. */
async function keptInTable(
  db: Kysely<Database>,
  sqlite: NonNullable<ReturnType<typeof sqliteOf>>,
  key: string,
  set: MatchSet,
  maxRows: number,
): Promise<KeptMatch> {
  // The ids kept for the key, or null when the set is too large to keep.
  const size = await db.connection().execute(async () => {
    let kept = keptBy.get(sqlite);
    if (!kept) {
      sqlite.exec(`create temp table if not exists ${TABLE} (
        key text not null, id text not null, sort_key text, primary key (key, id)) without rowid`);
      sqlite.exec(`create index if not exists temp.${TABLE}__sort on ${TABLE} (key, sort_key, id)`);
      sqlite.exec(`delete from temp.${TABLE}`);
      keptBy.set(sqlite, (kept = { keys: new Map(), rows: 0 }));
    }
    const rows = kept.keys.get(key);
    if (rows !== undefined) {
      kept.keys.delete(key);
      kept.keys.set(key, rows);
      return rows;
    }
    const insert = sql`insert into ${sql.raw(`temp.${TABLE}`)} (key, id, sort_key)
      select distinct ${key}, m.* from (${fillSource(set)}) m limit ${Math.floor(maxRows / 10) + 1}`.compile(
      db,
    );
    const added = sqlite.prepare(insert.sql).run(...insert.parameters).changes;
    if (added > Math.floor(maxRows / 10)) {
      sqlite.prepare(`delete from temp.${TABLE} where key = ?`).run(key);
      return null;
    }
    kept.keys.set(key, added);
    kept.rows += added;
    while (kept.rows > maxRows) {
      const [oldest, count] = kept.keys.entries().next().value as [string, number];
      kept.keys.delete(oldest);
      kept.rows -= count;
      sqlite.prepare(`delete from temp.${TABLE} where key = ?`).run(oldest);
    }
    return added;
  });
  if (size === null) return { ids: set.ids, empty: false };
  const table = sql.raw(`temp.${TABLE}`);
  return {
    ids: sql`select c.id from ${table} c where c.key = ${key}`,
    empty: size === 0,
    ...(set.sortedIds ? { sorted: sql`select c.id, c.sort_key from ${table} c where c.key = ${key}` } : {}),
  };
}

/**
 * PostgreSQL: how long a process trusts that a set it saw kept is still kept before looking
 * again (which also marks it used). Pruning takes only sets unused for far longer
 * ({@link PRUNE_UNUSED_FOR}), so a set a request was told of stays until that request is done.
 */
const TRUST_MS = 30_000;
/** Sets unused this long are pruned when the kept rows pass the bound. */
const PRUNE_UNUSED_FOR = '2 minutes';
/** Sets unused this long are pruned in any case: their tables have most likely moved on. */
const PRUNE_STALE_AFTER = '15 minutes';
/** A process prunes at most this often, after a fill. */
const PRUNE_EVERY_MS = 10_000;

interface KnownSet {
  /** Null when the set is too large to keep. */
  setId: number | null;
  /** The ids it holds, when kept. */
  size: number;
  until: number;
}
const knownBy = new WeakMap<object, { sets: Map<string, KnownSet>; prunedAt: number }>();
/** Keys a process remembers; the least recently used are forgotten (and looked up again). */
const KNOWN_KEYS = 5_000;

/**
 * Forgets which sets this process saw kept, so it looks again: called for every new PostgreSQL
 * connection, as the server may have restarted after a crash, which empties unlogged tables.
 */
export function forgetKeptSets(db: Kysely<Database>): void {
  knownBy.delete(db);
}

/** PostgreSQL: the set's ids in `match_cache_ids` (017_match_cache), filled first when missing. */
async function keptInDatabase(
  db: Kysely<Database>,
  key: string,
  match: MatchSet,
  maxRows: number,
): Promise<KeptMatch> {
  let known = knownBy.get(db);
  if (!known) knownBy.set(db, (known = { sets: new Map(), prunedAt: 0 }));
  let set = known.sets.get(key);
  if (set && set.until > Date.now()) {
    known.sets.delete(key);
  } else {
    set = { ...(await keptSetId(db, key, match, maxRows)), until: Date.now() + TRUST_MS };
    if (known.sets.size >= KNOWN_KEYS) known.sets.delete(known.sets.keys().next().value as string);
  }
  known.sets.set(key, set);
  if (set.setId === null) return { ids: match.ids, empty: false };
  return {
    ids: sql`select c.id from match_cache_ids c where c.set_id = ${set.setId}`,
    empty: set.size === 0,
    ...(match.sortedIds
      ? { sorted: sql`select c.id, c.sort_key from match_cache_ids c where c.set_id = ${set.setId}` }
      : {}),
  };
}

/**
 * The kept set's id (marked used) and size, after filling it when no process has; a null id:
 * too large to keep.
 */
async function keptSetId(
  db: Kysely<Database>,
  key: string,
  match: MatchSet,
  maxRows: number,
): Promise<{ setId: number | null; size: number }> {
  const idOf = (row: { set_id: number | string; size: number | string }) => ({
    setId: Number(row.size) < 0 ? null : Number(row.set_id),
    size: Number(row.size),
  });
  const notKept = { setId: null, size: -1 };
  const [used] = (
    await sql<{ set_id: number; size: number }>`update match_cache_sets set used_at = now()
      where key = ${key} returning set_id, size`.execute(db)
  ).rows;
  if (used) return idOf(used);
  const limit = Math.floor(maxRows / 10);
  const set = await db.transaction().execute(async (trx) => {
    // Another process filling the same key holds its row: this insert waits for it to commit,
    // then does nothing, and the set it filled is read instead.
    const [created] = (
      await sql<{ set_id: number }>`insert into match_cache_sets (key, size) values (${key}, 0)
        on conflict (key) do nothing returning set_id`.execute(trx)
    ).rows;
    if (!created) {
      const [other] = (
        await sql<{ set_id: number; size: number }>`select set_id, size from match_cache_sets
          where key = ${key}`.execute(trx)
      ).rows;
      return other ? idOf(other) : notKept;
    }
    const filled = await sql`insert into match_cache_ids (set_id, id, sort_key)
      select distinct ${created.set_id}::bigint, m.* from (${fillSource(match)}) m limit ${limit + 1}`.execute(
      trx,
    );
    const size = Number(filled.numAffectedRows ?? 0);
    if (size > limit) await sql`delete from match_cache_ids where set_id = ${created.set_id}`.execute(trx);
    await sql`update match_cache_sets set size = ${size > limit ? -1 : size}
      where set_id = ${created.set_id}`.execute(trx);
    return size > limit ? notKept : { setId: Number(created.set_id), size };
  });
  const known = knownBy.get(db);
  if (known && Date.now() - known.prunedAt > PRUNE_EVERY_MS) {
    known.prunedAt = Date.now();
    await pruneKeptSets(db, maxRows);
  }
  return set;
}

/**
 * Drops the kept sets unused for {@link PRUNE_STALE_AFTER} and, while more than `maxRows` ids
 * are kept, the least recently used of those unused for {@link PRUNE_UNUSED_FOR}.
 */
export async function pruneKeptSets(
  db: Kysely<Database>,
  maxRows = MAX_ROWS,
  ages: { unusedFor: string; staleAfter: string } = {
    unusedFor: PRUNE_UNUSED_FOR,
    staleAfter: PRUNE_STALE_AFTER,
  },
): Promise<void> {
  await sql`with ranked as (
      select set_id, used_at,
        sum(greatest(size, 0)) over (order by used_at desc, set_id desc) as kept_through
      from match_cache_sets),
    gone as (
      delete from match_cache_sets s using ranked r
      where s.set_id = r.set_id
        and (r.used_at < now() - ${ages.staleAfter}::interval
          or (r.kept_through > ${maxRows} and r.used_at < now() - ${ages.unusedFor}::interval))
      returning s.set_id)
    delete from match_cache_ids where set_id in (select set_id from gone)`.execute(db);
}
