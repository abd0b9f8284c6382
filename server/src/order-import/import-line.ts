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
import { CONTROL_CHARACTERS } from '#shared/schemas/common';
import { IMPORT_LISTED_ROWS } from '#shared/schemas/order-import';
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
  /** The product's name as the report gives it (reported when Kura has no such product). */
  name: string;
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

/** A report being read: its header checked, its rows still to come. */
export interface OpenedReport {
  items: AsyncGenerator<ReportItem>;
  /** Stops reading, also when the items were never asked for. */
  close(): Promise<void>;
}

/** A row not imported because Kura has no product for it (or it names none: no SKU). */
export interface UnmatchedRow {
  row: number;
  sku: string;
  asin: string;
  /** The product's name as the report gives it, when it does. */
  name?: string;
}

/** What a report reader makes of each row, in the order of the rows. */
export type ReportItem =
  | { kind: 'line'; line: ImportLine }
  | { kind: 'error'; error: RowError }
  | { kind: 'unmatched'; unmatched: UnmatchedRow };

/**
 * The first `limit` rows (by row number) of a list that may grow without bound, and how many
 * there were in all. Rows arrive nearly in order, so most are refused by one comparison.
 */
export class FirstRows<T extends { row: number }> {
  readonly #limit: number;
  #rows: T[] = [];
  #count = 0;

  constructor(limit: number = IMPORT_LISTED_ROWS) {
    this.#limit = limit;
  }

  add(item: T): void {
    this.#count += 1;
    const rows = this.#rows;
    const last = rows.at(-1);
    if (rows.length >= this.#limit && last !== undefined && item.row >= last.row) return;
    let at = rows.length;
    while (at > 0 && (rows[at - 1] as T).row > item.row) at -= 1;
    rows.splice(at, 0, item);
    if (rows.length > this.#limit) rows.pop();
  }

  get count(): number {
    return this.#count;
  }

  get rows(): T[] {
    return this.#rows;
  }
}

export const rowError = (row: number, code: MessageKey, params?: MessageParams): RowError => ({
  row,
  code,
  ...(params ? { params } : {}),
  message: formatMessage(code, params),
});

/** A row's problem, thrown while reading it and collected as a {@link RowError}. */
export class RowProblem extends Error {
  readonly code: MessageKey;
  readonly params?: MessageParams;

  constructor(code: MessageKey, params?: MessageParams) {
    // Without a stack: a report of garbage throws one per row, and capturing the stack was most
    // of the time spent reading it.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(code);
    Error.stackTraceLimit = limit;
    this.code = code;
    if (params) this.params = params;
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
  const instant = instantOf(value);
  if (instant !== null) {
    const date = dateIn(instant, timeZone);
    if (date) return date;
  }
  // setZone: a timestamp with an offset stays in it (cheap), rather than being moved to a named
  // zone here and again below.
  const options = { zone: assumeZone, setZone: true };
  let parsed = DateTime.fromISO(value, options);
  if (!parsed.isValid) parsed = DateTime.fromFormat(value, 'yyyy-MM-dd HH:mm:ss ZZZ', options);
  if (!parsed.isValid) parsed = DateTime.fromFormat(value, 'yyyy-MM-dd HH:mm:ss', options);
  if (!parsed.isValid) parsed = DateTime.fromFormat(value, 'yyyy-MM-dd HH:mm ZZZ', options);
  const date = parsed.isValid ? dateIn(parsed.toMillis(), timeZone) : null;
  if (!date) throw new RowProblem('importBadDate', { column, value });
  return date;
}

/** Amazon's `2026-11-20T14:23:05+00:00` (or `…Z`, with or without a fraction). */
const AMAZON_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|([+-])(\d{2}):(\d{2}))$/;
/** Shopify's `2026-11-20 19:53:05 +0530` (or without seconds). */
const SHOPIFY_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))? ([+-])(\d{2})(\d{2})$/;

/**
 * The instant of a timestamp in one of the two forms the platforms write, or null for anything
 * else (Luxon then reads it). Luxon's parsing made most of the garbage a report's rows left behind
 * (about 5 KB a row), and that garbage is what makes V8's heap grow during a long import.
 */
function instantOf(value: string): number | null {
  // Both forms number their parts alike: date, time, seconds (optional in Shopify's), offset
  // sign, hours and minutes (absent in Amazon's Z).
  const match = AMAZON_TIME.exec(value) ?? SHOPIFY_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [1, 2, 3, 4, 5, 6, 8, 9].map(
    (i) => Number(match[i] ?? 0),
  ) as [number, number, number, number, number, number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  if (offsetHours > 23 || offsetMinutes > 59) return null;
  const utc = new Date(0);
  // setUTCFullYear: Date.UTC would read a year below 100 as 19xx.
  utc.setUTCFullYear(year, month - 1, day);
  // A day past its month's end (2026-02-30) rolls over: no such date.
  if (utc.getUTCDate() !== day) return null;
  utc.setUTCHours(hour, minute, second, 0);
  const offset = (match[7] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  return utc.getTime() - offset * 60_000;
}

/** Offsets (minutes) of zones by quarter hour: every zone changes its offset on a quarter hour. */
const offsets = new Map<string, number>();

/**
 * The calendar date of an instant in a zone. Luxon asks Intl for a named zone's offset at every
 * conversion, which was most of the time a report's lines took to read; a year of reports has at
 * most 35,000 quarter hours, so their offsets are kept.
 */
function dateIn(ms: number, timeZone: string): string | null {
  const key = `${timeZone} ${Math.floor(ms / 900_000)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const zoned = DateTime.fromMillis(ms, { zone: timeZone });
    if (!zoned.isValid) return null;
    offset = zoned.offset;
    if (offsets.size >= 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  const shifted = new Date(ms + offset * 60_000);
  const year = shifted.getUTCFullYear();
  if (!Number.isFinite(year) || year < 1 || year > 9999) return null;
  return shifted.toISOString().slice(0, 10);
}

/**
 * Refuses a line whose texts hold a control character, as every text the API takes is refused
 * (PostgreSQL cannot store NUL, and SQLite must not keep what PostgreSQL would refuse). Line breaks
 * and tabs are allowed: a quoted CSV field may hold them.
 */
export function checkText(line: ImportLine): void {
  const texts = [line.orderId, line.sku, line.asin, ...Object.values(line.customer ?? {})];
  if (texts.some((text) => CONTROL_CHARACTERS.test(text))) throw new RowProblem('controlCharacter');
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
