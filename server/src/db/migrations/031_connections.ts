/**
 * Live sync's platform connections: one row per kind (shopify, amazon) with its settings and its
 * sealed secrets (AES-256-GCM, connections/secret-box.ts: the database never holds a secret in
 * clear), its runs, the lines that found no product waiting for one (the whole import line, so
 * it can be applied later exactly as it came), the mappings admins chose for them, and a lease
 * per connection: the one row whose conditional update decides which server process runs a
 * connection's sync (several team servers may share one PostgreSQL).
 *
 * Same SQL on both databases: timestamps are ISO 8601 UTC text, JSON is text, flags 0/1.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table connections (
    kind text primary key check (kind in ('shopify', 'amazon')),
    settings text not null,
    secrets text not null default '{}',
    enabled integer not null default 1,
    interval_minutes integer not null default 5,
    cursor text,
    consecutive_failures integer not null default 0,
    stopped_code text,
    stopped_message text,
    saved_by text references users (id),
    created_at text not null,
    updated_at text not null
  )`.execute(db);

  await sql`create table connection_leases (
    kind text primary key references connections (kind),
    run_id text,
    expires_at text
  )`.execute(db);

  await sql`create table connection_runs (
    id text primary key,
    kind text not null references connections (kind),
    started_at text not null,
    finished_at text,
    status text not null check (status in ('running', 'succeeded', 'failed')),
    created integer not null default 0,
    updated integer not null default 0,
    unmatched integer not null default 0,
    errors integer not null default 0,
    message_code text,
    message text
  )`.execute(db);
  await sql`create index ix_connection_runs__kind_started on connection_runs (kind, started_at)`.execute(db);

  // match_key: 'sku:' + lower(sku) when the line names a SKU, else 'asin:' + asin; line_key: the
  // line's platform, order and match key, so a line the platform answers again replaces itself.
  await sql`create table connection_unmatched (
    kind text not null references connections (kind),
    line_key text not null,
    match_key text not null,
    platform_code text not null,
    order_id text not null,
    sku text not null,
    asin text not null,
    name text not null,
    line text not null,
    created_at text not null,
    updated_at text not null,
    primary key (kind, line_key)
  )`.execute(db);
  await sql`create index ix_connection_unmatched__match on connection_unmatched (kind, match_key)`.execute(
    db,
  );

  await sql`create table connection_mappings (
    kind text not null check (kind in ('shopify', 'amazon')),
    match_key text not null,
    product_id text not null references products (id),
    saved_by text references users (id),
    created_at text not null,
    updated_at text not null,
    primary key (kind, match_key)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists connection_mappings`.execute(db);
  await sql`drop table if exists connection_unmatched`.execute(db);
  await sql`drop table if exists connection_runs`.execute(db);
  await sql`drop table if exists connection_leases`.execute(db);
  await sql`drop table if exists connections`.execute(db);
}
