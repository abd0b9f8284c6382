/**
 * The fuzz loop over one server: requests one at a time (so whatever the database holds after
 * a request is that request's doing), each generated from the seed and its index. A request
 * fails the run when it answers 5xx (or streams "somethingWentWrong", a 500 inside a 200), gets
 * no answer, refuses (4xx) yet wrote something (row counts, the audit log or a list version
 * moved: every audited or listed write does), or refuses without the API's error shape.
 */
import http from 'node:http';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../src/db/database';
import type { Operation } from './operations';
import { anyRequest, type FuzzRequest, ROLES, type Role } from './requests';
import type { World } from './world';

export interface Failure {
  kind: '5xx' | 'no answer' | 'wrote on refusal' | 'error shape';
  index: number;
  status: number;
  request: string;
  response: string;
  /** What the server logged at error level while answering. */
  serverLog: string[];
}

export interface FuzzStats {
  requests: number;
  seconds: number;
  byStatus: Record<string, number>;
  byRole: Record<Role, number>;
  /** Per operation: requests and 2xx answers. */
  byRoute: Map<string, { requests: number; ok: number }>;
  failures: Failure[];
}

export interface FuzzOptions {
  baseUrl: string;
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  operations: readonly Operation[];
  world: World;
  seed: number;
  /** Stop after this many requests … */
  requests?: number;
  /** … or at this moment (Date.now()), whichever comes first. */
  deadline?: number;
  /** The server's error log, emptied after each request (see {@link captureLogger}). */
  serverLog?: { take(): string[] };
  /**
   * Waits for what an accepted request goes on doing after its answer (a sync run it started),
   * so that its writes are counted as its own, not as the next request's.
   */
  settle?: () => Promise<void>;
  /** Stop at the first failure (a test); a command run goes on and lists them all. */
  stopOnFailure?: boolean;
  progress?: (stats: FuzzStats) => void;
}

/** Tables whose rows are no state of the API's (caches, migrations' bookkeeping). */
const NOT_STATE = /^(match_cache_|kysely_migration|sqlite_)|_fts_|_fts$/;

/** One query answering every table's row count, the audit log's and the list versions' sum. */
async function fingerprintQuery(db: Kysely<Database>, dialect: 'sqlite' | 'postgres') {
  const tables =
    dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' order by name`.execute(db)
      : await sql<{
          name: string;
        }>`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`.execute(
          db,
        );
  const names = tables.rows.map((r) => r.name).filter((n) => !NOT_STATE.test(n));
  const counts = names.map((name) => sql`(select count(*) from ${sql.table(name)}) as ${sql.id(name)}`);
  const query = sql<Record<string, unknown>>`select ${sql.join(counts)},
    (select coalesce(sum(version), 0) from list_versions) as list_versions_sum`;
  return async () => {
    const { rows } = await query.execute(db);
    return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, String(v)]));
  };
}

interface Answer {
  status: number;
  text: string;
  json: unknown;
  error?: string;
}

