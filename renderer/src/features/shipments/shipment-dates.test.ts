import { describe, expect, it } from 'vitest';
import { ALL_DATES, quarterOf, shipmentDates, shipmentDatesText } from './shipment-dates';

const at = (iso: string) => new Date(iso);

describe('the default shipping-date range: the current calendar quarter in the business time zone', () => {
  it.each([
    ['2026-02-15T03:00:00Z', '2026-01-01', '2026-03-31'],
    ['2026-05-20T12:00:00Z', '2026-04-01', '2026-06-30'],
    ['2026-08-01T00:00:00Z', '2026-07-01', '2026-09-30'],
    ['2026-11-30T10:00:00Z', '2026-10-01', '2026-12-31'],
    // A leap year's first quarter ends on 31 March whatever February holds.
    ['2028-02-29T10:00:00Z', '2028-01-01', '2028-03-31'],
  ])('%s in Tokyo is %s to %s', (now, from, to) => {
    expect(quarterOf(at(now), 'Asia/Tokyo')).toEqual({ from, to });
  });

  it('turns over at midnight of the business zone, not of UTC or the computer', () => {
    // 31 March 15:30 UTC is already 1 April 00:30 in Tokyo …
    expect(quarterOf(at('2026-03-31T15:30:00Z'), 'Asia/Tokyo')).toEqual({
      from: '2026-04-01',
      to: '2026-06-30',
    });
    // … still 31 March in London and in New York.
    expect(quarterOf(at('2026-03-31T15:30:00Z'), 'Europe/London')).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(quarterOf(at('2026-04-01T03:59:00Z'), 'America/New_York')).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    // One minute before midnight in Tokyo on the year's last day, and one minute after.
    expect(quarterOf(at('2026-12-31T14:59:00Z'), 'Asia/Tokyo')).toEqual({
      from: '2026-10-01',
      to: '2026-12-31',
    });
    expect(quarterOf(at('2026-12-31T15:01:00Z'), 'Asia/Tokyo')).toEqual({
      from: '2027-01-01',
      to: '2027-03-31',
    });
    // India's half-hour offset: 30 June 18:29 UTC is 23:59 in Kolkata, 18:31 is 1 July.
    expect(quarterOf(at('2026-06-30T18:29:00Z'), 'Asia/Kolkata').from).toBe('2026-04-01');
    expect(quarterOf(at('2026-06-30T18:31:00Z'), 'Asia/Kolkata').from).toBe('2026-07-01');
  });

  it('falls back to Tokyo for a zone it does not know, and before the config has answered', () => {
    const now = at('2026-03-31T15:30:00Z');
    expect(quarterOf(now, 'Not/AZone')).toEqual(quarterOf(now, 'Asia/Tokyo'));
    expect(quarterOf(now, undefined)).toEqual(quarterOf(now, 'Asia/Tokyo'));
  });

  it('reads the URL value: empty is the quarter, ".." every date, otherwise the dates given', () => {
    const now = at('2026-05-20T12:00:00Z');
    expect(shipmentDates('', now, 'Asia/Tokyo')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(shipmentDates(ALL_DATES, now, 'Asia/Tokyo')).toEqual({});
    expect(shipmentDates('2025-01-01..2025-03-31', now, 'Asia/Tokyo')).toEqual({
      from: '2025-01-01',
      to: '2025-03-31',
    });
    expect(shipmentDates('2025-01-01..', now, 'Asia/Tokyo')).toEqual({ from: '2025-01-01' });
  });

  it('writes both ends cleared as every date, not as the default quarter', () => {
    expect(shipmentDatesText(null, null)).toBe(ALL_DATES);
    expect(shipmentDatesText('', undefined)).toBe(ALL_DATES);
    expect(shipmentDatesText('2025-01-01', null)).toBe('2025-01-01..');
    expect(shipmentDatesText(null, '2025-03-31')).toBe('..2025-03-31');
  });
});
