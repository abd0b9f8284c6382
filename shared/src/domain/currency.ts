import { PLATFORM_CURRENCY, type Currency, type Platform } from '../constants';

/** SPEC §9: AMAZONJP gives JPY; AMAZONIND and SHOPIFY give INR. */
export const currencyOf = (platform: Platform): Currency => PLATFORM_CURRENCY[platform];

/**
 * Converts an amount in `currency` to yen at an INR→JPY rate. Returns null where a rupee
 * amount has no rate: a report must show a dash rather than a wrong figure.
 */
export function toYen(amount: number, currency: Currency, inrToJpy: number | null): number | null {
  if (currency === 'JPY') return amount;
  return inrToJpy === null ? null : amount * inrToJpy;
}
