/**
 * PostgreSQL keeps a search's matched sets in the database (db/match-cache.ts), shared by every
 * team-server process: `match_cache_sets` names a set (its key: the set's name, the versions of
 * the tables it was read from, the text) and when it was last used; `match_cache_ids` holds
 * its ids. Unlogged: they are a cache, so they skip the write-ahead log and come back empty
 * after a crash, which the cache reads as "not kept yet". SQLite keeps its sets in a TEMP
 * table of its one connection instead, so there is nothing to create there.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create unlogged table match_cache_sets (
    set_id bigint generated always as identity primary key,
    key text not null unique,
    -- Ids kept; -1: more than a set may keep, so searches use their subquery as it is.
    size integer not null,
    used_at timestamptz not null default now())`.execute(db);
  await sql`create unlogged table match_cache_ids (
    set_id bigint not null,
    id text not null,
    primary key (set_id, id))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop table match_cache_ids`.execute(db);
  await sql`drop table match_cache_sets`.execute(db);
}
