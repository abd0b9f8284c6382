/**
 * Orders for the large data set (`npm run seed -- --orders 1000000`): three years of platform
 * orders over the products already in the database, shaped like the business's own. Each
 * product sells on the platforms it is listed on; Amazon orders carry Amazon's order ids
 * (403-… in India, 249-… in Japan) and fees, own-shop orders #1001 onward with a customer;
 * one order in seven has several lines. Older orders are mostly completed (India ones through a
 * shipment, Japan ones straight from PACKED) or cancelled; the last weeks hold every open
 * status, and a few advance orders wait for their delivery date.
 *
 * Seeded orders are history: they hold no stock (`stock_taken` 0, no ledger movement), so the
 * products' quantities stay equal to their ledgers. Accepting one later takes stock as usual.
 */
import type { InsertObject, Kysely } from 'kysely';
import { DateTime } from 'luxon';
import { PLATFORM_CURRENCY, type OrderStatus, type Platform } from '#shared/constants';
import type { Database } from '../db/database';
import { refreshAllProductSales } from '../orders/orders.repository';
import { monthlyWindowStart } from '../orders/orders.service';
import { rebuildSalesDaily } from '../sales/sales.repository';
import type { Random } from './random';
import { insertBatches, sqliteBulkLoad, withIndexesDeferred } from './seed-kit';

interface SellableProduct {
  id: string;
  /** Whole yen per unit; null where unknown (a typical price is assumed). */
  purchasePrice: number | null;
  platforms: Platform[];
}

export interface LargeOrdersSummary {
  orders: number;
}

const DAYS = 3 * 365;
// Rupees per yen, roughly: own-shop and Amazon India prices follow the yen cost.
const INR_PER_JPY = 0.56;

/** The status of an order `age` days old on its platform. */
function statusFor(random: Random, platform: Platform, age: number): OrderStatus {
  const completed: OrderStatus = 'COMPLETED';
  if (age > 45) {
    return random.weighted<OrderStatus>([
      [completed, 88],
      ['CANCELLED', 7],
      [platform === 'AMAZONJP' ? completed : 'SHIPPED', 5],
    ]);
  }
  if (age > 14) {
    return random.weighted<OrderStatus>([
      [completed, 45],
      [platform === 'AMAZONJP' ? completed : 'SHIPPED', 35],
      ['PACKED', 8],
      ['CANCELLED', 8],
      ['ACCEPTED', 4],
    ]);
  }
  return random.weighted<OrderStatus>([
    ['RECEIVED', 35],
    ['ACCEPTED', 25],
    ['PACKED', 15],
    [platform === 'AMAZONJP' ? 'COMPLETED' : 'SHIPPED', 12],
    ['CANCELLED', 8],
    ['COMPLETED', 5],
  ]);
}

const amazonOrderId = (random: Random, prefix: string) => `${prefix}-${random.digits(7)}-${random.digits(7)}`;

/** An Amazon order id as the platform's reports show it: 249-… in Japan, 402–408-… in India. */
export const amazonOrderIdFor = (random: Random, platform: Exclude<Platform, 'SHOPIFY'>) =>
  amazonOrderId(
    random,
    platform === 'AMAZONJP' ? '249' : random.pick(['402', '403', '404', '405', '406', '407', '408']),
  );

const CITIES = [
  ['Mumbai', 'Maharashtra', '400001'],
  ['Bengaluru', 'Karnataka', '560001'],
  ['Delhi', 'Delhi', '110001'],
  ['Chennai', 'Tamil Nadu', '600001'],
  ['Pune', 'Maharashtra', '411001'],
  ['Hyderabad', 'Telangana', '500001'],
] as const;
const NAMES = [
  'Aarav Shah',
  'Priya Iyer',
  'Rohan Mehta',
  'Ananya Rao',
  'Vikram Singh',
  'Meera Nair',
  'Kabir Das',
];

