import Database from 'better-sqlite3';
import { FreshRequests, loadVocabulary } from './fresh';
import { createDatabase } from '../src/db/connect';
const file = process.argv[2]!;
const h = createDatabase(file);
const vocab = await loadVocabulary(h.db);
await h.destroy();
const db = new Database(file, { readonly: true });
db.pragma('cache_size = -32000');
const draw = new FreshRequests(vocab, 7);
const phrase = (t: string) => `"${t.replaceAll('"', '""')}"`;
function time(label: string, texts: string[], sqlText: string, arg: (t: string) => unknown, on = db) {
  const st = on.prepare(sqlText);
  const t0 = process.cpuUsage();
  let total = 0; const counts: number[] = [];
  for (const t of texts) { const r = st.all(arg(t)) as any[]; const n = Number(Object.values(r[0] ?? {0:0})[0]); counts.push(n); total += n; }
  const c = process.cpuUsage(t0);
  counts.sort((a,b)=>a-b);
  console.log(label.padEnd(40), ((c.user + c.system) / 1000 / texts.length).toFixed(2), 'ms/text', 'median matches', counts[counts.length>>1], 'max', counts[counts.length-1]);
}
const ids = Array.from({ length: 100 }, () => draw.orderIdFragment());
const words = Array.from({ length: 100 }, () => draw.productWords());
const emails = Array.from({ length: 100 }, () => draw.customerEmail());
console.log(ids.slice(0,10), words.slice(0,10), emails.slice(0,5));
time('orders_fts count (id frags)', ids, `select count(*) from orders_fts where orders_fts match ?`, phrase);
time('orders_fts count (words)', words, `select count(*) from orders_fts where orders_fts match ?`, phrase);
time('customer_fts count (emails)', emails, `select count(*) from orders_customer_fts where orders_customer_fts match ?`, phrase);
time('customer_fts count (id frags)', ids, `select count(*) from orders_customer_fts where orders_customer_fts match ?`, phrase);
time('products_fts count (words)', words, `select count(*) from products_fts where products_fts match ?`, (t) => `{name sku_code jan_code} : ${phrase(t)}`);
time('products_fts count (id frags)', ids, `select count(*) from products_fts where products_fts match ?`, (t) => `{name sku_code jan_code} : ${phrase(t)}`);
time('orders of matched products (words)', words, `select count(*) from orders where product_id in (select k.product_id from products_search_keys k where k.key in (select rowid from products_fts where products_fts match ?))`, (t) => `{name sku_code jan_code} : ${phrase(t)}`);
time('like scan order ids (id frags)', ids.slice(0,5), `select count(*) from orders where instr(order_id, ?) > 0`, (t) => t);

// --- experiments
const rw = new Database(file);
rw.exec(`create virtual table if not exists temp.cust_vocab using fts5vocab(main, 'orders_customer_fts', 'row')`);
const vocabStmt = rw.prepare(`select doc from temp.cust_vocab where term = ?`);
const trigrams = (t: string) => { const s=[...t.toLowerCase()]; const out: string[]=[]; for (let i=0;i+3<=s.length;i++) out.push(s.slice(i,i+3).join('')); return [...new Set(out)]; };
if (0) {
  const st = rw.prepare(`select count(*) n from orders_customer_fts where orders_customer_fts match ? and instr(lower(customer), ?) > 0`);
  const t0 = process.cpuUsage(); const counts: number[] = [];
  for (const t of emails) {
    const grams = trigrams(t).map((g) => ({ g, n: (vocabStmt.get(g) as any)?.doc ?? 0 })).sort((a, b) => a.n - b.n);
    const q = grams.slice(0, 2).map((x) => `"${x.g.replaceAll('"','""')}"`).join(' AND ');
    counts.push((st.get(q, t.toLowerCase()) as any).n);
  }
  const c = process.cpuUsage(t0); counts.sort((a,b)=>a-b);
  console.log('rarest-2 AND + instr (emails)'.padEnd(40), ((c.user + c.system) / 1000 / emails.length).toFixed(2), 'ms/text', 'median', counts[50], 'max', counts[99]);
}
if (0) {
  const t0 = process.cpuUsage();
  for (const t of emails) for (const g of trigrams(t)) vocabStmt.get(g);
  const c = process.cpuUsage(t0);
  console.log('vocab lookups only (emails)'.padEnd(40), ((c.user + c.system) / 1000 / emails.length).toFixed(2), 'ms/text');
}
// product tallies
rw.exec(`create table if not exists temp.pc (key integer, status text, n integer, primary key (key, status)) without rowid`);
if (!(rw.prepare('select count(*) n from temp.pc').get() as any).n) {
  const t0=Date.now();
  rw.exec(`insert into temp.pc select k.key, o.shipment_status, count(*) from orders o join products_search_keys k on k.product_id = o.product_id group by 1, 2`);
  console.log('filled pc', Date.now()-t0, 'ms');
}
time('Σ product tallies (words)', words, `select sum(n) from temp.pc where key in (select rowid from products_fts where products_fts match ?)`, (t) => `{name sku_code jan_code} : ${phrase(t)}`, rw);
time('Σ product tallies one status (words)', words, `select sum(n) from temp.pc where key in (select rowid from products_fts where products_fts match ?) and status = 'RECEIVED'`, (t) => `{name sku_code jan_code} : ${phrase(t)}`, rw);
