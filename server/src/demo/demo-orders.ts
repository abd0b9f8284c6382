/**
 * The demo's orders, so order management, the sales report and the combine screen open on a
 * living business:
 * - Amazon Japan, half a year of it: fulfilled in Japan, so older orders are completed (a few
 *   cancelled) and are the sales report's sales, in yen; the last days are still open.
 * - Amazon India and the own shop, the last three weeks: open orders (received, accepted,
 *   packed) and a few cancelled. The demo has no shipments: combining the packed ones into the
 *   first shipment to India is the newcomer's to try.
 *
 * Every day with rupee orders has its INR→JPY rate (a rate a day, moving a little), and each
 * rupee order the rate of its day, as an order entered that day takes it: once shipped, India
 * orders are sales with yen figures, never sales the report must leave out for want of a rate.
 *
 * Like the large data set's orders they are history: they hold no stock (`stock_taken` 0, no
 * ledger movement), so the products' quantities stay equal to their ledgers; accepting a
 * received one takes stock as usual. Their 30-day figures and the sales totals are computed in
 * the demo's transaction, as the order services do.
 */
import type { InsertObject } from 'kysely';
import { DateTime } from 'luxon';
import { PLATFORM_CURRENCY, type OrderStatus, type Platform } from '#shared/constants';
import type { Database } from '../db/database';
import { refreshProductSales } from '../orders/orders.repository';
import { monthlyWindowStart } from '../orders/orders.service';
import { amazonOrderIdFor, lineMoney, shopCustomer } from './large-orders';
import type { Random } from './random';
import { insertBatches } from './seed-kit';
import type { DemoContext, DemoData, DemoProduct } from './seed';

/** Orders (not lines) per platform, and the days back they reach. */
const PLAN: Record<Platform, { orders: number; days: number }> = {
  AMAZONJP: { orders: 240, days: 180 },
  AMAZONIND: { orders: 36, days: 21 },
  SHOPIFY: { orders: 24, days: 21 },
};

/** Yen per rupee in micro-units: about 1.75, moving by at most 0.01 a day. */
const RATE_START = 1_750_000;
const RATE_STEP = 10_000;

/**
 * One INR→JPY rate for every day from the oldest rupee order's day to today (micro-units by
 * date), written to the exchange rates.
 */
async function seedDemoRates(ctx: DemoContext, today: DateTime): Promise<Map<string, number>> {
  const random = ctx.random.fork('rates');
  const days = Math.max(
    ...(Object.keys(PLAN) as Platform[])
      .filter((p) => PLATFORM_CURRENCY[p] === 'INR')
      .map((p) => PLAN[p].days),
  );
  const rates = new Map<string, number>();
  let micro = RATE_START;
  for (let age = days; age >= 0; age--) {
    micro += random.int(-RATE_STEP, RATE_STEP);
    rates.set(today.minus({ days: age }).toISODate() as string, micro);
  }
  const at = DateTime.fromJSDate(ctx.now).toUTC().toISO() as string;
  await insertBatches(
    ctx.db,
    'exchange_rates',
    [...rates].map(([date, rate]) => ({
      rate_date: date,
      inr_jpy_micro: rate,
      created_at: at,
      updated_at: at,
    })),
  );
  return rates;
}

/** An order's status by platform and age in days. */
function statusOf(random: Random, platform: Platform, age: number): OrderStatus {
  if (platform === 'AMAZONJP' && age > 6) {
    return random.weighted<OrderStatus>([
      ['COMPLETED', 92],
      ['CANCELLED', 8],
    ]);
  }
  if (platform === 'AMAZONJP') {
    return random.weighted<OrderStatus>([
      ['RECEIVED', 30],
      ['ACCEPTED', 25],
      ['PACKED', 20],
      ['COMPLETED', 20],
      ['CANCELLED', 5],
    ]);
  }
  return random.weighted<OrderStatus>([
    ['RECEIVED', age < 4 ? 60 : 15],
    ['ACCEPTED', 25],
    ['PACKED', age < 4 ? 5 : 50],
    ['CANCELLED', 10],
  ]);
}

/** Adds the demo's orders; answers how many lines. */
export async function seedDemoOrders(ctx: DemoContext, { accounts, products }: DemoData): Promise<number> {
  const random = ctx.random.fork('orders');
  const now = DateTime.fromJSDate(ctx.now, { zone: ctx.timeZone });
  const today = now.startOf('day');
  // Nothing happens after `now`: today's orders came in before it.
  const notAfterNow = (at: DateTime) => (at > now ? now : at);
  const rates = await seedDemoRates(ctx, today);
  const rows: InsertObject<Database, 'orders'>[] = [];
  let shopNumber = 1001;
  for (const platform of Object.keys(PLAN) as Platform[]) {
    const sellable = products.filter((p) => p.active && p.platforms.some((l) => l.code === platform));
    if (sellable.length === 0) continue;
    const { orders, days } = PLAN[platform];
    // Oldest first, so own-shop numbers and creation times grow together.
    const ages = Array.from({ length: orders }, () => Math.floor(days * (1 - Math.sqrt(random.next())))).sort(
      (a, b) => b - a,
    );
    for (const age of ages) {
      const day = today.minus({ days: age });
      const status = statusOf(random, platform, age);
      const orderId = platform === 'SHOPIFY' ? `#${shopNumber++}` : amazonOrderIdFor(random, platform);
      const customer = platform === 'SHOPIFY' ? shopCustomer(random) : null;
      const createdAt = notAfterNow(day.plus({ minutes: random.int(6 * 60, 22 * 60) }));
      const lines: DemoProduct[] = [random.pick(sellable)];
      if (random.chance(0.15)) {
        const second = random.pick(sellable);
        if (second.id !== lines[0]?.id) lines.push(second);
      }
      for (const product of lines) {
        const open = status === 'ACCEPTED' || status === 'PACKED';
        const updatedAt =
          status === 'RECEIVED' ? createdAt : notAfterNow(createdAt.plus({ hours: random.int(2, 72) }));
        rows.push({
          id: random.uuid(),
          order_id: orderId,
          platform_code: platform,
          product_id: product.id,
          order_date: day.toISODate() as string,
          ...lineMoney(random, product.purchasePrice, platform),
          handling_fee: 0,
          shipping_fee: 0,
          custom_fee: 0,
          exchange_rate:
            PLATFORM_CURRENCY[platform] === 'INR' ? (rates.get(day.toISODate() as string) ?? null) : null,
          expected_shipping_date: open ? (day.plus({ days: random.int(2, 7) }).toISODate() as string) : null,
          delivery_date: null,
          is_advance: 0,
          is_booked_advance: 0,
          shipment_status: status,
          shipment_id: null,
          customer,
          stock_taken: 0,
          created_by:
            platform === 'SHOPIFY' && random.chance(0.5) ? accounts.orderCreator.id : accounts.admin.id,
          created_at: createdAt.toUTC().toISO() as string,
          updated_at: updatedAt.toUTC().toISO() as string,
        });
      }
    }
  }
  await insertBatches(ctx.db, 'orders', rows);
  await refreshProductSales(
    ctx.db,
    rows.map((row) => row.product_id as string),
    monthlyWindowStart(ctx.timeZone, ctx.now),
  );
  return rows.length;
}
