/**
 * Stopping the server does not wait on a client stuck in the middle of a request: the desktop
 * app quits and test suites tear down within the grace period, not Node's one-minute header timeout.
 * Nor does it close the database under a handler still running for a client that has gone.
 */
import { connect } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CLOSE_GRACE_MS } from '../src/server';
import { client, createProduct, setupAccounts } from './helpers/http';
import { startTestServer, testDialects } from './helpers/test-server';

describe('server close', () => {
  it('ends connections still mid-request once the grace period is over', async () => {
    const server = await startTestServer({ dialect: 'sqlite' });
    const { port, hostname } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // Half a request: the headers never end, so the connection is never idle.
    socket.write(`GET /api/v1/health HTTP/1.1\r\nHost: ${hostname}\r\n`);
    const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});

    const started = performance.now();
    await server.close();
    await socketClosed;
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(CLOSE_GRACE_MS - 50);
    expect(took).toBeLessThan(CLOSE_GRACE_MS + 5_000);
  });
});

/** A logger keeping what is logged at warn and above. */
function recordingLogger(lines: { level: string; msg: unknown }[]): FastifyBaseLogger {
  const at = (level: string) => (obj: unknown, msg?: unknown) => {
    if (level === 'warn' || level === 'error' || level === 'fatal') lines.push({ level, msg: msg ?? obj });
  };
  const logger = {
    level: 'info',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => {},
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

describe.each(testDialects().filter((dialect) => dialect === 'postgres'))('server close (%s)', (dialect) => {
  it('lets a request whose client has gone finish before closing the database under it', async () => {
    // Two instances on one database: `owner` keeps it, `closing` stops with a request running.
    const owner = await startTestServer({ dialect });
    const logged: { level: string; msg: unknown }[] = [];
    const closing = await startTestServer({
      dialect,
      databaseUrl: owner.databaseUrl,
      logger: recordingLogger(logged),
    });
    const lock = new pg.Client({ connectionString: owner.databaseUrl });
    try {
      const { admin } = await setupAccounts(client(owner.url));
      await createProduct(client(owner.url), admin);
      // Another session locks the products table, so a product list waits inside its handler
      // (its count), with more queries to come once it may go on.
      await lock.connect();
      await lock.query('begin');
      await lock.query('lock table products in access exclusive mode');
      const leaving = new AbortController();
      const list = fetch(`${closing.url}/api/v1/products?page=1&limit=10`, {
        headers: { authorization: `Token ${admin.token}` },
        signal: leaving.signal,
      }).catch(() => 'aborted');
      for (let i = 0; i < 100; i++) {
        const waiting = await lock.query(
          `select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        if (waiting.rowCount) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The client gives up; with its connection gone the HTTP server has nothing to wait for.
      leaving.abort();
      expect(await list).toBe('aborted');
      let closedAt = 0;
      const closed = closing.close().then(() => (closedAt = performance.now()));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const releasedAt = performance.now();
      await lock.query('commit');
      await closed;
      expect(closedAt).toBeGreaterThanOrEqual(releasedAt);
      // Anything the request still did after the close would be logged by now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(logged).toEqual([]);
    } finally {
      await lock.end().catch(() => {});
      await closing.close().catch(() => {});
      await owner.close();
    }
  });
});
