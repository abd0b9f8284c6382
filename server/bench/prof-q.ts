// temporary: per-statement time of fresh searches (not committed)
import { createDatabase, setQueryTap } from '../src/db/connect';
import { searchOrders } from '../src/orders/order-search.service';
import { FreshRequests, loadVocabulary } from './fresh';
const [url, kind = 'ids', n = '300'] = process.argv.slice(2) as [string, string?, string?];
const h = createDatabase(url);
const draw = new FreshRequests(await loadVocabulary(h.db));
let last = 0;
const per = new Map<string, { ms: number; n: number }>();
setQueryTap((q) => {
  const now = performance.now();
  const shape = q.sql.replace(/\s+/g, ' ').replace(/\$\d+|\?/g, '?').replace(/\(\?(, \?)*\)/g, '(…)').slice(0, 150);
  const e = per.get(shape) ?? { ms: 0, n: 0 };
  e.ms += now - last; e.n++; per.set(shape, e); last = now;
});
let total = 0;
for (let i = 0; i < Number(n); i++) {
  const text = kind === 'ids' ? draw.orderIdFragment() : kind === 'words' ? draw.productWords() : draw.customerEmail();
  const params = Object.fromEntries(new URL(draw.orderSearch(text), 'http://x').searchParams);
  const t = performance.now(); last = t;
  await searchOrders(h.db, params);
  total += performance.now() - t;
}
console.log(kind, 'mean ms', (total / Number(n)).toFixed(2));
for (const [k, v] of [...per.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8)) console.log((v.ms / Number(n)).toFixed(2), 'ms/search', v.n, k);
await h.destroy();
