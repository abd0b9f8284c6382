/**
 * What a platform report's rows become before they touch the database: one order line each, in
 * minor units of the platform's currency, dated in the business's time zone. The readers of each
 * platform's report (amazon-report.ts, shopify-report.ts) produce these; the import service
 * matches their products and writes them.
 */
import { DateTime } from 'luxon';
import { MAX_AMOUNT, MAX_QUANTITY, type Currency, type Platform } from '#shared/constants';
import { formatMinor, parseDecimal, toMinor, type Minor } from '#shared/domain/money';
import { formatMessage, type MessageKey, type MessageParams } from '#shared/messages';
import type { Customer } from '#shared/schemas/order';

export interface ImportLine {
  /** The report row it came from (header = row 1). */
  row: number;
  platformCode: Platform;
  orderId: string;
  /** YYYY-MM-DD in the business's time zone. */
  orderDate: string;
  sku: string;
  asin: string;
  /** 0 only on a cancelled line (Amazon zeroes the quantity of a cancelled item). */
  orderQuantity: number;
  currency: Currency;
  /** The line total before discount. */
  baseOrderPrice: Minor;
  discount: Minor;
  gst: Minor;
  cancelled: boolean;
  customer: Customer | null;
}

export interface RowError {
  row: number;
  code: MessageKey;
  params?: MessageParams;
  message: string;
}

export interface ParsedReport {
  lines: ImportLine[];
  errors: RowError[];
}

export const rowError = (row: number, code: MessageKey, params?: MessageParams): RowError => ({
  row,
  code,
  ...(params ? { params } : {}),
  message: formatMessage(code, params),
});

/** A row's problem, thrown while reading it and collected as a {@link RowError}. */
export class RowProblem extends Error {
  constructor(
    readonly code: MessageKey,
    readonly params?: MessageParams,
  ) {
    super(code);
  }
}

/** A row's amount past its bound (`max` major units of `currency`). */
export const amountTooLarge = (column: string, value: string, max: number, currency: Currency) =>
  new RowProblem('importTooLarge', { column, value, max: formatMinor(toMinor(max, currency), currency) });

/**
 * An amount cell as minor units, at most `max` major units (a line total's bound unless told).
 * Empty is `fallback` (or a problem when there is none). The sign is dropped: Amazon writes
 * promotion discounts as negative amounts, and every amount we keep is a non-negative line total.
 */
export function amountCell(
  value: string,
  column: string,
  currency: Currency,
  fallback?: Minor,
  max: number = MAX_AMOUNT[currency],
): Minor {
  const text = value.replace(/,/g, '');
  if (text === '') {
    if (fallback === undefined) throw new RowProblem('importEmptyValue', { column });
    return fallback;
  }
  const parsed = parseDecimal(text, currency === 'JPY' ? 0 : 2);
  if (!parsed.ok) throw new RowProblem('importBadAmount', { column, value, currency });
  const units = parsed.units < 0n ? -parsed.units : parsed.units;
  if (units > BigInt(toMinor(max, currency))) throw amountTooLarge(column, value, max, currency);
  return Number(units);
}

export function quantityCell(value: string, allowZero: boolean): number {
  if (!/^\d{1,9}$/.test(value)) throw new RowProblem('importBadQuantity', { value });
  const quantity = Number(value);
  if (quantity === 0 && !allowZero) throw new RowProblem('importBadQuantity', { value });
  if (quantity > MAX_QUANTITY) {
    throw new RowProblem('importTooLarge', { column: 'quantity', value, max: MAX_QUANTITY });
  }
  return quantity;
}

/**
 * A report timestamp as the calendar date in `timeZone`. Amazon writes ISO 8601 with an offset
 * (`2026-11-20T14:23:05+00:00`); Shopify writes `2026-11-20 19:53:05 +0530`. A timestamp without
 * an offset is read in `assumeZone`; a bare date is taken as it is.
 */
export function dateCell(value: string, column: string, timeZone: string, assumeZone: string): string {
  if (value === '') throw new RowProblem('importEmptyValue', { column });
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    if (DateTime.fromISO(value).isValid) return value;
    throw new RowProblem('importBadDate', { column, value });
  }
  let parsed = DateTime.fromISO(value, { zone: assumeZone });
  if (!parsed.isValid) parsed = DateTime.fromFormat(value, 'yyyy-MM-dd HH:mm:ss ZZZ', { zone: assumeZone });
  if (!parsed.isValid) parsed = DateTime.fromFormat(value, 'yyyy-MM-dd HH:mm:ss', { zone: assumeZone });
  if (!parsed.isValid) parsed = DateTime.fromFormat(value, 'yyyy-MM-dd HH:mm ZZZ', { zone: assumeZone });
  const date = parsed.isValid ? parsed.setZone(timeZone).toISODate() : null;
  if (!date) throw new RowProblem('importBadDate', { column, value });
  return date;
}

export function customerOf(fields: Partial<Customer>): Customer | null {
  const customer: Customer = {
    name: fields.name ?? '',
    email: fields.email ?? '',
    phone: fields.phone ?? '',
    address: fields.address ?? '',
    city: fields.city ?? '',
    state: fields.state ?? '',
    country: fields.country ?? '',
    postcode: fields.postcode ?? '',
  };
  return Object.values(customer).some((v) => v !== '') ? customer : null;
}
