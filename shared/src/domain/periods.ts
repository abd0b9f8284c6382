/**
 * Date ranges the screens default to, as YYYY-MM-DD in the seller's time zone
 * (Asia/Tokyo unless configured). Weeks start on Monday (ISO).
 */
import { DateTime } from 'luxon';

export const BUSINESS_ZONE = 'Asia/Tokyo';
export type Period = 'month' | 'week' | 'day' | 'quarter';
export interface DateRange {
  from: string;
  to: string;
}

export function periodRange(period: Period, now: Date = new Date(), zone = BUSINESS_ZONE): DateRange {
  const t = DateTime.fromJSDate(now, { zone });
  const unit = period === 'day' ? 'day' : period;
  return {
    from: t.startOf(unit).toISODate() as string,
    to: t.endOf(unit).toISODate() as string,
  };
}

export const todayIso = (now: Date = new Date(), zone = BUSINESS_ZONE) =>
  DateTime.fromJSDate(now, { zone }).toISODate() as string;
