/**
 * The history a person can read: each audit entry keeps the record's display name at the time
 * of the change (a product's name, a user's name, a memo's title), so the log says "Pocky" rather
 * than an id, and still does after the record is renamed or deleted.
 *
 * The history screen filters by who, by kind of record, by one record and by a date range, each
 * newest first: one index per filter, each ending in `at, id` (the list's sort and tie breaker),
 * replaces the two single-purpose indexes of 001_core. A date range alone walks `at, id`.
 *
 * Entries written before this migration get the name their own snapshot carries, if any.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const INDEXES: Record<string, string[]> = {
  ix_audit_log__user_at: ['user_id', 'at', 'id'],
  ix_audit_log__entity_at: ['entity', 'at', 'id'],
  ix_audit_log__record_at: ['entity', 'entity_id', 'at', 'id'],
};

/** Snapshot keys that hold a display name, in the order they are tried. */
const NAME_KEYS = ['name', 'fullname', 'title'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('entity_name', 'text').execute();

  const pg = isPostgres(db);
  const field = (column: 'before' | 'after', key: string) =>
    pg
      ? sql`(${sql.ref(column)}::jsonb ->> ${sql.lit(key)})`
      : sql`json_extract(${sql.ref(column)}, ${sql.lit(`$.${key}`)})`;
  const candidates = NAME_KEYS.flatMap((key) => [field('after', key), field('before', key)]);
  await sql`update audit_log set entity_name = coalesce(${sql.join(candidates)})`.execute(db);

  await db.schema.dropIndex('ix_audit_log__entity').execute();
  await db.schema.dropIndex('ix_audit_log__user_id').execute();
  for (const [name, columns] of Object.entries(INDEXES)) {
    await db.schema.createIndex(name).on('audit_log').columns(columns).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(INDEXES)) await db.schema.dropIndex(name).execute();
  await db.schema
    .createIndex('ix_audit_log__entity')
    .on('audit_log')
    .columns(['entity', 'entity_id'])
    .execute();
  await db.schema.createIndex('ix_audit_log__user_id').on('audit_log').column('user_id').execute();
  await db.schema.alterTable('audit_log').dropColumn('entity_name').execute();
}
