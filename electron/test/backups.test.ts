/**
 * Local mode's backups: a backup restored brings back exactly its data (the real embedded API on
 * its SQLite file), a file that is not a sound Kura database is refused with the API untouched,
 * and the daily and weekly copies are made once and pruned to seven and four.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withJanCheckDigit } from '#shared/domain/jan';
import { startServer } from '../../server/src/server';
import { client, setupAccounts } from '../../server/test/helpers/http';
import { createBackups, isoWeek, type BackupsDeps } from '../src/services/backups';
import { createLocalServer, LOCAL_DATABASE_FILE } from '../src/services/local-server';
import { backupDatabase, checkDatabase } from '../src/services/sqlite-files';

const dirs: string[] = [];
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'kura-backups-'));
  dirs.push(dir);
  return dir;
}

/** The embedded API on a data folder of its own, as local mode runs it, with an admin signed in. */
async function localApi() {
  const dataDir = await tempDir();
  const local = createLocalServer({ dataDir, startServer, corsOrigins: ['app://kura'] });
  stops.push(() => local.stop());
  let api = client(await local.url());
  const { admin } = await setupAccounts(api);
  const backups = createBackups({
    dataDir,
    databaseFile: path.join(dataDir, LOCAL_DATABASE_FILE),
    backupDatabase,
    checkDatabase,
    localServer: local,
  });
  const names = async () => {
    // The API may come back on another port after a restore.
    api = client(await local.url());
    const res = await api.get('/api/v1/products?limit=100&sort=name', { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as { name: string }[]).map((p) => p.name);
  };
  const addProduct = async (name: string, jan: string) => {
    api = client(await local.url());
    const res = await api.post(
      '/api/v1/products',
      { name, skuCode: name.toUpperCase().replaceAll(' ', '-'), janCode: jan, inStockQuantity: 3 },
      { token: admin.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  return { dataDir, local, backups, names, addProduct };
}

describe('backups of the local database', () => {
  it('restores exactly the data of a backup, and keeps the database it replaced', async () => {
    const { dataDir, backups, names, addProduct } = await localApi();
    await addProduct('Before backup', withJanCheckDigit('490000000001'));
    const file = path.join(await tempDir(), 'kura-backup.sqlite');
    await backups.backupTo(file);
    await addProduct('After backup', withJanCheckDigit('490000000002'));
    expect(await names()).toEqual(['After backup', 'Before backup']);

    const result = await backups.restoreFrom(file);
    expect(result).toMatchObject({ restored: true, replacedBy: file });
    expect(await names()).toEqual(['Before backup']);

    // The replaced database is a sound Kura database holding what was there.
    if (!result.restored) throw new Error('not restored');
    expect(await checkDatabase(result.keptAs)).toMatchObject({ ok: true });
    const kept = new SQLite(result.keptAs, { readonly: true });
    const keptNames = kept.prepare('select name from products order by name').pluck().all();
    kept.close();
    expect(keptNames).toEqual(['After backup', 'Before backup']);
    expect(await readdir(path.join(dataDir, 'backups', 'replaced'))).toHaveLength(1);
  });

  it('refuses what is not a sound Kura database and leaves the API as it was', async () => {
    const { backups, names, addProduct } = await localApi();
    await addProduct('Stays', withJanCheckDigit('490000000003'));
    const dir = await tempDir();
    const garbage = path.join(dir, 'garbage.sqlite');
    await writeFile(garbage, 'this is not a database at all, only text'.repeat(200));
    const foreign = path.join(dir, 'foreign.sqlite');
    const other = new SQLite(foreign);
    other.exec('create table notes (id integer primary key, text text)');
    other.close();
    const newer = path.join(dir, 'newer.sqlite');
    await backups.backupTo(newer);
    const db = new SQLite(newer);
    db.prepare("insert into kysely_migration (name, timestamp) values ('999_from_the_future', 'now')").run();
    db.close();

    expect(await backups.restoreFrom(garbage)).toEqual({ restored: false, reason: 'corrupt' });
    expect(await backups.restoreFrom(foreign)).toEqual({ restored: false, reason: 'notKura' });
    expect(await backups.restoreFrom(newer)).toEqual({ restored: false, reason: 'newer' });
    expect(await backups.restoreFrom(path.join(dir, 'gone.sqlite'))).toEqual({
      restored: false,
      reason: 'missing',
    });
    expect(await names()).toEqual(['Stays']);
  });
});

describe('the scheduled copies', () => {
  async function scheduled() {
    const dataDir = await tempDir();
    const databaseFile = path.join(dataDir, LOCAL_DATABASE_FILE);
    await writeFile(databaseFile, 'db');
    let today = new Date('2026-11-02T03:00:00Z');
    const copies: string[] = [];
    const deps: BackupsDeps = {
      dataDir,
      databaseFile,
      backupDatabase: async (_source, destination) => {
        copies.push(destination);
        await writeFile(destination, 'copy');
      },
      checkDatabase: async () => ({ ok: true, migration: 'x' }),
      localServer: { stop: async () => {}, url: async () => '' },
      now: () => today,
    };
    const backups = createBackups(deps);
    const setDay = (iso: string) => (today = new Date(`${iso}T03:00:00Z`));
    const list = async (kind: 'daily' | 'weekly') =>
      (await readdir(path.join(dataDir, 'backups', kind))).sort();
    return { backups, setDay, list, copies };
  }

  it('makes one daily copy a day and one weekly a week, keeping seven and four', async () => {
    const { backups, setDay, list, copies } = await scheduled();
    await backups.runScheduled();
    await backups.runScheduled();
    expect(copies).toHaveLength(1);
    for (let d = 3; d <= 30; d += 1) {
      setDay(`2026-11-${String(d).padStart(2, '0')}`);
      await backups.runScheduled();
    }
    expect(await list('daily')).toEqual([24, 25, 26, 27, 28, 29, 30].map((d) => `kura-2026-11-${d}.sqlite`));
    // November 30th begins week 49: the four newest weeks.
    expect(await list('weekly')).toEqual(['W46', 'W47', 'W48', 'W49'].map((w) => `kura-2026-${w}.sqlite`));
  });

  it('leaves no backup behind when a copy fails half way', async () => {
    const dataDir = await tempDir();
    const databaseFile = path.join(dataDir, LOCAL_DATABASE_FILE);
    await writeFile(databaseFile, 'db');
    const backups = createBackups({
      dataDir,
      databaseFile,
      backupDatabase: async (_source, destination) => {
        await writeFile(destination, 'half');
        throw new Error('disk full');
      },
      checkDatabase: async () => ({ ok: true, migration: 'x' }),
      localServer: { stop: async () => {}, url: async () => '' },
    });
    await expect(backups.runScheduled()).rejects.toThrow('disk full');
    expect(await readdir(path.join(dataDir, 'backups', 'daily'))).toEqual([]);
  });

  it('names weeks as ISO 8601 does', () => {
    expect(isoWeek(new Date('2026-01-01T00:00:00Z'))).toBe('2026-W01');
    expect(isoWeek(new Date('2027-01-01T00:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2026-11-30T00:00:00Z'))).toBe('2026-W49');
  });
});
