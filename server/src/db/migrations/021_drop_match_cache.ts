/**
 * The order search no longer keeps the sets a text matched (017_match_cache,
 * 018_match_cache_order): it reads its totals from the kept order counts (020_order_counts), so
 * a new text is as fast as a repeated one, and there is nothing left to keep. Frozen once shipped.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite kept them in a TEMP table of its connection: nothing was ever stored.
  if (!isPostgres(db)) return;
  await sql`drop table if exists match_cache_ids`.execute(db);
  await sql`drop table if exists match_cache_sets`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // As 017_match_cache and 018_match_cache_order left them.
  await sql`create unlogged table match_cache_sets (
    set_id bigint generated always as identity primary key,
    key text not null unique,
    size integer not null,
    used_at timestamptz not null default now())`.execute(db);
  await sql`create unlogged table match_cache_ids (
    set_id bigint not null,
    id text not null,
    sort_key text,
    primary key (set_id, id))`.execute(db);
  await sql`create index ix_match_cache_ids__sort on match_cache_ids (set_id, sort_key, id)`.execute(db);
}
