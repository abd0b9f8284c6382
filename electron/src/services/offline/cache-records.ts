/**
 * The offline cache's records: the team server's sync set (shipments with their orders, recent
 * orders, the products they name) as tables the cache answers the screens' reads from, with
 * the same list specs as the server.
 *
 * The contract between the cache's parts: the sync (sync.ts) stores each page of
 * `GET /sync/changes` with {@link applyRecords} and ages the set with {@link dropAged}; the
 * window's reads come to {@link answerGet}. The cache file (its key, versions and rebuilds)
 * creates these tables through {@link createRecordTables} in its migrations.
 */
// The cache's driver (better-sqlite3-multiple-ciphers) is a drop-in for better-sqlite3 and ships
// no types its package exports resolve: better-sqlite3's describe it.
import type { Database } from 'better-sqlite3';
import type { CacheAnswer } from '#shared/ipc';
import type { SyncChanges } from '#shared/schemas/sync';

/** One page of the sync: records as they are now, and the ids that left the set. */
export type SyncPage = SyncChanges['data'];

/** What a read needs beside the records: the business's today (YYYY-MM-DD), for date defaults. */
export interface AnswerContext {
  today: string;
}

/** Creates the record tables and their indexes (the cache's first migration). */
export function createRecordTables(db: Database): void {
  void db;
  throw new Error('The offline cache records are not built yet');
}

/** Stores a page: every record as it is now (newer replaces older), the removed ids dropped. */
export function applyRecords(db: Database, page: SyncPage): void {
  void db;
  void page;
  throw new Error('The offline cache records are not built yet');
}

/**
 * Drops what left the sync set because days passed, by the server's own rule: shipments shipped
 * more than 365 days before `today`, orders older than 90 days in no kept shipment, products no
 * kept order names.
 */
export function dropAged(db: Database, today: string): void {
  void db;
  void today;
  throw new Error('The offline cache records are not built yet');
}

/**
 * A GET of the API (`path`: relative, with its query) answered from the records as the server
 * would answer it; a path the cache cannot answer: 503 with the API's error shape, code
 * `offline`.
 */
export function answerGet(db: Database, path: string, context: AnswerContext): CacheAnswer {
  void db;
  void path;
  void context;
  return { status: 503, body: { code: 'offline', message: 'Not available offline' } };
}

/**
 * Keeps a GET's answer as the server gave it (`auth/me`, `config`, `user-preferences`: what the
 * window reads at start), for {@link answerGet} to give back offline.
 */
export function storeAnswer(db: Database, path: string, body: unknown): void {
  void db;
  void path;
  void body;
  throw new Error('The offline cache records are not built yet');
}