function send(
  base: URL,
  req: { method: string; url: string; headers: Record<string, string>; body?: Buffer },
  timeoutMs: number,
): Promise<Answer> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (a: Answer) => {
      if (!settled) {
        settled = true;
        resolve(a);
      }
    };
    let outgoing: http.ClientRequest;
    try {
      outgoing = http.request({
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, ...(req.body ? { 'content-length': String(req.body.length) } : {}) },
        // A connection per request: a refused request's unread body must not be read as the
        // next request (the server answers a 413 before reading all of it).
        agent: false,
        timeout: timeoutMs,
      });
    } catch (err) {
      // Node refused to send it (a character a request line may not hold): nothing to test.
      done({ status: 0, text: '', json: null, error: `not sendable: ${(err as Error).message}` });
      return;
    }
    outgoing.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          // A stream of JSON lines, a CSV, an HTML page: kept as text.
        }
        done({ status: res.statusCode ?? 0, text, json });
      });
      res.on('error', (err) =>
        done({ status: res.statusCode ?? 0, text: '', json: null, error: err.message }),
      );
    });
    outgoing.on('timeout', () => {
      outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`));
    });
    outgoing.on('error', (err) => done({ status: 0, text: '', json: null, error: err.message }));
    outgoing.end(req.body);
  });
}

/** The request as text to read and replay: method, URL, headers, body (long ones cut). */
export function describeRequest(req: FuzzRequest): string {
  const body = req.body ? req.body.toString('utf8') : '';
  const shown = body.length > 600 ? `${body.slice(0, 600)}… (${req.body?.length} bytes)` : body;
  const headers = Object.entries(req.headers)
    .map(
      ([k, v]) =>
        `${k}: ${k === 'authorization' && req.role !== 'signedOut' ? `Token <${req.role}>` : v.length > 80 ? `${v.slice(0, 80)}… (${v.length})` : v}`,
    )
    .join('\n  ');
  const url = req.url.length > 600 ? `${req.url.slice(0, 600)}… (${req.url.length} chars)` : req.url;
  return `${req.method} ${url}\n  as ${req.role}; ${req.notes.join('; ')}\n  ${headers}${shown ? `\n  ${shown}` : ''}`;
}

/** A request's own seed: requests replay one by one from the run's seed. */
export const requestSeed = (seed: number, index: number) =>
  (Math.imul(seed ^ 0x5bd1e995, 31) + index * 0x9e3779b1) | 0;

export async function fuzz(options: FuzzOptions): Promise<FuzzStats> {
  const { baseUrl, db, dialect, operations, world, seed } = options;
  const base = new URL(baseUrl);
  const arbitrary = anyRequest(operations, world);
  const fingerprint = await fingerprintQuery(db, dialect);
  const stats: FuzzStats = {
    requests: 0,
    seconds: 0,
    byStatus: {},
    byRole: Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>,
    byRoute: new Map(operations.map((op) => [op.key, { requests: 0, ok: 0 }])),
    failures: [],
  };
  const started = Date.now();
  let before = await fingerprint();
  options.serverLog?.take();
  for (let index = 0; ; index++) {
    if (options.requests !== undefined && index >= options.requests) break;
    if (options.deadline !== undefined && Date.now() >= options.deadline) break;
    if (options.stopOnFailure && stats.failures.length > 0) break;
    const [req] = fc.sample(arbitrary, { seed: requestSeed(seed, index), numRuns: 1 }) as [FuzzRequest];
    if (req.ownSession) {
      // Logout ends the session it is sent with: a session of its own, signed in just for it.
      const account = world.accounts[req.role as Exclude<Role, 'signedOut'>];
      const login = await send(
        base,
        {
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(JSON.stringify({ email: account.email, password: account.password })),
        },
        30_000,
      );
      req.headers.authorization = `Token ${(login.json as { token?: string } | null)?.token ?? ''}`;
      before = await fingerprint();
    }
    const answer = await send(base, req, 30_000);
    const log = options.serverLog?.take() ?? [];
    stats.requests += 1;
    stats.byRole[req.role] += 1;
    const route = stats.byRoute.get(req.op.key);
    if (route) {
      route.requests += 1;
      if (answer.status >= 200 && answer.status < 300) route.ok += 1;
    }
    const statusKey =
      answer.status === 0
        ? answer.error?.startsWith('not sendable')
          ? 'not sent'
          : 'no answer'
        : String(answer.status);
    stats.byStatus[statusKey] = (stats.byStatus[statusKey] ?? 0) + 1;
    world.learn(req.op, answer.status, answer.json);

    const fail = (kind: Failure['kind'], extra = '') =>
      stats.failures.push({
        kind,
        index,
        status: answer.status,
        request: describeRequest(req),
        response: `${answer.status} ${answer.error ?? ''}${answer.text.slice(0, 400)}${extra}`,
        serverLog: log,
      });
    if (answer.status >= 500 || /"code":"somethingWentWrong"/.test(answer.text)) fail('5xx');
    else if (statusKey === 'no answer') fail('no answer');

    await options.settle?.();
    const after = await fingerprint();
    if (answer.status >= 400 && answer.status < 500) {
      const moved = Object.keys(after).filter((k) => after[k] !== before[k]);
      if (moved.length)
        fail(
          'wrote on refusal',
          ` — changed: ${moved.map((k) => `${k} ${before[k]} → ${after[k]}`).join(', ')}`,
        );
      if (typeof (answer.json as { code?: unknown } | null)?.code !== 'string') fail('error shape');
    }
    before = after;
    if (options.progress && stats.requests % 1000 === 0) {
      stats.seconds = (Date.now() - started) / 1000;
      options.progress(stats);
    }
  }
  stats.seconds = (Date.now() - started) / 1000;
  return stats;
}

/**
 * A logger for the server that keeps what it logs at error level (the stack of a 500), for the
 * failure report; everything else is dropped.
 */
export function captureLogger(): { logger: FastifyBaseLogger; take(): string[] } {
  let lines: string[] = [];
  const keep = (...args: unknown[]) => {
    const [first, second] = args;
    const err = (first as { err?: unknown } | null)?.err ?? first;
    const text =
      err instanceof Error
        ? `${err.stack ?? err.message}`
        : typeof first === 'string'
          ? first
          : JSON.stringify(first);
    lines.push(`${typeof second === 'string' ? `${second}: ` : ''}${text}`.slice(0, 2000));
  };
  const ignore = () => {};
  const logger = {
    level: 'error',
    fatal: keep,
    error: keep,
    warn: ignore,
    info: ignore,
    debug: ignore,
    trace: ignore,
    silent: ignore,
    child: () => logger,
  } as unknown as FastifyBaseLogger;
  return {
    logger,
    take() {
      const taken = lines;
      lines = [];
      return taken;
    },
  };
}
