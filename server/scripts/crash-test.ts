/**
 * `npm run crash-test -- [--rounds N] [--seed S] [--no-record]`: kill -9 the server under a
 * write load N times (default 20) and check after each restart that every acknowledged write is
 * there and the database keeps its promises (server/test/crash/crash.ts). Writes its figures to
 * docs/reliability.md between its markers unless `--no-record`. Exits 1 on any failure.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runCrashTest } from '../test/crash/crash';
import { recordSection, RELIABILITY_DOC } from './reliability-doc';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    seed: { type: 'string' },
    'no-record': { type: 'boolean', default: false },
  },
});
const rounds = Number(values.rounds);
const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
if (!Number.isSafeInteger(rounds) || rounds < 1 || !Number.isSafeInteger(seed)) {
  console.error('usage: npm run crash-test -- [--rounds N] [--seed S] [--no-record]');
  process.exit(2);
}
console.log(`crash-test: ${rounds} kills, seed ${seed}`);
const loadBefore = loadavg()[0] ?? 0;
const started = performance.now();
const result = await runCrashTest({ rounds, seed, log: (line) => console.log(line) });
const seconds = (performance.now() - started) / 1000;
const sorted = [...result.restartMs].sort((a, b) => a - b);
const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
const failed = result.failures.length > 0 || result.rounds < rounds;
console.log(
  `${result.rounds} kills in ${seconds.toFixed(0)} s: ${result.acknowledged} writes acknowledged, ` +
    `${result.checked} look-ups of them after the kills, ${result.inFlightAtKill} status changes in flight at a kill; ` +
    `restart median ${at(0.5)} ms, max ${at(1)} ms; ${failed ? `FAILED\n${result.failures.join('\n')}` : 'no failure'}`,
);

if (!values['no-record']) {
  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    `Last run ${date}: \`npm run crash-test -- --rounds ${rounds} --seed ${seed}\` (${seconds.toFixed(0)} s; ` +
      `load average ${loadBefore.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)} on ${cpus().length} cores).`,
    '',
    '| kills | writes acknowledged | look-ups of them after kills | status changes in flight at a kill | restart (spawn → listening) | result |',
    '| --- | --- | --- | --- | --- | --- |',
    `| ${result.rounds} | ${result.acknowledged} | ${result.checked} | ${result.inFlightAtKill} | median ${at(0.5)} ms, max ${at(1)} ms | ${failed ? `FAILED: ${result.failures.slice(0, 3).join('; ')}` : 'every acknowledged write present; no half-applied change; checks ok'} |`,
    '',
    `Checks after each restart: ${result.checks.map((c) => c.name).join('; ')}.`,
  ];
  await recordSection('crash-test', lines.join('\n'));
  console.log(`recorded in ${RELIABILITY_DOC}`);
}
process.exit(failed ? 1 : 0);
