/**
 * `npm run fuzz -- [--requests N] [--seed S] [--pg <url>] [--no-sqlite] [--no-record]`: hostile
 * input over every operation of the OpenAPI document (server/test/fuzz/), N requests (default
 * 20,000) per database: a temporary SQLite file, and a fresh PostgreSQL database (created and
 * dropped) on the server `--pg` or KURA_TEST_PG_URL names. Prints its seed (`--seed` replays
 * the run) and every failing request; after each database's run checks the database's
 * promises (server/test/helpers/invariants.ts). Writes the result to docs/reliability.md
 * between its markers unless `--no-record`. Exits 1 on any failure.
 */
import { parseArgs } from 'node:util';
import type { OpenAPIV3 } from 'openapi-types';
import { loadConfig } from '../src/config';
import { client } from '../test/helpers/http';
import type { InvariantCheck } from '../test/helpers/invariants';
import { checkInvariants } from '../test/helpers/invariants';
import { operationsOf } from '../test/fuzz/operations';
import { captureLogger, fuzz, type FuzzStats } from '../test/fuzz/run';
import { setupWorld } from '../test/fuzz/world';
import { recordSection, RELIABILITY_DOC } from './reliability-doc';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    seed: { type: 'string' },
    pg: { type: 'string' },
    'no-sqlite': { type: 'boolean', default: false },
    'no-record': { type: 'boolean', default: false },
  },
});
const requests = Number(values.requests);
const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
if (!Number.isSafeInteger(requests) || requests < 1 || !Number.isSafeInteger(seed)) {
  console.error('usage: npm run fuzz -- [--requests N] [--seed S] [--pg <url>] [--no-sqlite] [--no-record]');
  process.exit(2);
}
if (values.pg) process.env.KURA_TEST_PG_URL = values.pg;
// Read after the option: the test server reads the PostgreSQL URL when it is loaded.
const { startTestServer } = await import('../test/helpers/test-server');

const dialects = [
  ...(values['no-sqlite'] ? [] : (['sqlite'] as const)),
  ...(process.env.KURA_TEST_PG_URL ? (['postgres'] as const) : []),
];
if (!process.env.KURA_TEST_PG_URL) {
  console.warn('No PostgreSQL: set KURA_TEST_PG_URL or pass --pg <url> to fuzz it too.');
}
console.log(
  `fuzz: seed ${seed}, ${requests} requests per database (npm run fuzz -- --seed ${seed} --requests ${requests} replays it)`,
);

interface DatabaseResult {
  dialect: string;
  stats: FuzzStats;
  operations: number;
  checks: InvariantCheck[];
}

const results: DatabaseResult[] = [];
for (const dialect of dialects) {
  const serverLog = captureLogger();
  const server = await startTestServer({ dialect, logger: serverLog.logger });
  try {
    const world = await setupWorld(client(server.url));
    const operations = operationsOf(server.app.swagger() as OpenAPIV3.Document);
    serverLog.take();
    const stats = await fuzz({
      baseUrl: server.url,
      db: server.app.db,
      dialect,
      operations,
      world,
      seed,
      requests,
      serverLog,
      progress: (s) =>
        console.log(
          `  ${dialect}: ${s.requests} requests, ${s.failures.length} failures, ${Math.round(s.requests / s.seconds)} req/s`,
        ),
    });
    for (const f of stats.failures) {
      console.log(`\n${dialect} #${f.index} ${f.kind}\n${f.request}\n  → ${f.response}`);
      for (const line of f.serverLog) console.log(`  server: ${line}`);
    }
    const checks = await checkInvariants(server.app.db, { dialect, timeZone: loadConfig().timeZone });
    for (const c of checks)
      console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}${c.ok ? '' : `: ${c.detail}`}`);
    results.push({ dialect, stats, operations: operations.length, checks });
    const covered = [...stats.byRoute.values()].filter((r) => r.requests > 0).length;
    const never = [...stats.byRoute].filter(([, r]) => r.ok === 0).map(([key]) => key);
    if (never.length) console.log(`  never answered 2xx: ${never.join(', ')}`);
    console.log(
      `${dialect}: ${stats.requests} requests in ${stats.seconds.toFixed(0)} s over ${covered} of ${operations.length} operations; statuses ${JSON.stringify(stats.byStatus)}; ${stats.failures.length} failures`,
    );
  } finally {
    await server.close();
  }
}

const failed = results.some((r) => r.stats.failures.length > 0 || r.checks.some((c) => !c.ok));

if (!values['no-record']) {
  await recordSection('fuzz', report());
  console.log(`recorded in ${RELIABILITY_DOC}`);
}
process.exit(failed ? 1 : 0);

function report(): string {
  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    `Last run ${date}: \`npm run fuzz -- --requests ${requests} --seed ${seed}\`.`,
    '',
    '| database | requests | seconds | operations covered (with a 2xx) | 5xx | other failures | statuses |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    const routes = [...r.stats.byRoute.values()];
    const covered = routes.filter((x) => x.requests > 0).length;
    const reached = routes.filter((x) => x.ok > 0).length;
    const fiveXx = r.stats.failures.filter((f) => f.kind === '5xx').length;
    const statuses = Object.entries(r.stats.byStatus)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    lines.push(
      `| ${r.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${r.stats.requests} | ${r.stats.seconds.toFixed(0)} | ${covered} of ${r.operations} (${reached}) | ${fiveXx} | ${r.stats.failures.length - fiveXx} | ${statuses} |`,
    );
  }
  const roles = results.map(
    (r) =>
      `${r.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: ${Object.entries(r.stats.byRole)
        .map(([role, n]) => `${role} ${n}`)
        .join(', ')}`,
  );
  lines.push('', `Requests by role — ${roles.join('; ')}.`, '', 'Checks after the run:', '');
  const names = [...new Set(results.flatMap((r) => r.checks.map((c) => c.name)))];
  for (const name of names) {
    const per = results
      .filter((r) => r.checks.some((c) => c.name === name))
      .map((r) => {
        const c = r.checks.find((x) => x.name === name) as InvariantCheck;
        return `${r.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ${c.ok ? 'ok' : `FAILED (${c.detail ?? ''})`}`;
      });
    lines.push(`- ${name}: ${per.join(', ')}`);
  }
  lines.push(
    `- no refused request wrote anything (every table's row count and the list versions compared around each 4xx): ${results
      .map(
        (r) =>
          `${r.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ${r.stats.failures.filter((f) => f.kind === 'wrote on refusal').length === 0 ? 'ok' : 'FAILED'}`,
      )
      .join(', ')}`,
  );
  return lines.join('\n');
}
