import { describe, expect, it } from 'vitest';
import { dateFieldValue, dateOfValue } from './date-text';

describe('date field text', () => {
  it('is null when empty', () => {
    expect(dateFieldValue('')).toBeNull();
    expect(dateFieldValue('   ')).toBeNull();
  });

  it('emits YYYY-MM-DD for a real date, however it was typed', () => {
    expect(dateFieldValue('2026-11-01')).toBe('2026-11-01');
    expect(dateFieldValue(' 2026/11/1 ')).toBe('2026-11-01');
    expect(dateFieldValue('20261101')).toBe('2026-11-01');
    expect(dateFieldValue('2024-02-29')).toBe('2024-02-29');
  });

  it('keeps impossible or partial dates exactly as typed', () => {
    for (const typed of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-1', 'tomorrow', '2026-11-01x']) {
      expect(dateFieldValue(typed)).toBe(typed);
    }
  });

  it('gives the calendar a date only for a real YYYY-MM-DD value', () => {
    expect(dateOfValue('2026-11-01')?.getDate()).toBe(1);
    expect(dateOfValue('2026-02-30')).toBeNull();
    expect(dateOfValue(null)).toBeNull();
  });

  it("reads a date typed in the user's own format first", () => {
    expect(dateFieldValue('07/03/2026', 'dd/MM/yyyy')).toBe('2026-03-07');
    expect(dateFieldValue('2026年3月7日', "yyyy'年'M'月'd'日'")).toBe('2026-03-07');
    // The exchange format is still understood whatever the preference.
    expect(dateFieldValue('2026-03-07', 'dd/MM/yyyy')).toBe('2026-03-07');
    expect(dateFieldValue('31/02/2026', 'dd/MM/yyyy')).toBe('31/02/2026');
  });
});
