import type { Currency } from '#shared/constants';
import { toMinor, toRateMicro, toYenMinor } from '#shared/domain/money';

/**
 * Report figures: whole yen (the server rounds each row up), with the yen sign and thousands
 * separators in the reader's language; a missing figure (no purchase price, no rate) is a dash.
 * Plain thousands here, not the Indian grouping the rupee screens use: these are yen.
 */
export const MISSING = '—';

const formatters = new Map<string, Intl.NumberFormat>();

export function formatYen(amount: number | null | undefined, language: string): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return MISSING;
  const locale = language === 'ja' ? 'ja-JP' : 'en-US';
  let format = formatters.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'JPY',
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
    });
    formatters.set(locale, format);
  }
  // -0 would show as "-¥0".
  return format.format(amount === 0 ? 0 : amount);
}

/** A count in the reader's language (orders). */
export const formatCount = (count: number, language: string) =>
  new Intl.NumberFormat(language === 'ja' ? 'ja-JP' : 'en-US').format(count);

/**
 * A sale's discount in whole yen, as the list's other money columns show theirs: a rupee
 * discount at the order's rate, rounded up once, exactly; null (a dash) without a rate.
 */
export function saleDiscountYen(sale: {
  discount: number;
  currency: Currency;
  exchangeRate: number | null;
}): number | null {
  const minor = toMinor(sale.discount, sale.currency);
  if (sale.currency === 'JPY') return minor;
  return sale.exchangeRate === null ? null : toYenMinor(minor, sale.currency, toRateMicro(sale.exchangeRate));
}
