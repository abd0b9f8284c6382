/**
 * Products' monthly quantity counts the units of the last 30 days, so it changes as days pass
 * with no order written. Each order write keeps its products current; this recomputes every
 * product once when the server starts and again just after each midnight in the business's
 * time zone. Several team-server instances may each run it: the result is the same.
 */
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { InFlight } from '../http/in-flight';
import { refreshAllProductSales } from './orders.repository';
import { monthlyWindowStart } from './orders.service';

/** Milliseconds from `now` to the next 00:01 in `timeZone` (a minute past midnight). */
export function msUntilNextDay(timeZone: string, now: Date = new Date()): number {
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  let next = local.startOf('day').plus({ minutes: 1 });
  if (next <= local) next = local.startOf('day').plus({ days: 1, minutes: 1 });
  return Math.max(1000, next.toMillis() - now.getTime());
}

export function scheduleDailySalesRefresh(app: FastifyInstance, timeZone: string, inFlight: InFlight): void {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const run = async () => {
    try {
      const changed = await inFlight.run(() => refreshAllProductSales(app.db, monthlyWindowStart(timeZone)));
      if (changed > 0) app.log.info({ changed }, 'products: monthly quantities refreshed');
    } catch (err) {
      app.log.error({ err }, 'products: monthly quantity refresh failed');
    }
    if (!closed) {
      // The process may stop between runs; the timer must not keep it alive.
      timer = setTimeout(() => void run(), msUntilNextDay(timeZone)).unref();
    }
  };
  // After the server is listening: the first screen must not wait for it.
  app.addHook('onReady', async () => {
    timer = setTimeout(() => void run(), 0).unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}
