import type { Currency } from '../constants';
import { CURRENCY_DECIMALS } from '../constants';
import { RATE_DECIMALS, type Minor, type RateMicro } from './money';

/** One order line's amounts, each in integer minor units of the currency named beside it. */
export interface ProfitInput {
  /** The order's currency: baseOrderPrice, discount, commission, closingFee and gst are in it. */
  currency: Currency;
  baseOrderPrice: Minor;
  discount: Minor;
  commission: Minor;
  closingFee: Minor;
  gst: Minor;
  /** Whole yen. */
  shippingFee: Minor;
  /** Paise. */
  customFee: Minor;
  orderQuantity: number;
  /** Whole yen per unit; null when unknown. */
  purchasePrice: Minor | null;
  /** INR→JPY of the order date in micro-units (see money.ts); null when no rate is known. */
  exchangeRate: RateMicro | null;
}

/**
 * Profit of one order line in whole yen (docs/architecture.md, "What each amount means"):
 * jpy(base − discount − commission − closingFee − gst) − shippingFee − jpy(customFee)
 * − purchasePrice × quantity, computed exactly as one fraction and rounded up to a whole yen
 * once, at the end — never per term, so the table's rows and the cards' sums agree. Null
 * (shown as a dash) when the purchase price or a needed rate is missing.
 */
export function orderProfitYen(o: ProfitInput): number | null {
  if (o.purchasePrice === null) return null;
  const net = BigInt(o.baseOrderPrice - o.discount - o.commission - o.closingFee - o.gst);
  const needsRate = o.currency === 'INR' || o.customFee !== 0;
  if (needsRate && o.exchangeRate === null) return null;
  const rate = BigInt(o.exchangeRate ?? 0);
  // Everything over one denominator: paise × micro-rate has 2 + 6 decimals of a yen.
  const scale = 10n ** BigInt(CURRENCY_DECIMALS.INR + RATE_DECIMALS);
  const yen = (amount: bigint, currency: Currency) => (currency === 'JPY' ? amount * scale : amount * rate);
  const numerator =
    yen(net, o.currency) -
    yen(BigInt(o.shippingFee), 'JPY') -
    yen(BigInt(o.customFee), 'INR') -
    yen(BigInt(o.purchasePrice) * BigInt(o.orderQuantity), 'JPY');
  const quotient = numerator / scale;
  const ceiled = numerator % scale > 0n ? quotient + 1n : quotient;
  return Number(ceiled);
}
