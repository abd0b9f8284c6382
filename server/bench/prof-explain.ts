// temporary: EXPLAIN ANALYZE every query a search runs (not committed)
import { sql } from 'kysely';
import { createDatabase, setQueryTap } from '../src/db/connect';
import { searchOrders } from '../src/orders/order-search.service';
const [url, text, status] = process.argv.slice(2) as [string, string, string?];
const h = createDatabase(url);
const qs: { sql: string; parameters: readonly unknown[] }[] = [];
setQueryTap((q) => qs.push(q));
const t = performance.now();
await searchOrders(h.db, { searchStr: text, page: '1', limit: '50', ...(status ? { shipmentStatus: status } : {}) });
console.log('total ms', (performance.now() - t).toFixed(1));
setQueryTap(undefined);
for (const q of qs) {
  const r = await sql.raw<any>(`explain (analyze, buffers) ${q.sql.replace(/\$(\d+)/g, (_, i) => { const v = q.parameters[Number(i) - 1]; return typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`; })}`).execute(h.db);
  const lines = r.rows.map((x: any) => x['QUERY PLAN']);
  console.log('-----', q.sql.slice(0, 200).replace(/\s+/g, ' '));
  console.log(lines.filter((l: string) => /actual|Execution/.test(l)).slice(0, 40).join('\n'));
}
await h.destroy();
