// PostgreSQL: the search's queries for a text, each with EXPLAIN ANALYZE timing.
import type { CompiledQuery } from 'kysely';
import { CompiledQuery as CQ } from 'kysely';
import { createDatabase, setQueryTap } from '../src/db/connect';
import { searchOrders } from '../src/orders/order-search.service';
const [url, text, status] = process.argv.slice(2) as [string, string, string | undefined];
const h = createDatabase(url);
let captured: CompiledQuery[] = [];
setQueryTap((q) => captured.push(q));
const t0 = performance.now();
const res = await searchOrders(h.db, { searchStr: text, page: '1', limit: '50', ...(status ? { shipmentStatus: status } : {}) });
console.log(text, status ?? 'ALL', res.totalcount, (performance.now() - t0).toFixed(1), 'ms');
setQueryTap(undefined);
for (const q of captured) {
  const r = await h.db.executeQuery(CQ.raw(`explain (analyze, buffers off, timing off, summary on) ${q.sql}`, [...q.parameters]));
  const lines = (r.rows as { 'QUERY PLAN': string }[]).map((x) => x['QUERY PLAN']);
  console.log('\n--', q.sql.replace(/\s+/g, ' ').slice(0, 150));
  console.log(lines.filter((l) => /Execution Time|Planning Time|Scan|Join|Hash|Sort|Limit|Subquery|SubPlan|Loop/.test(l)).slice(0, 30).join('\n'));
}
await h.destroy();
