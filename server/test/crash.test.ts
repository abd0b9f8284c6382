/**
 * kill -9 twice under a write load (server/test/crash/crash.ts; `npm run crash-test` does it 20
 * times): every acknowledged write survives each restart, no status change is half applied and
 * the database keeps its promises. SQLite only: a PostgreSQL server's durability is its own, and
 * the team server keeps nothing of its own to lose.
 */
import { expect, it } from 'vitest';
import { runCrashTest } from './crash/crash';

it('keeps every acknowledged write through kill -9', async () => {
  const seed = Number(process.env.KURA_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const result = await runCrashTest({ rounds: 2, workers: 4, loadMs: [400, 1200], seed });
  expect(result.failures, `seed ${seed} (KURA_CRASH_SEED replays it)`).toEqual([]);
  expect(result.rounds).toBe(2);
  // Not a vacuous pass: the load wrote, and the checks ran.
  expect(result.acknowledged).toBeGreaterThan(5);
  expect(result.checks.length).toBeGreaterThan(10);
  expect(result.checks.filter((c) => !c.ok)).toEqual([]);
}, 180_000);
