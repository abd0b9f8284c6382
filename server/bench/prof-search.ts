// temporary profiling script (not committed)
import { createDatabase, setQueryTap } from '../src/db/connect';
import { searchOrders } from '../src/orders/order-search.service';
import { FreshRequests, loadVocabulary } from './fresh';
const url = process.argv[2]!;
const kind = process.argv[3] ?? 'ids';
const n = Number(process.argv[4] ?? 200);
const h = createDatabase(url);
const draw = new FreshRequests(await loadVocabulary(h.db));
let queries: string[] = [];
setQueryTap((q) => queries.push(q.sql + ' -- ' + JSON.stringify(q.parameters)));
const times: { ms: number; path: string; queries: string[] }[] = [];
for (let i = 0; i < n; i++) {
  const text = kind === 'ids' ? draw.orderIdFragment() : kind === 'words' ? draw.productWords() : draw.customerEmail();
  const path = draw.orderSearch(text);
  const params = Object.fromEntries(new URL(path, 'http://x').searchParams);
  queries = [];
  const t = performance.now();
  await searchOrders(h.db, params);
  times.push({ ms: performance.now() - t, path, queries });
}
times.sort((a, b) => a.ms - b.ms);
const q = (p: number) => times[Math.floor(p * (times.length - 1))]!.ms.toFixed(1);
console.log(`${kind}: p50 ${q(0.5)} p90 ${q(0.9)} p99 ${q(0.99)} mean ${(times.reduce((s, t) => s + t.ms, 0) / times.length).toFixed(1)}`);
for (const t of times.slice(-8)) console.log(t.ms.toFixed(1), decodeURIComponent(t.path).replace("/api/v1/orders/search?", ""));
await h.destroy();
