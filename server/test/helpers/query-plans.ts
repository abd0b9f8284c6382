/**
 * Proves a request's queries are served by indexes: runs the request, captures every query
 * the server executed for it, and EXPLAINs each one that reads a big table, on the server's
 * own database. Fails on a full scan of a big table, and (unless a case allows it) on a sort
 * no index serves.
 *
 * SQLite plans by rules, not row counts, so EXPLAIN QUERY PLAN on a small database shows the
 * plan of a big one. PostgreSQL prefers a sequential scan of a small table even when an index
 * fits, so its EXPLAIN runs with `enable_seqscan` and `enable_sort` off: a Seq Scan or Sort
 * that remains means no index can do the job.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { setQueryTap } from '../../src/db/connect';
import type { TestServer } from './test-server';

export interface PlanCase {
  /** What the screen does, for the failure message. */
  name: string;
  /** The request path under /api/v1, e.g. `products?sort=-updatedAt&page=1&limit=25`. */
  path: string;
  /** Tables that must never be read by a full scan (`products`, `orders`). */
  bigTables: readonly string[];
  /** A search sorts its matches (few by construction): a sort of them is allowed. */
  allowSort?: boolean;
  /**
   * A table that stays small (settings, accounts, memos): its uncached total may be counted by
   * reading it whole. Big tables count through an index and cache the total.
   */
  smallTableCount?: boolean;
  /** Tables the request must read (by any plan), when `bigTables` names none. */
  reads?: readonly string[];
  /** Tables no query of the request may read at all (a total kept elsewhere). */
  notRead?: readonly string[];
  /**
   * Why an array from a subquery may be tested row by row here (PostgreSQL): it is known to
   * hold few ids whenever this plan is chosen.
   */
  fewIds?: string;
}

export interface PlanFinding {
  sql: string;
  plan: string;
  problem: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database of the process
type AnyDb = Kysely<any>;

async function explain(db: AnyDb, dialect: 'sqlite' | 'postgres', query: CompiledQuery): Promise<string> {
  if (dialect === 'sqlite') {
    const result = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return result.rows.map((r) => r.detail).join('\n');
  }
  return db.connection().execute(async (conn) => {
    await conn.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
    await conn.executeQuery(CompiledQuery.raw('set enable_sort = off'));
    try {
      const result = await conn.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await conn.executeQuery(CompiledQuery.raw('reset enable_seqscan'));
      await conn.executeQuery(CompiledQuery.raw('reset enable_sort'));
    }
  });
}

const readsTable = (sql: string, table: string) =>
  new RegExp(`\\b(from|join)\\s+"?${table}"?(\\s|$)`, 'i').test(sql);

function problemsOf(plan: string, dialect: 'sqlite' | 'postgres', c: PlanCase): string[] {
  const problems: string[] = [];
  for (const table of c.bigTables) {
    const fullScan =
      dialect === 'sqlite'
        ? new RegExp(`^\\s*SCAN ${table}(?! USING (COVERING )?INDEX)(\\s|$)`, 'm')
        : new RegExp(`Seq Scan on ${table}\\b`);
    if (fullScan.test(plan)) problems.push(`full scan of ${table}`);
  }
  // PostgreSQL tests `x = ANY ($1)` with an array from a subquery by reading the array through
  // for every row (no hashing): over a walk of an index that is rows × array length.
  if (dialect === 'postgres' && !c.fewIds && /Filter: .*= ANY \(\$\d+\)/.test(plan)) {
    problems.push('an array from a subquery tested row by row');
  }
  if (!c.allowSort) {
    // A Sort node; an Incremental Sort over a presorted unique key (SKU, JAN) only orders groups
    // of one row, so the index does serve that order.
    const sort =
      dialect === 'sqlite' ? /USE TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/ : /(^|->)\s*Sort\s+\(/m;
    if (sort.test(plan)) problems.push('sort not served by an index');
  }
  return problems;
}

/** Runs each case against the server and returns every query that fails (empty when all pass). */
export async function checkPlans(
  server: TestServer,
  dialect: 'sqlite' | 'postgres',
  token: string,
  cases: readonly PlanCase[],
): Promise<(PlanFinding & { case: string })[]> {
  const findings: (PlanFinding & { case: string })[] = [];
  for (const c of cases) {
    const captured: CompiledQuery[] = [];
    setQueryTap((query, db) => {
      if (db === server.app.db) captured.push(query);
    });
    let status: number;
    try {
      const res = await fetch(`${server.url}/api/v1/${c.path}`, {
        headers: { authorization: `Token ${token}` },
      });
      status = res.status;
      await res.arrayBuffer();
    } finally {
      setQueryTap(undefined);
    }
    if (status !== 200) {
      findings.push({ case: c.name, sql: c.path, plan: '', problem: `answered ${status}` });
      continue;
    }
    const relevant = captured.filter(
      (q) => /^\s*select/i.test(q.sql) && c.bigTables.some((t) => readsTable(q.sql, t)),
    );
    for (const table of c.notRead ?? []) {
      const reader = captured.find((q) => readsTable(q.sql, table));
      if (reader) findings.push({ case: c.name, sql: reader.sql, plan: '', problem: `read ${table}` });
    }
    const read = (table: string) => captured.some((q) => readsTable(q.sql, table));
    for (const table of (c.reads ?? []).filter((t) => !read(t))) {
      findings.push({ case: c.name, sql: c.path, plan: '', problem: `did not read ${table}` });
    }
    if (relevant.length === 0 && c.bigTables.length > 0) {
      findings.push({ case: c.name, sql: c.path, plan: '', problem: 'no query read the big tables' });
    }
    for (const query of relevant) {
      if (c.smallTableCount && /^\s*select count\(\*\)/i.test(query.sql)) continue;
      const plan = await explain(server.app.db, dialect, query);
      if (process.env.KURA_PRINT_PLANS) console.log(`${c.name}\n${query.sql}\n${plan}\n`);
      for (const problem of problemsOf(plan, dialect, c)) {
        findings.push({ case: c.name, sql: query.sql, plan, problem });
      }
    }
  }
  return findings;
}
