import { z } from 'zod';
import { MAX_AMOUNT, MAX_QUANTITY, type Currency } from '../constants';
import { MAX_MINOR, RATE_DECIMALS, formatRate, parseDecimal, parseMoney } from '../domain/money';
import { MESSAGES, formatMessage, type MessageCode } from '../messages';

/**
 * The code (a MESSAGES key) and parameters of a zod issue that carries no message of its own:
 * what a field error says when its schema names no fixed text. Both the API
 * (server/src/http/errors.ts) and the forms use it, so zod's own English never reaches a screen.
 */
export function issueCode(issue: {
  code: string;
  input?: unknown;
  expected?: unknown;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  format?: unknown;
  values?: unknown;
  keys?: unknown;
}): MessageCode {
  const bound = (v: unknown) => (typeof v === 'bigint' ? v.toString() : Number(v));
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return { code: 'required' };
      switch (issue.expected) {
        case 'number':
        case 'bigint':
          return { code: 'notANumber' };
        case 'int':
          return { code: typeof issue.input === 'number' ? 'notWholeNumber' : 'notANumber' };
        case 'string':
          return { code: 'notText' };
        case 'boolean':
          return { code: 'notTrueOrFalse' };
        case 'array':
          return { code: 'notAList' };
        case 'object':
        case 'record':
          return { code: 'notAnObject' };
        default:
          return { code: 'invalidValue' };
      }
    case 'too_small':
      if (issue.origin === 'string') {
        return bound(issue.minimum) === 1
          ? { code: 'required' }
          : { code: 'tooShort', params: { min: bound(issue.minimum) } };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { code: 'tooFewItems', params: { min: bound(issue.minimum) } };
      }
      return { code: 'tooSmall', params: { min: bound(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { code: 'tooLong', params: { max: bound(issue.maximum) } };
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { code: 'tooManyItems', params: { max: bound(issue.maximum) } };
      }
      return { code: 'tooLarge', params: { max: bound(issue.maximum) } };
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'wrongEmail' };
      if (issue.format === 'date' || issue.format === 'datetime') return { code: 'invalidDate' };
      return { code: 'notCorrectFormat' };
    case 'invalid_value':
      return Array.isArray(issue.values) && issue.values.length > 0
        ? { code: 'notOneOf', params: { values: issue.values.map(String).join(', ') } }
        : { code: 'invalidValue' };
    case 'unrecognized_keys':
      return {
        code: 'unknownField',
        params: { keys: Array.isArray(issue.keys) ? issue.keys.join(', ') : '' },
      };
    case 'not_multiple_of':
      return { code: 'notWholeNumber' };
    default:
      return { code: 'invalidValue' };
  }
}

// Every schema without a message of its own answers in our texts (and so with our codes).
z.config({
  customError: (issue) => {
    const { code, params } = issueCode(issue);
    return formatMessage(code, params);
  },
});

/**
 * Control characters other than tab, line feed and carriage return. PostgreSQL refuses NUL in
 * text outright and SQLite would store it silently, so no text field accepts any of them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * The base of every text field the API takes: well-formed Unicode without control characters.
 * A lone UTF-16 surrogate (the JSON escape `"\ud800"` is valid JSON) is no text: PostgreSQL
 * refuses it in JSON columns, its driver turns it into U+FFFD in text columns, and SQLite
 * stores it as it is, so every text field refuses it, the same on both databases.
 */
export const textSchema = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .refine((v) => !CONTROL_CHARACTERS.test(v), { message: MESSAGES.controlCharacter, abort: true })
    .refine((v) => v.isWellFormed(), { message: MESSAGES.illFormedText, abort: true });

/**
 * A whole number from `min` to `max` (bounds of constants.ts: every number the API takes has
 * one). `message` answers a missing, fractional or too small value; past `max` the answer is
 * always `tooLarge` with the bound, so a form and an API client learn what it is.
 */
export const intSchema = ({ min = 0, max, message }: { min?: number; max: number; message?: string }) =>
  z
    .number(message ? { error: message } : undefined)
    .int(message ? { message } : undefined)
    .min(min, message ? { message } : undefined)
    .max(max, { message: formatMessage('tooLarge', { max }) });

/** The units of one order line (platform or OTZ), product request or simulation. */
export const quantitySchema = intSchema({ min: 1, max: MAX_QUANTITY, message: MESSAGES.invalidQuantity });

