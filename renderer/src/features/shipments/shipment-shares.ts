/**
 * Each order's share of a shipment's fees, as the server splits them (shared/src/domain/allocate.ts):
 * the yen shipping fee by quantity, the rupee custom fee by declared value (baseOrderPrice −
 * discount), in whole units by largest remainder, ties to the earlier order. The screens show
 * the shares before saving; both sides run the same function, so what is shown is what is saved.
 */
import type { Currency } from '#shared/constants';
import { allocateMinor, allocateWholeUnits } from '#shared/domain/allocate';
import { fromMinor, parseMoney, toMinor } from '#shared/domain/money';

const PAISE_PER_RUPEE = 100;

export interface QuantityLine {
  orderQuantity: number;
}
export interface DeclaredLine {
  baseOrderPrice: number;
  discount: number;
  currency: Currency;
}

/** Whole yen per order, in the order given (the selection's order). */
export function shippingShares(totalYen: number, lines: readonly QuantityLine[]): number[] {
  return allocateMinor(
    toMinor(totalYen, 'JPY'),
    lines.map((l) => Math.max(0, l.orderQuantity)),
  );
}

/** What an order declares at customs, in its minor units: its price less its discount, never below 0. */
export const declaredMinor = (line: DeclaredLine) =>
  Math.max(0, toMinor(line.baseOrderPrice, line.currency) - toMinor(line.discount, line.currency));

/** The declared value in major units (rupees), for the screen. */
export const declaredValue = (line: DeclaredLine) => fromMinor(declaredMinor(line), line.currency);

/**
 * Rupees per order, by declared value: whole rupees by largest remainder; the paise of a total
 * that has them (100.50) go to the order that took the first leftover rupee, or to the largest
 * share when the rupees split exactly, so the shares still add up to the total.
 */
export function customShares(totalRupees: number, lines: readonly DeclaredLine[]): number[] {
  const paise = toMinor(totalRupees, 'INR');
  return allocateWholeUnits(paise, lines.map(declaredMinor), PAISE_PER_RUPEE).map((p) => fromMinor(p, 'INR'));
}

/** A fee as typed ("1,200"), or null while it is not an amount of its currency. */
export function typedFee(text: string, currency: Currency): number | null {
  const plain = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(plain)) return null;
  const parsed = parseMoney(plain, currency);
  return parsed.ok ? parsed.major : null;
}
