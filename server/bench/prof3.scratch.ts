import Database from 'better-sqlite3';
import { FreshRequests, loadVocabulary } from './fresh';
import { createDatabase } from '../src/db/connect';
const file = process.argv[2]!;
const h = createDatabase(file); const vocab = await loadVocabulary(h.db); await h.destroy();
const db = new Database(file, { readonly: true });
const draw = new FreshRequests(vocab, 11);
const st = db.prepare(`select count(*) n from orders_fts where orders_fts match ?`);
const sizes: [number, string, number][] = [];
for (let i = 0; i < 1000; i++) { const t = draw.orderIdFragment(); const c0 = performance.now(); const n = (st.get(`"${t}"`) as any).n; sizes.push([n, t, performance.now() - c0]); }
sizes.sort((a, b) => a[0] - b[0]);
for (const p of [0.5, 0.9, 0.95, 0.98, 0.99, 0.995, 1]) { const s = sizes[Math.min(999, Math.floor(p * 1000))]!; console.log(p, s[0], s[1], s[2].toFixed(1) + 'ms'); }
console.log(sizes.slice(-15).map((s) => `${s[1]}:${s[0]}:${s[2].toFixed(0)}ms`).join(' '));
const ws = new FreshRequests(vocab, 12);
const pst = db.prepare(`select count(*) n from orders where product_id in (select k.product_id from products_search_keys k where k.key in (select rowid from products_fts where products_fts match ?))`);
const psz: [number, string][] = [];
for (let i = 0; i < 300; i++) { const t = ws.productWords(); psz.push([(pst.get(`{name sku_code jan_code} : "${t}"`) as any).n, t]); }
psz.sort((a, b) => a[0] - b[0]);
for (const p of [0.1, 0.25, 0.5, 0.9, 0.99, 1]) { const s = psz[Math.min(299, Math.floor(p * 300))]!; console.log('words', p, s[0], s[1]); }
