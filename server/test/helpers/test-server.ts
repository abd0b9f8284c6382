/**
 * A real server for one test file: listening on a free port, on its own temporary SQLite
 * file or its own fresh PostgreSQL database (CREATE DATABASE kura_t_<random>, dropped on
 * close), with reset mails captured instead of sent.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../src/config';
import type { Mailer, ResetMail } from '../../src/auth/mailer';
import { startServer, type StartServerOptions } from '../../src/server';

/** One connections' secret key for every test server: two on one database read each other's. */
export const TEST_SECRET_KEY = Buffer.alloc(32, 7);

export type TestDialect = 'sqlite' | 'postgres';

const PG_URL = process.env.KURA_TEST_PG_URL;

/**
 * The dialects to run each suite on. Without KURA_TEST_PG_URL the PostgreSQL suites are
 * left out with a printed reason, except on CI, where that is a failure: CI must test both.
 */
export function testDialects(): TestDialect[] {
  if (PG_URL) return ['sqlite', 'postgres'];
  if (process.env.CI === 'true') {
    throw new Error('KURA_TEST_PG_URL is not set: CI must run the PostgreSQL suites too.');
  }
  console.warn(
    'Skipping the PostgreSQL suites: set KURA_TEST_PG_URL (e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres).',
  );
  return ['sqlite'];
}

export interface TestServer {
  app: FastifyInstance;
  url: string;
  /** Its database, for a second instance on the same one (`startTestServer({ databaseUrl })`). */
  databaseUrl: string;
  /** Reset mails the server "sent", newest last. */
  mails: ResetMail[];
  close(): Promise<void>;
}

async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!PG_URL) throw new Error('KURA_TEST_PG_URL is not set');
  const name = `kura_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function startTestServer({
  dialect,
  config = {},
  databaseUrl: sharedUrl,
  logger,
  options = {},
}: {
  /** More of the app's options (live sync's sources and schedule, another secret key). */
  options?: Omit<StartServerOptions, 'logger' | 'mailer'>;
  dialect: TestDialect;
  config?: Partial<ServerConfig>;
  /** Receives the server's log instead of silence. */
  logger?: FastifyBaseLogger;
  /** Another test server's database: this one then shares it and leaves it in place on close. */
  databaseUrl?: string;
}): Promise<TestServer> {
  const mails: ResetMail[] = [];
  const mailer: Mailer = {
    async sendPasswordReset(mail) {
      mails.push(mail);
    },
  };
  let databaseUrl: string;
  let cleanup: () => Promise<void>;
  if (sharedUrl) {
    databaseUrl = sharedUrl;
    cleanup = async () => {};
  } else if (dialect === 'postgres') {
    const database = await createPgDatabase();
    databaseUrl = database.url;
    cleanup = database.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'kura-test-'));
    databaseUrl = join(dir, 'kura.sqlite');
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const server = await startServer(
    {
      port: 0,
      host: '127.0.0.1',
      databaseUrl,
      restrictedBrand: false,
      demo: false,
      smtpUrl: null,
      publicUrl: null,
      rendererDir: join(tmpdir(), 'kura-no-renderer'),
      corsOrigins: ['app://kura'],
      // Suites sign in far more often than people do; the rate-limit suite sets its own.
      loginRateLimit: 10_000,
      logLevel: (process.env.KURA_TEST_LOG as 'silent') ?? 'silent',
      // Every response a suite receives has passed its schema, strictly.
      checkResponses: true,
      ...config,
    },
    // No key file written beside the suites' databases (or into data/ for PostgreSQL).
    { mailer, secretKey: TEST_SECRET_KEY, ...options, ...(logger ? { logger } : {}) },
  ).catch(async (err: unknown) => {
    await cleanup();
    throw err;
  });
  return {
    app: server.app,
    url: server.url,
    databaseUrl,
    mails,
    async close() {
      await server.close();
      await cleanup();
    },
  };
}
