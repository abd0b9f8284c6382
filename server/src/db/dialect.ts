/**
 * Which database a handle runs on. The two dialects differ in a few places (row locks, the
 * search indexes, a statement's exact text), and every one of them branches on this test.
 * Migrations keep their own copy: a shipped migration imports nothing live.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

/** Whether `db` (any area's handle or transaction) runs on PostgreSQL; otherwise it is SQLite. */
export const isPostgres = (db: Pick<Kysely<unknown>, 'getExecutor'>): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;
