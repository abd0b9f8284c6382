import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, isCountryCode, isHsCode, normaliseHsCode } from './customs';

describe('country codes', () => {
  it('are the 249 assigned ISO 3166-1 alpha-2 codes, each once, each with a name', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (const code of COUNTRY_CODES) expect(names.of(code), code).toBeTruthy();
    expect([...COUNTRY_CODES].sort()).toEqual([...COUNTRY_CODES]);
  });

  it('leave out the codes a browser names that the standard does not assign', () => {
    for (const code of ['EU', 'EZ', 'UN', 'UK', 'XK', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA', 'QO', 'ZZ', 'XX']) {
      expect(isCountryCode(code), code).toBe(false);
    }
    for (const code of ['JP', 'IN', 'US', 'GB', 'CN', 'SS', 'CW', 'BQ'])
      expect(isCountryCode(code), code).toBe(true);
  });
});

describe('HS codes', () => {
  it('drop the dots and spaces that group the digits, then take 6 to 10 digits', () => {
    expect(normaliseHsCode('0902.10')).toBe('090210');
    expect(normaliseHsCode(' 0902 10.90 ')).toBe('09021090');
    expect(['090210', '09021090', '0902109010'].every(isHsCode)).toBe(true);
    expect(['09021', '09021090101', '0902-10', 'ABCDEF', ''].some(isHsCode)).toBe(false);
  });
});
