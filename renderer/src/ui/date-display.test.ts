import { describe, expect, it } from 'vitest';
import { dayEndUtc, dayStartUtc, formatDateOnly, formatDateTime, isDateFormatName } from './date-display';

describe('date display', () => {
  it("shows a calendar date in the user's chosen format", () => {
    expect(formatDateOnly('2026-03-07', { dateFormat: 'YYYY-MM-DD' })).toBe('2026-03-07');
    expect(formatDateOnly('2026-03-07', { dateFormat: 'DD/MM/YYYY' })).toBe('07/03/2026');
    expect(formatDateOnly('2026-03-07', { dateFormat: 'YYYY年M月D日' })).toBe('2026年3月7日');
    expect(formatDateOnly('not a date', { dateFormat: 'DD/MM/YYYY' })).toBe('not a date');
  });

  it("shows a moment in the business's zone, not the computer's", () => {
    const at = '2026-12-31T16:00:00.000Z';
    expect(formatDateTime(at, { dateFormat: 'YYYY-MM-DD', timeZone: 'Asia/Tokyo' })).toBe('2027-01-01 01:00');
    expect(formatDateTime(at, { dateFormat: 'DD/MM/YYYY', timeZone: 'Asia/Kolkata' })).toBe(
      '31/12/2026 21:30',
    );
  });

  it("bounds a day of the business's calendar in UTC", () => {
    expect(dayStartUtc('2026-11-24', 'Asia/Tokyo')).toBe('2026-11-23T15:00:00.000Z');
    expect(dayEndUtc('2026-11-24', 'Asia/Tokyo')).toBe('2026-11-24T15:00:00.000Z');
    expect(dayStartUtc('nonsense', 'Asia/Tokyo')).toBeNull();
  });

  it('knows only its own format names', () => {
    expect(isDateFormatName('DD/MM/YYYY')).toBe(true);
    expect(isDateFormatName('toString')).toBe(false);
    expect(isDateFormatName(undefined)).toBe(false);
  });
});
