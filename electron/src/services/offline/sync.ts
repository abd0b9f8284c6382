/**
 * Fills the cache from the team server and keeps it current (`GET sync/changes`): a first full
 * sync in pages, then the changes since the last cursor. Each page is stored in ONE
 * transaction together with the cursor it ends on, so an app killed halfway resumes from the
 * last stored page without a gap and never applies a page twice under a cursor that skipped it.
 * A cursor the server no longer knows (410 `syncCursorExpired`, 400 `syncCursorInvalid`) starts
 * a full sync again. Records leave the set by age on the client's side (`dropAged`, today in
 * the business's time zone from `GET config`).
 *
 * The record tables are cache-records.ts's; the engine takes those functions as a dependency so
 * the tests can record what reaches them.
 */
import { todayIso, BUSINESS_ZONE } from '#shared/domain/periods';
import { SYNC_PAGE, type SyncChanges } from '#shared/schemas/sync';
import type { CacheAnswer } from '#shared/ipc';
import * as cacheRecords from './cache-records';
import type { RecordKind } from './cache-records';
import { readMeta, writeMeta, type Database } from './cache-file';
import { ApiError, type TeamApi } from './connectivity';

/** The records' functions the cache calls (cache-records.ts; tests pass stand-ins). */
export interface CacheRecords {
  createRecordTables(db: Database): void;
  tuneCacheConnection(db: Database): void;
  beginBulkLoad(db: Database): void;
  endBulkLoad(db: Database): void;
  bulkLoading(db: Database): boolean;
  buildStep(db: Database, kind: RecordKind): boolean;
  applyRecords(db: Database, page: SyncChanges['data']): void;
  dropAged(db: Database, today: string): void;
  answerGet(db: Database, path: string, context: { today: string }): CacheAnswer;
  storeAnswer(db: Database, path: string, body: unknown): void;
}

export const defaultCacheRecords: CacheRecords = cacheRecords;

/** The answers the window reads at start, kept verbatim so an app started offline can show its shell. */
export const START_ANSWERS = ['auth/me', 'config', 'user-preferences'] as const;

/**
 * Records per page: the server's most. Main holds a page being stored and the next one arriving;
 * measured over a first full sync of 20,000 shipments and 100,000 orders (orders naming their
 * product by id, the indexes built between pages): pages of 2,000 took 4.1 s at a peak of
 * 236 MB, of 1,000 4.4–4.6 s at 212 MB, of 500 5.0–5.6 s at 216–224 MB (fewer requests, fewer
 * commits, the server's work per request spread over more records).
 */
export const SYNC_PAGE_LIMIT = SYNC_PAGE.max;

export const META = {
  cursor: 'cursor',
  syncedAt: 'syncedAt',
  userId: 'userId',
  server: 'server',
  timeZone: 'timeZone',
  /** Set while a full sync runs (its total and records stored so far): a restart resumes it. */
  fullTotal: 'fullTotal',
  fullDone: 'fullDone',
} as const;

export interface SyncProgress {
  kind: 'full' | 'changes';
  done: number;
  total: number;
}

const CURSOR_RESTARTS = new Set(['syncCursorExpired', 'syncCursorInvalid']);

/**
 * The order a full sync sends its tables in (the server's phases, api.md): a table is complete
 * once a page holds records of a later one, and its indexes are built while the rest arrives.
 * Only the speed depends on it: a table stored to again has its indexes built again.
 */
const FULL_SYNC_ORDER: readonly RecordKind[] = ['orders', 'shipments', 'products'];

/** The tables a full sync's page shows to be complete (those before the latest it holds). */
function completeTables(data: SyncChanges['data'], complete: Set<RecordKind>): void {
  const latest = FULL_SYNC_ORDER.findLastIndex((kind) => data[kind].length > 0);
  for (const kind of FULL_SYNC_ORDER.slice(0, Math.max(latest, 0))) complete.add(kind);
}

/**
 * The page's frame checked, not every record: the server is the one this user signed in to and
 * a full check of 100,000 records would double a first sync's time. A page whose frame is wrong
 * (another program answering) stops the sync before anything is stored.
 */
