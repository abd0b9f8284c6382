/**
 * Product requests (issues) and the memo board. Same conventions as 001 and 002:
 * text ids and timestamps, 0/1 flags, the schema builder only.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('issues')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('expected_price', 'integer')
    .addColumn('quantity', 'integer')
    .addColumn('note', 'text')
    .addColumn('resolved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The screen lists unresolved requests, newest first.
  await db.schema
    .createIndex('ix_issues__resolved')
    .on('issues')
    .columns(['resolved', 'created_at'])
    .execute();

  await db.schema
    .createTable('memos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_memos__updated_at').on('memos').column('updated_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('memos').execute();
  await db.schema.dropTable('issues').execute();
}
