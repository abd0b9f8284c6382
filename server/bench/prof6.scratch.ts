import { FreshRequests, loadVocabulary } from './fresh';
import { createDatabase } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { searchOrders } from '../src/orders/order-search.service';
const file = process.argv[2]!;
const kind = process.argv[3] ?? 'word';
const h = createDatabase(file);
await migrateToLatest(h.db);
const draw = new FreshRequests(await loadVocabulary(h.db), 42);
const rows: [number, string, string, number][] = [];
for (let i = 0; i < 200; i++) {
  const text = kind === 'id' ? draw.orderIdFragment() : kind === 'word' ? draw.productWords() : draw.customerEmail();
  const status = draw.statusTab();
  const c0 = process.cpuUsage();
  const res = await searchOrders(h.db, { searchStr: text, page: '1', limit: '50', ...(status ? { shipmentStatus: status } : {}) });
  const c = process.cpuUsage(c0);
  rows.push([(c.user + c.system) / 1000, text, status ?? 'ALL', res.totalcount]);
}
rows.sort((a, b) => b[0] - a[0]);
const total = rows.reduce((s, r) => s + r[0], 0);
console.log('mean CPU ms', (total / rows.length).toFixed(2), 'median', rows[100]![0].toFixed(2), 'p90', rows[20]![0].toFixed(2), 'p99', rows[2]![0].toFixed(2));
console.log('top 15:', rows.slice(0, 15).map((r) => `${r[1]}|${r[2]}|${r[3]}:${r[0].toFixed(1)}`).join('  '));
console.log('share of top 10%:', (rows.slice(0, 20).reduce((s, r) => s + r[0], 0) / total).toFixed(2));
await h.destroy();
