import Database from 'better-sqlite3';
import { FreshRequests, loadVocabulary } from './fresh';
import { createDatabase } from '../src/db/connect';
const file = process.argv[2]!;
const h = createDatabase(file); const vocab = await loadVocabulary(h.db); await h.destroy();
const db = new Database(file);
db.pragma('cache_size = -32000');
const statuses = ['RECEIVED','ACCEPTED','PACKED','SHIPPED','COMPLETED','CANCELLED','AWAITING','BOOKED'];
const platforms = ['AMAZONIND','AMAZONJP','SHOPIFY'];
db.exec(`create temp table if not exists kc (key integer, shipment_status text, platform_code text, n integer, primary key (key, shipment_status, platform_code)) without rowid`);
db.exec(`insert into temp.kc select k.key, c.shipment_status, c.platform_code, c.n from order_product_counts c join products_search_keys k on k.product_id = c.product_id`);
const cols = statuses.flatMap((s) => platforms.map((p) => `c_${s}_${p}`));
db.exec(`create temp table if not exists wide (key integer primary key, ${cols.map((c) => `${c} integer not null default 0`).join(', ')})`);
db.exec(`insert into temp.wide (key, ${cols.join(', ')}) select k.key, ${statuses.flatMap((s) => platforms.map((p) => `sum(case when c.shipment_status = '${s}' and c.platform_code = '${p}' then c.n else 0 end)`)).join(', ')} from order_product_counts c join products_search_keys k on k.product_id = c.product_id group by k.key`);
const draw = new FreshRequests(vocab, 5);
const words = Array.from({ length: 200 }, () => draw.productWords()).filter((w) => [...w].length >= 3);
const m = (t: string) => `{name sku_code jan_code} : "${t.replaceAll('"', '""')}"`;
const fts = `select rowid from products_fts where products_fts match ?`;
const cases: [string, string][] = [
  ['fts only', `select count(*) from (${fts})`],
  ['a: text pk via keys', `select sum(case when shipment_status = 'COMPLETED' then n else 0 end), sum(n) from order_product_counts where product_id in (select k.product_id from products_search_keys k where k.key in (${fts}))`],
  ['b: integer key pk', `select sum(case when shipment_status = 'COMPLETED' then n else 0 end), sum(n) from temp.kc where key in (${fts})`],
  ['c: wide rowid', `select sum(${cols.filter((c) => c.includes('COMPLETED')).join(' + ')}), sum(${cols.join(' + ')}) from temp.wide where key in (${fts})`],
];
for (const [label, q] of cases) {
  const st = db.prepare(q);
  for (const w of words.slice(0, 20)) st.all(m(w));
  const c0 = process.cpuUsage();
  for (const w of words) st.all(m(w));
  const c = process.cpuUsage(c0);
  console.log(label.padEnd(24), ((c.user + c.system) / 1000 / words.length).toFixed(3), 'ms');
}