function checkPage(body: unknown): SyncChanges {
  const page = body as Partial<SyncChanges> | null;
  const data = page?.data;
  const ok =
    typeof page?.cursor === 'string' &&
    typeof page.more === 'boolean' &&
    typeof page.total === 'number' &&
    Array.isArray(data?.shipments) &&
    Array.isArray(data.orders) &&
    Array.isArray(data.products) &&
    Array.isArray(data.removed?.shipments) &&
    Array.isArray(data.removed.orders) &&
    Array.isArray(data.removed.products);
  if (!ok) throw new Error('The team server answered the sync with something that is not a sync page');
  return page as SyncChanges;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

const recordsIn = (data: SyncChanges['data']) =>
  data.shipments.length +
  data.orders.length +
  data.products.length +
  data.removed.shipments.length +
  data.removed.orders.length +
  data.removed.products.length;

/** The business's today (YYYY-MM-DD), by the time zone the server's `config` gave. */
export function businessToday(db: Database, now: number): string {
  return todayIso(new Date(now), readMeta(db, META.timeZone) ?? BUSINESS_ZONE);
}

export interface SyncRun {
  db: Database;
  api: TeamApi;
  records: CacheRecords;
  now(): number;
  onProgress(progress: SyncProgress | null): void;
  /** False once the session this run belongs to is gone: the run stops between pages. */
  isCurrent(): boolean;
  pageLimit?: number;
}

/**
 * One sync: the full one when there is no cursor (or one was under way), else the changes,
 * until the server has nothing more; then the aged records dropped. Answers what it stored.
 */
export async function runSync(run: SyncRun): Promise<{ kind: 'full' | 'changes'; records: number }> {
  const { db, records } = run;
  const limit = run.pageLimit ?? SYNC_PAGE_LIMIT;
  let restarted = false;
  let stored = 0;
  let kind: 'full' | 'changes' = 'changes';
  try {
    for (;;) {
      const cursor = readMeta(db, META.cursor);
      const fullTotal = readMeta(db, META.fullTotal);
      kind = cursor === undefined || fullTotal !== undefined ? 'full' : 'changes';
      let done = kind === 'full' ? Number(readMeta(db, META.fullDone) ?? 0) : 0;
      let total = kind === 'full' ? Number(fullTotal ?? 0) : 0;
      let at = cursor;
      // A full sync from nothing loads in bulk: rows only, the indexes and search built once at
      // its end. One cut short goes on in bulk (bulkLoading), whatever its cursor says.
      if (kind === 'full' && at === undefined && !records.bulkLoading(db)) records.beginBulkLoad(db);
      run.onProgress({ kind, done, total });
      const ask = (from: string | undefined) => {
        // Orders name their product by id: the cache holds the products' records once.
        const query = `${from === undefined ? '' : `cursor=${encodeURIComponent(from)}&`}limit=${limit}&orderProduct=id`;
        // Kept as text until its turn: parsed just before it is stored, its objects die young.
        const asked = run.api.getText(`sync/changes?${query}`);
        // Left unawaited when the run stops first (its session gone, a store that failed).
        asked.catch(() => undefined);
        return asked;
      };
      // The tables whose indexes may be built between pages (a bulk load's full sync only).
      const complete = new Set<RecordKind>();
      try {
        let more = true;
        let asked = ask(at);
        while (more) {
          if (!run.isCurrent()) return { kind, records: stored };
          const text = await asked;
          if (!run.isCurrent()) return { kind, records: stored };
          const page = checkPage(parseJson(text));
          // The server reads the next page while this one is stored: the two processes work
          // side by side rather than in turn.
          if (page.more) {
            asked = ask(page.cursor);
            // Let the request reach the socket before this page is stored: fetch writes it on a
            // later turn of the event loop, and storing is synchronous, so without this the
            // server would only hear of the next page once this one is stored.
            await new Promise((resolve) => setImmediate(resolve));
          }
          const count = recordsIn(page.data);
          if (kind === 'full' && at === undefined) total = page.total;
          if (kind === 'changes' && total === 0) total = page.total;
          done += count;
          total = Math.max(total, done);
          more = page.more;
          const syncedAt = more ? undefined : new Date(run.now()).toISOString();
          db.transaction(() => {
            records.applyRecords(db, page.data);
            writeMeta(db, META.cursor, page.cursor);
            if (kind === 'full') {
              writeMeta(db, META.fullTotal, more ? String(total) : null);
              writeMeta(db, META.fullDone, more ? String(done) : null);
            }
            if (syncedAt) writeMeta(db, META.syncedAt, syncedAt);
          })();
          at = page.cursor;
          stored += count;
          run.onProgress(more ? { kind, done, total } : null);
          // While the server reads the next page: one step of a complete table's indexes.
          if (more && kind === 'full' && records.bulkLoading(db)) {
            completeTables(page.data, complete);
            for (const table of complete) if (records.buildStep(db, table)) break;
          }
        }
        break;
      } catch (error) {
        // A cursor the server cannot continue from: the whole set again, once per run.
        if (error instanceof ApiError && CURSOR_RESTARTS.has(error.code) && !restarted) {
          restarted = true;
          db.transaction(() => {
            writeMeta(db, META.cursor, null);
            writeMeta(db, META.fullTotal, null);
            writeMeta(db, META.fullDone, null);
          })();
          continue;
        }
        throw error;
      }
    }
    if (records.bulkLoading(db)) records.endBulkLoad(db);
  } finally {
    run.onProgress(null);
  }
  records.dropAged(db, businessToday(db, run.now()));
  return { kind, records: stored };
}

/**
 * The answers the shell reads at start, kept as the server gave them, and the business's time
 * zone from `config`. Answers the signed-in user (`auth/me`).
 */
export async function storeStartAnswers(
  db: Database,
  api: TeamApi,
  records: CacheRecords,
  me?: unknown,
): Promise<void> {
  for (const path of START_ANSWERS) {
    let body: unknown;
    try {
      body = path === 'auth/me' && me !== undefined ? me : await api.get(path);
    } catch (error) {
      // One answer the server refuses (a preference never saved, a role without it) is no reason
      // to stop the sync; the window asks the server itself when it can.
      if (error instanceof ApiError && error.status < 500) continue;
      throw error;
    }
    records.storeAnswer(db, path, body);
    if (path === 'config') {
      const zone = (body as { timeZone?: unknown } | null)?.timeZone;
      if (typeof zone === 'string' && zone) writeMeta(db, META.timeZone, zone);
    }
  }
}
