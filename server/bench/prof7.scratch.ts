import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../src/demo/seed';
import { FreshRequests, loadVocabulary } from './fresh';
const app = await buildApp({ config: { ...loadConfig(), databaseUrl: process.argv[2]!, logLevel: 'warn', loginRateLimit: 1000 } });
const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORDS.admin } });
const headers = { authorization: `Token ${(login.json() as { token: string }).token}` };
const draw = new FreshRequests(await loadVocabulary(app.db), 3);
const kind = process.argv[3] ?? 'list';
const fixed = '/api/v1/orders?page=1&limit=25&shipmentStatus=COMPLETED&platformCode=AMAZONIND&orderDate[gte]=2026-08-01&orderDate[lte]=2026-10-30';
const next = () => kind === 'fixed' ? fixed : kind === 'list' ? draw.orderList() : kind === 'word' ? draw.orderSearch(draw.productWords()) : draw.orderSearch(draw.orderIdFragment());
for (let i = 0; i < 200; i++) await app.inject({ url: next(), headers });
const c0 = process.cpuUsage();
const N = 1000;
for (let i = 0; i < N; i++) { const r = await app.inject({ url: next(), headers }); if (r.statusCode !== 200) throw new Error(r.body); }
const c = process.cpuUsage(c0);
console.log(kind, 'CPU ms/req', ((c.user + c.system) / 1000 / N).toFixed(3));
await app.close();
