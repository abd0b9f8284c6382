/**
 * Hostile input over every route of the OpenAPI document (so later areas are covered without
 * editing this file), a bounded run of the fuzzer `npm run fuzz` runs at length
 * (server/test/fuzz/): NUL and control characters, lone surrogates, huge texts, edge numbers,
 * prototype keys, malformed queries, missing and extra fields, wrong content types, deep objects
 * and long arrays, in path ids, query strings and bodies, as an admin, an order creator, an
 * account without a role and a stranger, on each database. No answer may be a 5xx, a refused
 * (4xx) request may not write anything, and afterwards the database keeps every promise of its
 * schema (server/test/helpers/invariants.ts) and every list still answers 200.
 *
 * KURA_FUZZ_SEED replays a run (its seed is printed); each database gets about 22 s.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { client, type Client } from './helpers/http';
import { checkInvariants } from './helpers/invariants';
import type { SourceFactory } from '../src/connections/connections.service';
import { PlatformError } from '../src/connections/platform-source';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';
import { operationsOf, type Operation } from './fuzz/operations';
import { captureLogger, fuzz } from './fuzz/run';
import { setupWorld, type World } from './fuzz/world';

/** Time spent fuzzing per dialect: both together, with set-up and checks, take about a minute. */
const BUDGET_MS = 22_000;

const unreachablePlatforms: SourceFactory = (kind) => {
  const unreachable = () =>
    new PlatformError('network', kind === 'shopify' ? 'shopifyUnreachable' : 'amazonUnreachable');
  return {
    kind,
    pages: () => ({
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(unreachable()) }),
    }),
    test: () => Promise.reject(unreachable()),
  };
};

const SEED = Number(process.env.KURA_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

describe.each(testDialects())('hostile input (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let operations: Operation[];
  let world: World;
  const serverLog = captureLogger();

  beforeAll(async () => {
    // No platform is reachable from here: the sync runs a request starts fail at once, and no
    // schedule starts one between two requests.
    server = await startTestServer({
      dialect,
      logger: serverLog.logger,
      options: { connectionSchedule: false, connectionSources: unreachablePlatforms },
    });
    api = client(server.url);
    world = await setupWorld(api);
    operations = operationsOf(server.app.swagger() as OpenAPIV3.Document);
    serverLog.take();
  });
  afterAll(() => server?.close());

  it('never answers 5xx, and a refused request writes nothing', async () => {
    // Said first, so a run that fails in any way (the generator's own bug too) can be replayed.
    console.info(`hostile input (${dialect}): seed ${SEED} (KURA_FUZZ_SEED=${SEED} replays it)`);
    const stats = await fuzz({
      baseUrl: server.url,
      db: server.app.db,
      dialect,
      operations,
      world,
      seed: SEED,
      deadline: Date.now() + BUDGET_MS,
      serverLog,
      settle: () => server.app.connections.idle(),
    });
    const failures = stats.failures.map(
      (f) =>
        `#${f.index} ${f.kind}: ${f.request}\n  → ${f.response}${f.serverLog.length ? `\n  server: ${f.serverLog.join('\n  ')}` : ''}`,
    );
    expect(failures, `seed ${SEED} (KURA_FUZZ_SEED=${SEED} replays it)`).toEqual([]);
    expect(stats.requests).toBeGreaterThan(300);
    const covered = [...stats.byRoute.values()].filter((r) => r.requests > 0).length;
    console.info(
      `hostile input (${dialect}): seed ${SEED}, ${stats.requests} requests over ${covered} of ${operations.length} operations; ${JSON.stringify(stats.byStatus)}`,
    );
  }, 60_000);

  it('leaves the database intact and every list answering', async () => {
    const checks = await checkInvariants(server.app.db, { dialect, timeZone: loadConfig().timeZone });
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    // A print run of labels names its products: without them it is a 400, not a list.
    const NEEDS_QUERY = new Set(['/api/v1/labels/products.pdf']);
    const lists = operations.filter(
      (op) => op.method === 'GET' && !op.path.includes('{') && !NEEDS_QUERY.has(op.path),
    );
    expect(lists.length).toBeGreaterThan(5);
    for (const op of lists) {
      const res = await api.get(op.path, { token: world.token('admin') });
      expect(res.status, `${op.path}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
    }
  }, 60_000);
});