export const idSchema = textSchema().min(1).max(64);
/** ISO 8601 UTC timestamp, as every entity's createdAt/updatedAt. */
export const timestampSchema = z.iso.datetime({ offset: true });
/** Date-only fields: YYYY-MM-DD. */
export const dateSchema = z.iso.date();

export const timestamps = {
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
};

const rawJson = JSON as typeof JSON & { isRawJSON?: (value: unknown) => boolean };

/**
 * A whole number of an answer that can pass 2^53 (a sum over any number of sales): a number
 * while it is a safe integer, beyond that its exact digits written into the JSON as they are
 * (`JSON.rawJSON`, see server/src/http/responses.ts), never a rounded number. The type says
 * number: that is what a JSON reader makes of either.
 */
export const exactIntegerSchema = z.union([
  z.number().int(),
  z.any().refine((v) => rawJson.isRawJSON?.(v) === true && /^-?\d+$/.test(String(v.rawJSON)), {
    message: MESSAGES.notWholeNumber,
  }),
]) as unknown as z.ZodType<number>;

/** `{ data, totalCount }`: every list response. */
export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), totalCount: z.number().int().nonnegative() });
/** `{ data, totalcount }`: search responses keep the lowercase key the replaced system's clients read. */
export const searchResponse = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), totalcount: z.number().int().nonnegative() });

export type ListResponse<T> = { data: T[]; totalCount: number };
export type SearchResponse<T> = { data: T[]; totalcount: number };

const errorParams = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * Every error the API sends. `code` is a MESSAGES key (or another stable code the renderer
 * translates), `message` its English text, `params` the values its placeholders take.
 */
export const errorResponseSchema = z.object({
  code: z.string(),
  message: z.string(),
  params: errorParams.optional(),
  errors: z
    .array(
      z.object({
        field: z.string(),
        code: z.string(),
        message: z.string(),
        params: errorParams.optional(),
      }),
    )
    .optional(),
  /** What a client needs to recover from a conflict (a 409 shipmentChanged: the current shipment). */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * An amount in a currency's major unit (yen, rupees) as a JSON number, read exactly through its
 * decimal text, with no more decimals than the currency has (1200.5 yen is refused, never
 * rounded) and at most `max` major units (by default {@link MAX_AMOUNT}: a line total or fee;
 * prices per unit pass `MAX_UNIT_PRICE`). The value stays the major-unit number the API speaks;
 * store it with `toMinor` (domain/money.ts).
 */
export const moneySchema = (currency: Currency, { max = MAX_AMOUNT[currency] }: { max?: number } = {}) =>
  z.number({ error: MESSAGES.enterNumber }).transform((raw, ctx) => {
    const parsed = parseMoney(raw, currency, { max });
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: formatMessage(parsed.error.code, parsed.error.params) });
      return z.NEVER;
    }
    return parsed.major;
  });

/**
 * What is wrong with an exchange rate (a number or its decimal text), or null when it fits:
 * positive, at most 6 decimals (more are refused, never rounded), and no more micro-units than
 * an int column holds. The API's {@link rateSchema} and the forms' text fields share it.
 */
export function rateError(raw: number | string): MessageCode | null {
  const parsed = parseDecimal(raw, RATE_DECIMALS);
  if (!parsed.ok) return parsed.error;
  if (parsed.units <= 0n) return { code: 'tooSmall', params: { min: '0.000001' } };
  if (parsed.units > BigInt(MAX_MINOR)) return { code: 'tooLarge', params: { max: formatRate(MAX_MINOR) } };
  return null;
}

/**
 * An exchange rate as a JSON number: positive, at most 6 decimals, read exactly. Store it as
 * integer micro-units with `toRateMicro` (domain/money.ts).
 */
export const rateSchema = z.number({ error: MESSAGES.enterNumber }).transform((raw, ctx) => {
  const error = rateError(raw);
  if (error) {
    ctx.addIssue({ code: 'custom', message: formatMessage(error.code, error.params) });
    return z.NEVER;
  }
  return raw;
});

/** A trimmed non-blank name: ' ' is not a name. */
export const nameSchema = (message: string) =>
  textSchema({ error: message }).trim().min(1, { message }).max(200, { message: MESSAGES.max200 });
