/**
 * Money is exact. The convention every runtime follows:
 *
 * - Amounts are held as integer **minor units** (`Minor`): yen (JPY has no decimals) and paise
 *   (INR, 2 decimals). Columns are integers; sums are integer sums.
 * - Major-unit amounts (what the API's JSON and the forms speak: `19.99` rupees) are turned into
 *   minor units by parsing their decimal text, never by `Math.round(x * 100)`. More decimals
 *   than the currency has are refused, not rounded.
 * - Exchange rates are integer **micro-units** (`RateMicro`, 6 decimals: 1.7 → 1_700_000).
 *   A conversion multiplies exactly (BigInt) and rounds once, at the end.
 * - Reports show yen rounded up to whole yen.
 */
import { CURRENCY_DECIMALS, MAX_AMOUNT, type Currency } from '../constants';
import type { MessageKey, MessageParams } from '../messages';

/** An integer number of minor units (yen; paise). */
export type Minor = number;
/** An exchange rate times 1,000,000, as an integer (6 decimals). */
export type RateMicro = number;

export const RATE_DECIMALS = 6;
/** The largest minor-unit amount a column holds (int4 on PostgreSQL; SQLite is held to it too). */
export const MAX_MINOR = 2_147_483_647;

export type MoneyError = { code: MessageKey; params?: MessageParams };
export type DecimalResult = { ok: true; units: bigint } | { ok: false; error: MoneyError };

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Parses a decimal (a JSON number or its text) into an integer of `decimals` places, exactly:
 * `'19.99'` with 2 places is 1999n. A number is read through its shortest exact text
 * (`String(19.99)` is `'19.99'`), so what the sender wrote is what is parsed.
 */
export function parseDecimal(input: number | string, decimals: number): DecimalResult {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, error: { code: 'notANumber' } };
    text = String(input);
    // Exponent notation: 1e21 and above, or below 1e-6. Big ones are refused by the caller's
    // bound; tiny non-zero ones always have more decimals than any currency or rate.
    if (/e/i.test(text)) {
      if (Math.abs(input) >= 1) return { ok: false, error: { code: input > 0 ? 'tooLarge' : 'tooSmall' } };
      return { ok: false, error: { code: 'tooManyDecimals', params: { max: decimals } } };
    }
  } else {
    text = input.trim();
  }
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return { ok: false, error: { code: 'notANumber' } };
  const [, sign, whole = '0', rawFraction = ''] = match;
  const fraction = rawFraction.replace(/0+$/, '');
  if (fraction.length > decimals) {
    return { ok: false, error: { code: 'tooManyDecimals', params: { max: decimals } } };
  }
  // Longer than any bound we check: refuse before building a huge BigInt.
  if (whole.replace(/^0+/, '').length > 30) {
    return { ok: false, error: { code: sign === '-' ? 'tooSmall' : 'tooLarge' } };
  }
  const units = BigInt(whole + fraction.padEnd(decimals, '0'));
  return { ok: true, units: sign === '-' ? -units : units };
}

export type MoneyResult = { ok: true; minor: Minor; major: number } | { ok: false; error: MoneyError };

/**
 * A major-unit amount (number or decimal text) as exact minor units of `currency`, between
 * `min` and `max` major units (by default 0 and {@link MAX_AMOUNT}: any line total or fee).
 */
export function parseMoney(
  input: number | string,
  currency: Currency,
  { min = 0, max = MAX_AMOUNT[currency] }: { min?: number; max?: number } = {},
): MoneyResult {
  const decimals = CURRENCY_DECIMALS[currency];
  const parsed = parseDecimal(input, decimals);
  const maxMinor = BigInt(toMinor(max, currency));
  const minMinor = BigInt(toMinor(min, currency));
  let units: bigint;
  // Out of range by far (1e308) answers the same as out of range by one.
  if (parsed.ok) units = parsed.units;
  else if (parsed.error.code === 'tooLarge') units = maxMinor + 1n;
  else if (parsed.error.code === 'tooSmall') units = minMinor - 1n;
  else return parsed;
  if (units > maxMinor) {
    return {
      ok: false,
      error: { code: 'tooLarge', params: { max: formatMinor(Number(maxMinor), currency) } },
    };
  }
  if (units < minMinor) {
    return {
      ok: false,
      error: { code: 'tooSmall', params: { min: formatMinor(Number(minMinor), currency) } },
    };
  }
  const minor = Number(units);
  return { ok: true, minor, major: fromMinor(minor, currency) };
}

