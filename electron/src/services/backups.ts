/**
 * Local mode's data is never lost: the embedded API's SQLite file is backed up every day with
 * SQLite's online backup (a consistent copy while the API keeps running), seven daily and four
 * weekly copies are kept in the data folder, and staff can back up to a file of their choice or
 * restore one.
 *
 * A restore swaps the database file, so it stops the local API first and starts it again after;
 * the file is checked before anything is touched (SQLite's integrity check, a Kura database, a
 * migration this app knows), and the database it replaces is kept as a backup of its own.
 * Everything here is plain Node with its I/O injected; Electron only provides the dialogs.
 */
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** What a database file holds, as far as a restore must know. */
export type DatabaseCheck =
  { ok: true; migration: string } | { ok: false; reason: 'notKura' | 'corrupt' | 'newer'; detail?: string };

export interface BackupsDeps {
  dataDir: string;
  /** The local API's database file (dataDir/kura.sqlite). */
  databaseFile: string;
  /** SQLite's online backup of `source` into `destination` (better-sqlite3's `backup`). */
  backupDatabase(source: string, destination: string): Promise<void>;
  /** Integrity, Kura's tables and its newest migration, read without changing the file. */
  checkDatabase(file: string): Promise<DatabaseCheck>;
  /** The local API, stopped for a restore and started again after. */
  localServer: { stop(): Promise<void>; url(): Promise<string> };
  now?: () => Date;
}

export const DAILY_KEPT = 7;
export const WEEKLY_KEPT = 4;

export interface Backups {
  /** The folder the automatic copies live in. */
  folder: string;
  /** Today's daily copy (and this week's weekly one) unless already made; old ones pruned. */
  runScheduled(): Promise<{ made: string[]; removed: string[] }>;
  /** A copy of the database now, to `destination`. */
  backupTo(destination: string): Promise<void>;
  /** Checks `file` and, when it is a sound Kura database, swaps it in. */
  restoreFrom(file: string): Promise<RestoreResult>;
  /** The day of the newest daily copy (YYYY-MM-DD), or null. */
  latest(): Promise<string | null>;
}

export type RestoreResult =
  | { restored: true; replacedBy: string; keptAs: string }
  | { restored: false; reason: 'notKura' | 'corrupt' | 'newer' | 'missing' };

const day = (d: Date) => d.toISOString().slice(0, 10);

/** ISO week (YYYY-Www) of a date, as the weekly copies are named. */
export function isoWeek(d: Date): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const weekday = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((t.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${t.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

export function createBackups(deps: BackupsDeps): Backups {
  const now = deps.now ?? (() => new Date());
  const folder = path.join(deps.dataDir, 'backups');
  const daily = path.join(folder, 'daily');
  const weekly = path.join(folder, 'weekly');
  const replaced = path.join(folder, 'replaced');

  /** Keeps the newest `keep` copies of a folder (names sort by date). */
  async function prune(dir: string, keep: number): Promise<string[]> {
    const names = (await readdir(dir)).filter((n) => n.endsWith('.sqlite')).sort();
    const old = names.slice(0, Math.max(0, names.length - keep));
    await Promise.all(old.map((n) => rm(path.join(dir, n), { force: true })));
    return old.map((n) => path.join(dir, n));
  }

  /** Writes to a temporary name first, so a copy cut short never looks like a backup. */
  async function copyInto(destination: string): Promise<void> {
    const partial = `${destination}.partial`;
    await rm(partial, { force: true });
    try {
      await deps.backupDatabase(deps.databaseFile, partial);
      await rename(partial, destination);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  return {
    folder,
    async runScheduled() {
      if (!(await exists(deps.databaseFile))) return { made: [], removed: [] };
      await mkdir(daily, { recursive: true });
      await mkdir(weekly, { recursive: true });
      const at = now();
      const made: string[] = [];
      const today = path.join(daily, `kura-${day(at)}.sqlite`);
      if (!(await exists(today))) {
        await copyInto(today);
        made.push(today);
      }
      const week = path.join(weekly, `kura-${isoWeek(at)}.sqlite`);
      if (!(await exists(week))) {
        await copyFile(today, week);
        made.push(week);
      }
      const removed = [...(await prune(daily, DAILY_KEPT)), ...(await prune(weekly, WEEKLY_KEPT))];
      return { made, removed };
    },
    async latest() {
      const names = await readdir(daily).catch(() => [] as string[]);
      const newest = names
        .filter((n) => /^kura-\d{4}-\d{2}-\d{2}\.sqlite$/.test(n))
        .sort()
        .at(-1);
      return newest ? newest.slice(5, 15) : null;
    },
    async backupTo(destination) {
      await copyInto(destination);
    },
    async restoreFrom(file) {
      if (!(await exists(file))) return { restored: false, reason: 'missing' };
      const check = await deps.checkDatabase(file);
      if (!check.ok) return { restored: false, reason: check.reason };
      await mkdir(replaced, { recursive: true });
      const keptAs = path.join(replaced, `kura-${at(now())}.sqlite`);
      // The copy to swap in is made before the API stops, so a failure leaves it running as it was.
      const incoming = `${deps.databaseFile}.restoring`;
      await copyFile(file, incoming);
      await deps.localServer.stop();
      try {
        if (await exists(deps.databaseFile)) await deps.backupDatabase(deps.databaseFile, keptAs);
        // The write-ahead log belongs to the file it was written for.
        for (const suffix of ['-wal', '-shm']) await rm(`${deps.databaseFile}${suffix}`, { force: true });
        await rename(incoming, deps.databaseFile);
      } finally {
        await rm(incoming, { force: true });
        await deps.localServer.url();
      }
      return { restored: true, replacedBy: file, keptAs };
    },
  };
}

/** A timestamp for a file name: 2026-11-27T05-55-18. */
const at = (d: Date) => d.toISOString().slice(0, 19).replaceAll(':', '-');
