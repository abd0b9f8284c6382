import { PLATFORM_CURRENCY, type Currency, type Platform } from '../constants';
import { toYenMinor, type Minor, type RateMicro } from './money';

/** AMAZONJP sells in JPY; AMAZONIND and SHOPIFY in INR. */
export const currencyOf = (platform: Platform): Currency => PLATFORM_CURRENCY[platform];

/**
 * An amount (minor units of `currency`) in whole yen at an INR→JPY rate (micro-units), rounded
 * up once. Null where a rupee amount has no rate: a report shows a dash rather than a wrong
 * figure.
 */
export function toYen(amount: Minor, currency: Currency, inrToJpy: RateMicro | null): number | null {
  if (currency === 'JPY') return amount;
  return inrToJpy === null ? null : toYenMinor(amount, currency, inrToJpy);
}
