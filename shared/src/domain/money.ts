/**
 * Money is kept as integer minor units (yen; paise) so sums shown to the seller are exact.
 * Major-unit numbers appear only at the edges (API JSON, form fields).
 */
import { CURRENCY_DECIMALS, type Currency } from '../constants';

export function toMinor(amount: number, currency: Currency): number {
  return Math.round(amount * 10 ** CURRENCY_DECIMALS[currency]);
}

export function fromMinor(minor: number, currency: Currency): number {
  return minor / 10 ** CURRENCY_DECIMALS[currency];
}

/** Yen shown in reports: rounded up to whole yen (SPEC §9). */
export const ceilYen = (yen: number) => Math.ceil(yen - 1e-9);

const formatters = new Map<string, Intl.NumberFormat>();
export function formatMoney(amount: number, currency: Currency, locale = 'en'): string {
  const key = `${locale}:${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale === 'ja' ? 'ja-JP' : 'en-IN', {
      style: 'currency',
      currency,
      maximumFractionDigits: CURRENCY_DECIMALS[currency],
    });
    formatters.set(key, f);
  }
  return f.format(amount);
}
