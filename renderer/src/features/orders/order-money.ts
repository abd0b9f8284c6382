/**
 * Sums of an order's amounts, added as integer minor units so that 0.1 + 0.2 is 0.3 and a
 * figure on screen is the figure the server holds.
 */
import type { Currency } from '#shared/constants';
import { fromMinor, sumMinor, toMinor } from '#shared/domain/money';

interface Fees {
  currency: Currency;
  closingFee: number;
  commission: number;
  gst: number;
}

/** The platform's fee on a line: closing fee, commission and the tax it collected. */
export function lineFees(order: Fees): { platformFee: number } {
  const { currency } = order;
  return {
    platformFee: fromMinor(
      sumMinor([order.closingFee, order.commission, order.gst].map((a) => toMinor(a, currency))),
      currency,
    ),
  };
}

/**
 * A line's total (unit price × quantity) in major units, or null when the price is not an
 * amount of the currency (too many decimals, not a number) or the quantity is not a whole number.
 */
export function lineTotal(unitPrice: string, quantity: string, currency: Currency): number | null {
  const price = unitPrice.trim();
  const qty = quantity.trim();
  if (!/^\d+(\.\d+)?$/.test(price) || !/^\d+$/.test(qty)) return null;
  try {
    const minor = toMinor(price, currency) * Number(qty);
    return Number.isSafeInteger(minor) ? fromMinor(minor, currency) : null;
  } catch {
    return null;
  }
}