/**
 * Major units to minor units, exactly. Throws a RangeError for more decimals than the
 * currency has (`toMinor(1200.5, 'JPY')`, `toMinor(0.1 + 0.2, 'INR')`) or an unsafe result.
 */
export function toMinor(amount: number | string, currency: Currency): Minor {
  const parsed = parseDecimal(amount, CURRENCY_DECIMALS[currency]);
  if (!parsed.ok) throw new RangeError(`${String(amount)} is not an amount in ${currency}`);
  return safe(parsed.units);
}

/**
 * Minor units as a major-unit number, for JSON: 1999 paise → 19.99 (the nearest double).
 * Dividing two exact integers rounds once, to the double nearest the exact quotient, which is
 * the double the decimal text ('19.99') reads as: the same number without making the text (a
 * page of 50 orders has 400 amounts).
 */
export function fromMinor(minor: Minor, currency: Currency): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${minor} is not an amount in minor units`);
  return minor / 10 ** CURRENCY_DECIMALS[currency] + 0; // + 0: never -0
}

/** Minor units as exact decimal text with the currency's decimals: 1999 paise → '19.99'. */
export function formatMinor(minor: Minor, currency: Currency): string {
  const decimals = CURRENCY_DECIMALS[currency];
  const units = BigInt(minor);
  if (decimals === 0) return units.toString();
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const text = `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative ? `-${text}` : text;
}

/** The exact sum of minor-unit amounts; throws if it leaves the safe integer range. */
export function sumMinor(amounts: readonly Minor[]): Minor {
  let total = 0n;
  for (const amount of amounts) {
    if (!Number.isSafeInteger(amount)) throw new RangeError(`${amount} is not an amount in minor units`);
    total += BigInt(amount);
  }
  return safe(total);
}

/** A rate (number or decimal text, at most 6 decimals, positive) as integer micro-units. */
export function toRateMicro(rate: number | string): RateMicro {
  const parsed = parseDecimal(rate, RATE_DECIMALS);
  if (!parsed.ok || parsed.units <= 0n) throw new RangeError(`${String(rate)} is not an exchange rate`);
  return safe(parsed.units);
}

/** Micro-units as the rate's decimal text: 1_700_000 → '1.7'. */
export function formatRate(rate: RateMicro): string {
  const digits = BigInt(rate)
    .toString()
    .padStart(RATE_DECIMALS + 1, '0');
  const fraction = digits.slice(-RATE_DECIMALS).replace(/0+$/, '');
  return fraction ? `${digits.slice(0, -RATE_DECIMALS)}.${fraction}` : digits.slice(0, -RATE_DECIMALS);
}

export type Rounding = 'ceil' | 'floor' | 'half-up';

/** numerator / denominator (denominator > 0) rounded once, exactly. */
function divide(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const quotient = numerator / denominator; // truncates toward zero
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  switch (rounding) {
    case 'floor':
      return numerator < 0n ? quotient - 1n : quotient;
    case 'ceil':
      return numerator > 0n ? quotient + 1n : quotient;
    case 'half-up': {
      const twice = 2n * (remainder < 0n ? -remainder : remainder);
      if (twice < denominator) return quotient;
      return numerator < 0n ? quotient - 1n : quotient + 1n;
    }
  }
}

/**
 * An amount in `currency` as whole yen at an INR→JPY rate: paise × rate exactly, then one
 * rounding (up by default, as reports show yen). Yen pass through unchanged.
 */
export function toYenMinor(
  minor: Minor,
  currency: Currency,
  inrToJpy: RateMicro,
  rounding: Rounding = 'ceil',
): Minor {
  if (currency === 'JPY') return minor;
  const denominator = 10n ** BigInt(CURRENCY_DECIMALS[currency] + RATE_DECIMALS);
  return safe(divide(BigInt(minor) * BigInt(inrToJpy), denominator, rounding));
}

function safe(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${value} is outside the safe integer range`);
  return n;
}

const formatters = new Map<string, Intl.NumberFormat>();
/**
 * A major-unit amount with its currency's sign, as screens show it: ¥1,200 and ₹12.50 (the
 * narrow sign: "JP¥" would only tell a yen from a yuan, which no screen needs).
 */
export function formatMoney(amount: number, currency: Currency, locale = 'en'): string {
  const key = `${locale}:${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale === 'ja' ? 'ja-JP' : 'en-IN', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: CURRENCY_DECIMALS[currency],
    });
    formatters.set(key, f);
  }
  return f.format(amount);
}
