import type { Currency } from '../constants';
import { toYen } from './currency';

export interface ProfitInput {
  currency: Currency;
  baseOrderPrice: number;
  discount: number;
  commission: number;
  closingFee: number;
  gst: number;
  /** Yen. */
  shippingFee: number;
  /** Rupees. */
  customFee: number;
  orderQuantity: number;
  /** Yen per unit; null when unknown. */
  purchasePrice: number | null;
  /** INR→JPY of the order date. */
  exchangeRate: number | null;
}

/**
 * Profit of one order line in yen (SPEC §9, DESIGN §3):
 * jpy(base − discount − commission − closingFee − gst) − shippingFee − jpy(customFee)
 * − purchasePrice × quantity. Null (shown as a dash) when the purchase price or a needed
 * rate is missing.
 */
export function orderProfitYen(o: ProfitInput): number | null {
  if (o.purchasePrice === null) return null;
  const net = toYen(
    o.baseOrderPrice - o.discount - o.commission - o.closingFee - o.gst,
    o.currency,
    o.exchangeRate,
  );
  const custom = o.customFee === 0 ? 0 : toYen(o.customFee, 'INR', o.exchangeRate);
  if (net === null || custom === null) return null;
  return net - o.shippingFee - custom - o.purchasePrice * o.orderQuantity;
}
