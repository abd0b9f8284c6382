import Database from 'better-sqlite3';
const rw = new Database(process.argv[2]!);
rw.pragma('cache_size = -32000');
rw.exec(`create table if not exists temp.dc (order_date text, shipment_status text, platform_code text, n integer, primary key (order_date, shipment_status, platform_code)) without rowid`);
let t0 = Date.now();
rw.exec(`insert into temp.dc select order_date, shipment_status, platform_code, count(*) from orders group by 1,2,3`);
console.log('filled', Date.now() - t0, 'ms', rw.prepare('select count(*) n from temp.dc').get());
rw.exec(`create table if not exists temp.dc2 (shipment_status text, platform_code text, order_date text, n integer, primary key (shipment_status, platform_code, order_date)) without rowid`);
rw.exec(`insert into temp.dc2 select shipment_status, platform_code, order_date, n from temp.dc`);
const windows = Array.from({ length: 500 }, (_, i) => { const end = new Date(Date.UTC(2026, 10, 26) - (i * 7919 % 730) * 864e5); const start = new Date(end.getTime() - (7 + (i * 104729 % 358)) * 864e5); return [start.toISOString().slice(0,10), end.toISOString().slice(0,10)]; });
function time(label: string, sqlText: string, args: (w: string[]) => unknown[]) {
  const st = rw.prepare(sqlText); const c0 = process.cpuUsage();
  for (const w of windows) st.get(...args(w));
  const c = process.cpuUsage(c0); console.log(label.padEnd(50), ((c.user + c.system) / 1000 / windows.length).toFixed(3), 'ms');
}
time('all/all window sum (date pk)', `select sum(n) from temp.dc where order_date between ? and ?`, (w) => w);
time('status+platform window (date pk)', `select sum(n) from temp.dc where order_date between ? and ? and shipment_status = 'COMPLETED' and platform_code = 'AMAZONIND'`, (w) => w);
time('status+platform window (status pk)', `select sum(n) from temp.dc2 where order_date between ? and ? and shipment_status = 'COMPLETED' and platform_code = 'AMAZONIND'`, (w) => w);
time('status, all platforms (status pk)', `select sum(n) from temp.dc2 where order_date between ? and ? and shipment_status = 'COMPLETED'`, (w) => w);
time('group by status all/all (date pk)', `select shipment_status, sum(n) from temp.dc where order_date between ? and ? group by 1`, (w) => w);
time('index count status+platform (orders)', `select count(*) from orders where order_date between ? and ? and shipment_status = 'COMPLETED' and platform_code = 'AMAZONIND'`, (w) => w);
