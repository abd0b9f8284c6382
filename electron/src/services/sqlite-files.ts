/**
 * The local database file as files: SQLite's online backup and the checks a file must pass
 * before it may replace the database (backups.ts). better-sqlite3 is the driver the embedded API
 * itself runs on.
 */
import SQLite from 'better-sqlite3';
import { migrations } from '../../../server/src/db/migrations';
import type { DatabaseCheck } from './backups';

/** SQLite's online backup: a consistent copy while the API keeps reading and writing. */
export async function backupDatabase(source: string, destination: string): Promise<void> {
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(destination);
  } finally {
    db.close();
  }
  // The copy keeps the source's write-ahead-log mode, which makes whoever opens it create two
  // companion files: a backup is one file, to be copied and kept as it is.
  const copy = new SQLite(destination);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** The newest migration this app's API knows: a database migrated further was made by a newer Kura. */
const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1) ?? '';

export async function checkDatabase(file: string): Promise<DatabaseCheck> {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { ok: false, reason: 'corrupt', detail: String(error) };
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') return { ok: false, reason: 'corrupt', detail: String(integrity) };
    const table = db
      .prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!table) return { ok: false, reason: 'notKura' };
    const row = db.prepare('select max(name) as name from kysely_migration').get() as { name: string | null };
    if (!row.name) return { ok: false, reason: 'notKura' };
    if (row.name > LATEST_MIGRATION) return { ok: false, reason: 'newer', detail: row.name };
    return { ok: true, migration: row.name };
  } catch (error) {
    // Not a database at all ("file is not a database") reads as damaged.
    return { ok: false, reason: 'corrupt', detail: String(error) };
  } finally {
    db.close();
  }
}
