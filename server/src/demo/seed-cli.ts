/**
 * `npm run seed -- --products 50000 [--orders 1000000]`: adds a large generated data set to the database named by
 * DATABASE_URL (a SQLite path or a postgres:// URL; default data/kura.sqlite), migrating it
 * first. For measuring the lists at scale; never needed by the app itself. Orders need products
 * to sell: `--orders` alone on a database without any seeds a catalog to go with them first.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { seedLarge } from './large';

const USAGE =
  'usage: npm run seed -- [--products <count>] [--orders <count>] [--batch <rows per transaction>]';

/** The catalog seeded for `--orders` alone on a database without products: one product for about 20 order lines. */
export const catalogForOrders = (orders: number) => Math.min(50_000, Math.max(200, Math.ceil(orders / 20)));

function count(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number (${USAGE})`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      orders: { type: 'string' },
      batch: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const products = count('products', values.products, 0);
  const batchSize = count('batch', values.batch, 5000) || 5000;
  const orders = count('orders', values.orders, 0);
  if (products === 0 && orders === 0) throw new Error(`nothing to seed (${USAGE})`);

  const url = process.env.DATABASE_URL?.trim() || 'data/kura.sqlite';
  const handle = createDatabase(url);
  try {
    await migrateToLatest(handle.db);
    const held = await handle.db.selectFrom('products').select('id').limit(1).executeTakeFirst();
    const catalog =
      values.products === undefined && orders > 0 && !held ? catalogForOrders(orders) : products;
    if (catalog !== products) console.log(`  no products yet: seeding ${catalog} to sell the orders`);
    const summary = await seedLarge(handle.db, {
      products: catalog,
      orders,
      timeZone: loadConfig().timeZone,
      batchSize,
      log: (line) => console.log(`  ${line}`),
    });
    console.log(
      `Seeded ${handle.dialect} database ${handle.dialect === 'postgres' ? new URL(url).pathname.slice(1) : url}:`,
    );
    console.log(
      `  ${summary.products} products, ${summary.supplierLinks} supplier links, ${summary.platformListings} platform listings, ${summary.stockMovements} stock movements${summary.settingsCreated ? ', and the demo settings lists' : ''}`,
    );
    if (summary.orders) console.log(`  ${summary.orders} order lines`);
    const rate = (n: number, what: string) => (n ? `, ${Math.round(n / summary.seconds)} ${what}/s` : '');
    console.log(
      `  in ${summary.seconds.toFixed(1)} s${rate(summary.products, 'products')}${rate(summary.orders, 'order lines')}`,
    );
  } finally {
    await handle.destroy();
  }
}

main().catch((err: unknown) => {
  console.error('kura seed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
