import type { Currency } from '../constants';
import { toYenMinor, type Minor, type RateMicro } from './money';

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
 * − purchasePrice × quantity, computed exactly and rounded up to a whole yen once, at the end —
 * never per term, so the table's rows and the cards' sums agree. The rupee terms are converted
 * together by the money module's one conversion ({@link toYenMinor}, rounding up); the yen terms
 * are whole yen, and ceil(x + n) = ceil(x) + n for a whole n, so adding them after that rounding
 * is the whole profit rounded once. Null (shown as a dash) when the purchase price or a needed
 * rate is missing.
 */
export function orderProfitYen(o: ProfitInput): number | null {
  if (o.purchasePrice === null) return null;
  const net = o.baseOrderPrice - o.discount - o.commission - o.closingFee - o.gst;
  const needsRate = o.currency === 'INR' || o.customFee !== 0;
  if (needsRate && o.exchangeRate === null) return null;
  const rupees = (o.currency === 'INR' ? net : 0) - o.customFee;
  // No rupees needs no rate (a yen order without a custom fee): toYenMinor(0, …) is 0 at any.
  const fromRupees = toYenMinor(rupees, 'INR', o.exchangeRate ?? 0);
  const yen =
    BigInt(o.currency === 'JPY' ? net : 0) -
    BigInt(o.shippingFee) -
    BigInt(o.purchasePrice) * BigInt(o.orderQuantity);
  return Number(BigInt(fromRupees) + yen);
}

/** One sale's figures in whole yen (docs/architecture.md, "Sales"); null where unknown. */
export interface SaleYenValues {
  /** ceil(jpy(baseOrderPrice − discount)). */
  salesValue: number | null;
  /** ceil(jpy(commission + closingFee)). */
  commission: number | null;
  /** Already yen. */
  shippingFee: number;
  /** ceil(jpy(customFee)); 0 when there is none, whatever the rate. */
  customFee: number | null;
  /** purchasePrice × orderQuantity; null without a purchase price. */
  costOfGoods: number | null;
  /** {@link orderProfitYen}. */
  profit: number | null;
}

/** Whether a sale has yen values: every JPY order, and INR orders with a rate. */
export const hasYenValue = (o: Pick<ProfitInput, 'currency' | 'exchangeRate'>) =>
  o.currency === 'JPY' || o.exchangeRate !== null;

/**
 * The yen figures a sale shows in the sales table and adds to the cards, each rounded up once
 * (toward +∞) to a whole yen. A sale without a yen value (an INR order without a rate) has
 * only its shipping fee and goods cost, which need no rate. The kept daily totals
 * (server/src/sales) compute the same figures in SQL, and a test holds the two equal.
 */
export function saleYenValues(o: ProfitInput): SaleYenValues {
  const rate = o.exchangeRate;
  const yen = (minor: number) =>
    rate === null ? (o.currency === 'JPY' ? minor : null) : toYenMinor(minor, o.currency, rate);
  const known = hasYenValue(o);
  return {
    salesValue: known ? yen(o.baseOrderPrice - o.discount) : null,
    commission: known ? yen(o.commission + o.closingFee) : null,
    shippingFee: o.shippingFee,
    customFee: !known
      ? null
      : o.customFee === 0
        ? 0
        : rate === null
          ? null
          : toYenMinor(o.customFee, 'INR', rate),
    costOfGoods: o.purchasePrice === null ? null : Number(BigInt(o.purchasePrice) * BigInt(o.orderQuantity)),
    profit: orderProfitYen(o),
  };
}

/** What an OTZ sale's figures are made of (minor units of `currency`; the rate of its date). */
export interface OtzSaleInput {
  currency: Currency;
  amount: Minor;
  exchangeRate: RateMicro | null;
  /** Σ purchasePrice × quantity over its lines; null when one has no purchase price. */
  costOfGoods: number | null;
}

/**
 * An OTZ sale's yen figures: salesValue = ceil(jpy(amount)); profit = ceil(jpy(amount) −
 * costOfGoods), one rounding; commission, shipping and custom fee 0 (PayPal's fees are not
 * recorded). Without a rate an INR sale has no sales value and no profit.
 */
export function otzSaleYenValues(o: OtzSaleInput): SaleYenValues {
  const known = hasYenValue(o);
  const salesValue = !known
    ? null
    : o.exchangeRate === null
      ? o.amount
      : toYenMinor(o.amount, o.currency, o.exchangeRate);
  return {
    salesValue,
    commission: known ? 0 : null,
    shippingFee: 0,
    customFee: known ? 0 : null,
    costOfGoods: o.costOfGoods,
    // costOfGoods is whole yen, so ceil(x − c) = ceil(x) − c.
    profit: salesValue === null || o.costOfGoods === null ? null : salesValue - o.costOfGoods,
  };
}