/** An own-shop customer in India, as the order's JSON text. */
export function shopCustomer(random: Random): string {
  const [city, state, postcode] = random.pick(CITIES);
  const name = random.pick(NAMES);
  return JSON.stringify({
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}${random.digits(3)}@example.in`,
    phone: `+91 9${random.digits(9)}`,
    address: `${random.int(1, 300)} ${random.pick(['MG Road', 'Park Street', 'Hill Road', 'Link Road'])}`,
    city,
    state,
    country: 'India',
    postcode,
  });
}

/**
 * One line's quantity and money in the platform's minor units, priced from the product's cost
 * as the shop prices: whole yen, or whole rupees; a discount now and then; Amazon's fees; GST on
 * Indian sales.
 */
export function lineMoney(random: Random, purchasePrice: number | null, platform: Platform) {
  const currency = PLATFORM_CURRENCY[platform];
  const quantity = random.weighted([
    [1, 80],
    [2, 14],
    [3, 4],
    [5, 2],
  ]);
  const yen = (purchasePrice ?? random.int(300, 3000)) * (1.5 + random.next() * 0.6);
  const unit = currency === 'JPY' ? Math.round(yen / 10) * 10 : Math.round(yen * INR_PER_JPY) * 100;
  const base = unit * quantity;
  const discount = random.chance(0.12) ? Math.round(base * random.pick([0.05, 0.1, 0.15])) : 0;
  const amazon = platform !== 'SHOPIFY';
  return {
    order_quantity: quantity,
    currency,
    base_order_price: base,
    discount,
    commission: amazon ? Math.round(base * random.pick([0.08, 0.1, 0.12, 0.15])) : 0,
    closing_fee: amazon ? (currency === 'JPY' ? 0 : random.pick([500, 1000, 2600])) : 0,
    gst: currency === 'INR' ? Math.round((base - discount) * 0.18) : 0,
  };
}

/**
 * Adds `count` order lines over the last three years (more in recent months, as the shop
 * grows) and then recomputes every product's sales columns and the kept sales totals from
 * the orders.
 */
export async function seedLargeOrders(
  db: Kysely<Database>,
  count: number,
  options: {
    batchSize: number;
    now: Date;
    timeZone: string;
    /** From this many new lines on, indexes are built after the load instead of during it. */
    deferIndexesAt: number;
    log: (line: string) => void;
  },
  random: Random,
): Promise<LargeOrdersSummary> {
  const products = await loadSellableProducts(db);
  if (products.length === 0) throw new Error('seeding orders needs products first (--products)');
  const byPlatform = new Map<Platform, SellableProduct[]>();
  for (const product of products) {
    for (const platform of product.platforms) {
      const list = byPlatform.get(platform) ?? [];
      list.push(product);
      byPlatform.set(platform, list);
    }
  }
  const existing = await db
    .selectFrom('orders')
    .select(db.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  let shopNumber = 1001 + Number(existing.n);
  const admin = await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst();
  const today = DateTime.fromJSDate(options.now, { zone: options.timeZone }).startOf('day');
  let written = 0;
  const restore = sqliteBulkLoad(db);
  // A load as large as what the table holds goes faster without its indexes, built again after.
  const bulk = count >= options.deferIndexesAt && count >= Number(existing.n);
  const load = async () => {
    while (written < count) {
      const rows: InsertObject<Database, 'orders'>[] = [];
      while (rows.length < options.batchSize && written + rows.length < count) {
        // Growth: the square root skews dates toward the present. The first order is dated three
        // years back, so the set spans them however few lines it has: a date in the oldest five
        // weeks is drawn about once in 900 lines, and 4,000 lines missed them one time in 50.
        const age = written + rows.length === 0 ? DAYS : Math.floor(DAYS * (1 - Math.sqrt(random.next())));
        const day = today.minus({ days: age });
        const first = random.pick(products);
        const platform = random.pick(first.platforms);
        const orderId = platform === 'SHOPIFY' ? `#${shopNumber++}` : amazonOrderIdFor(random, platform);
        const lines = random.chance(0.14) ? random.int(2, 3) : 1;
        const picked = new Set<string>();
        const status = statusFor(random, platform, age);
        const createdAt = day.plus({ minutes: random.int(0, 1439) });
        const customer = platform === 'SHOPIFY' ? shopCustomer(random) : null;
        const advance = age < 20 && random.chance(0.004);
        for (let line = 0; line < lines && written + rows.length < count; line++) {
          const product = line === 0 ? first : random.pick(byPlatform.get(platform) ?? [first]);
          if (picked.has(product.id)) continue;
          picked.add(product.id);
          const money = lineMoney(random, product.purchasePrice, platform);
          const lineStatus: OrderStatus = advance ? random.pick(['AWAITING', 'BOOKED'] as const) : status;
          const shipped = lineStatus === 'SHIPPED' || (lineStatus === 'COMPLETED' && platform !== 'AMAZONJP');
          const updatedAt =
            lineStatus === 'RECEIVED' ? createdAt : createdAt.plus({ hours: random.int(1, 24 * 20) });
          rows.push({
            id: random.uuid(),
            order_id: orderId,
            platform_code: platform,
            product_id: product.id,
            order_date: day.toISODate() as string,
            ...money,
            handling_fee: 0,
            shipping_fee: shipped ? random.int(4, 30) * 100 : 0,
            custom_fee: shipped && lineStatus === 'COMPLETED' ? Math.round(money.base_order_price * 0.1) : 0,
            exchange_rate: null,
            expected_shipping_date:
              lineStatus === 'ACCEPTED' || lineStatus === 'PACKED'
                ? (day.plus({ days: random.int(2, 10) }).toISODate() as string)
                : null,
            delivery_date: advance ? (today.plus({ days: random.int(5, 60) }).toISODate() as string) : null,
            is_advance: advance ? 1 : 0,
            is_booked_advance: 0,
            shipment_status: lineStatus,
            shipment_id: shipped
              ? `SHP-${day.toFormat('yyyyLL')}-${String(random.int(1, 12)).padStart(2, '0')}`
              : null,
            customer,
            stock_taken: 0,
            created_by: admin?.id ?? null,
            created_at: createdAt.toUTC().toISO() as string,
            updated_at: updatedAt.toUTC().toISO() as string,
          });
        }
      }
      await db.transaction().execute((trx) => insertBatches(trx, 'orders', rows));
      written += rows.length;
      options.log(`orders: ${written} of ${count}`);
    }
  };
  try {
    if (bulk) {
      await withIndexesDeferred(db, 'orders', load);
      options.log('orders: indexes built');
    } else await load();
  } finally {
    restore();
  }
  options.log('orders: recomputing the products’ sales columns');
  await refreshAllProductSales(db, monthlyWindowStart(options.timeZone, options.now));
  // The load went around the services: the kept sales totals are recomputed from every order.
  options.log('orders: recomputing the kept sales totals');
  await rebuildSalesDaily(db);
  return { orders: written };
}

async function loadSellableProducts(db: Kysely<Database>): Promise<SellableProduct[]> {
  const rows = await db
    .selectFrom('products')
    .innerJoin('product_platforms', 'product_platforms.product_id', 'products.id')
    .select(['products.id', 'products.purchase_price', 'product_platforms.code'])
    .where('products.active_status', '=', 1)
    .execute();
  const byId = new Map<string, SellableProduct>();
  for (const row of rows) {
    const product = byId.get(row.id) ?? { id: row.id, purchasePrice: row.purchase_price, platforms: [] };
    product.platforms.push(row.code);
    byId.set(row.id, product);
  }
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}
