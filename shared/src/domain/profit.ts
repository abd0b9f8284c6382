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

/** ceil(minor × rate / scale): an amount in `currency` as whole yen, rounded up once. */
function ceilYen(minor: number, currency: Currency, rate: RateMicro): number {
  if (currency === 'JPY') return minor;
  const scale = 10n ** BigInt(CURRENCY_DECIMALS[currency] + RATE_DECIMALS);
  const numerator = BigInt(minor) * BigInt(rate);
  const quotient = numerator / scale;
  return Number(numerator % scale > 0n ? quotient + 1n : quotient);
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
    rate === null ? (o.currency === 'JPY' ? minor : null) : ceilYen(minor, o.currency, rate);
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
          : ceilYen(o.customFee, 'INR', rate),
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
      : ceilYen(o.amount, o.currency, o.exchangeRate);
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
