/**
 * Every list query a screen sends is served by an index, on both databases (see
 * docs/architecture.md, lists): the default sort, each products sort header, the status and
 * low-stock filters and the search, and the default queries of the other lists. A new list
 * (orders) adds its cases to LIST_PLAN_CASES.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsListSpec } from '#shared/list-specs';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../src/demo/seed';
import { checkPlans, type PlanCase } from './helpers/query-plans';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

const products = ['products'] as const;
const page = 'page=1&limit=25';

export const LIST_PLAN_CASES: PlanCase[] = [
  { name: 'products: default sort', path: `products?${page}`, bigTables: products },
  ...productsListSpec.sorts.flatMap((field) =>
    [field, `-${field}`].map((sort) => ({
      name: `products: sort ${sort}`,
      path: `products?${page}&sort=${sort}`,
      bigTables: products,
    })),
  ),
  { name: 'products: active', path: `products?${page}&activeStatus=true`, bigTables: products },
  { name: 'products: inactive', path: `products?${page}&activeStatus=false`, bigTables: products },
  { name: 'products: low stock', path: `products?${page}&lowStock=true`, bigTables: products },
  {
    name: 'products: search',
    path: `products/search?searchString=matcha&${page}&sort=-updatedAt`,
    bigTables: products,
    allowSort: true,
  },
  {
    name: 'products: search, Japanese',
    path: `products/search?searchString=${encodeURIComponent('ポッキー')}&${page}`,
    bigTables: products,
    allowSort: true,
  },
  {
    name: 'products: search, active only',
    path: `products/search?searchString=kit&${page}&activeStatus=true`,
    bigTables: products,
    allowSort: true,
  },
  {
    name: 'products: name filter',
    path: `products?${page}&name=pocky`,
    bigTables: products,
    allowSort: true,
  },
  // A JAN as a scanner types it.
  { name: 'products: search, JAN', path: `products/search?searchString=4901234567894`, bigTables: products },
  ...['categories', 'manufacturers', 'suppliers', 'shipping-methods'].map((path) => ({
    name: `settings: ${path}`,
    path: `${path}?page=1&limit=10`,
    bigTables: [path.replace('-', '_')],
    smallTableCount: true,
  })),
  ...(
    [
      ['settings: handling fees', 'handling-fees?page=1&limit=10', 'handling_fees'],
      ['settings: pre-categories', 'pre-categories?page=1&limit=100', 'pre_categories'],
      ['users', `users?${page}`, 'users'],
      ['issues', `issues?${page}`, 'issues'],
      ['memos', `memos?${page}`, 'memos'],
      ['audit log', `audit-logs?${page}`, 'audit_log'],
    ] as const
  ).map(([name, path, table]) => ({ name, path, bigTables: [table], smallTableCount: true })),
  // The history screen's filters (who, what kind, one record's history, a date range), each
  // newest first; their totals are counted through the same indexes.
  ...(
    [
      ['audit log: who', `audit-logs?${page}&userId=0b7c8f2e-5d1a-4f3e-9c2b-7a6d5e4f3a21`],
      ['audit log: kind', `audit-logs?${page}&entity=product`],
      [
        'audit log: one record',
        `audit-logs?${page}&entity=product&entityId=0b7c8f2e-5d1a-4f3e-9c2b-7a6d5e4f3a21`,
      ],
      [
        'audit log: date range',
        `audit-logs?${page}&at[gte]=2026-01-01T00:00:00Z&at[lt]=2026-02-01T00:00:00Z`,
      ],
      ['audit log: kind, oldest first', `audit-logs?${page}&entity=memo&sort=at`],
    ] as const
  ).map(([name, path]) => ({ name, path, bigTables: ['audit_log'] })),
];

describe.each(testDialects())('list query plans (%s)', (dialect) => {
  let server: TestServer;
  let token = '';

  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { demo: true } });
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORDS.admin }),
    });
    token = ((await login.json()) as { token: string }).token;
  });
  afterAll(() => server?.close());

  it('serves every screen query from an index, never a full scan of a big table', async () => {
    const findings = await checkPlans(server, dialect, token, LIST_PLAN_CASES);
    const report = findings.map(
      (f) => `${f.case}: ${f.problem}\n  ${f.sql}\n  ${f.plan.replaceAll('\n', '\n  ')}`,
    );
    expect(report).toEqual([]);
  });

  it('flags a query no index serves (the checker itself)', async () => {
    // Sorting the handling fees by value sorts a computed number: no index can serve it.
    const findings = await checkPlans(server, dialect, token, [
      { name: 'unindexed sort', path: 'handling-fees?sort=value', bigTables: ['handling_fees'] },
    ]);
    expect(findings.map((f) => f.problem)).toContain('sort not served by an index');
  });
});
