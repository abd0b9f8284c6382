/** Settings entities: category, manufacturer, supplier, shipping method, handling fee. */
import { z } from 'zod';
import { HANDLING_FEE_TYPES, MAX_AMOUNT } from '../constants';
import { parseDecimal } from '../domain/money';
import { MESSAGES, formatMessage } from '../messages';
import { idSchema, nameSchema, textSchema, timestamps } from './common';

const namedEntity = z.object({
  _id: idSchema,
  name: z.string(),
  activeStatus: z.boolean(),
  ...timestamps,
});

export const categorySchema = namedEntity;
export const manufacturerSchema = namedEntity;
export const supplierSchema = namedEntity;
export type Category = z.infer<typeof categorySchema>;

const namedCreate = (message: string) =>
  z.object({ name: nameSchema(message), activeStatus: z.boolean().default(true) });
const namedUpdate = (message: string) =>
  z
    .object({ name: nameSchema(message), activeStatus: z.boolean() })
    .partial()
    .refine((v) => Object.keys(v).length > 0, { message: MESSAGES.nothingToUpdate });

export const categoryCreateSchema = namedCreate(MESSAGES.categoryName);
export const categoryUpdateSchema = namedUpdate(MESSAGES.categoryName);
export const manufacturerCreateSchema = namedCreate(MESSAGES.manufacturerName);
export const manufacturerUpdateSchema = namedUpdate(MESSAGES.manufacturerName);
export const supplierCreateSchema = namedCreate(MESSAGES.supplierName);
export const supplierUpdateSchema = namedUpdate(MESSAGES.supplierName);
export type NamedCreate = z.infer<typeof categoryCreateSchema>;
export type NamedUpdate = z.infer<typeof categoryUpdateSchema>;

/** Stored with an active status like the other named lists; its screen edits the name only. */
export const shippingMethodSchema = namedEntity;
export const shippingMethodCreateSchema = z.object({ name: nameSchema(MESSAGES.shippingMethodName) });
export const shippingMethodUpdateSchema = z.object({
  name: nameSchema(MESSAGES.shippingMethodName),
});

export const handlingFeeTypeSchema = z.enum(HANDLING_FEE_TYPES);
export const handlingFeeSchema = z.object({
  _id: idSchema,
  title: z.string(),
  type: handlingFeeTypeSchema,
  /** A percentage (e.g. 2.5) or a yen amount, by type. */
  value: z.number(),
  ...timestamps,
});
export type HandlingFee = z.infer<typeof handlingFeeSchema>;

/** Percentages are kept to 2 decimals; amounts are whole yen. */
const PERCENT_DECIMALS = 2;
/** A yen charge is an amount of an order; a percentage is held to 100 by {@link checkHandlingValue}. */
const MAX_VALUE = MAX_AMOUNT.JPY;

/**
 * The client keeps value as text: both a number and a decimal string are accepted, and read
 * exactly (domain/money.ts). Alone it allows what either type may hold; {@link checkHandlingValue}
 * holds it to its type.
 */
const handlingValue = z
  .union([z.number(), textSchema()], { error: MESSAGES.fillValue })
  .transform((raw, ctx) => {
    const parsed = parseDecimal(raw, PERCENT_DECIMALS);
    if (
      parsed.ok &&
      parsed.units >= 0n &&
      parsed.units <= BigInt(MAX_VALUE) * 10n ** BigInt(PERCENT_DECIMALS)
    ) {
      return Number(raw);
    }
    const error = parsed.ok
      ? parsed.units < 0n
        ? null
        : { code: 'tooLarge' as const, params: { max: MAX_VALUE } }
      : parsed.error.code === 'tooManyDecimals'
        ? parsed.error
        : parsed.error.code === 'tooLarge'
          ? { code: 'tooLarge' as const, params: { max: MAX_VALUE } }
          : null;
    ctx.addIssue({
      code: 'custom',
      message: error ? formatMessage(error.code, error.params) : MESSAGES.fillValue,
    });
    return z.NEVER;
  });

/**
 * A value of a handling charge of `type`: a percentage up to 100 with 2 decimals, or whole yen
 * (1200.5 yen is refused, not rounded). The message, or null when the value fits.
 */
export function checkHandlingValue(type: HandlingFee['type'], value: number): string | null {
  if (type === 'percentage') return value > 100 ? MESSAGES.percentOver100 : null;
  return Number.isInteger(value) ? null : formatMessage('tooManyDecimals', { max: 0 });
}

export const handlingFeeCreateSchema = z
  .object({
    title: nameSchema(MESSAGES.enterName),
    type: handlingFeeTypeSchema,
    value: handlingValue,
  })
  .superRefine((v, ctx) => {
    const message = checkHandlingValue(v.type, v.value);
    if (message) ctx.addIssue({ code: 'custom', path: ['value'], message });
  });
/** Type is read-only once created: an update may not change it. */
export const handlingFeeUpdateSchema = z
  .object({
    title: nameSchema(MESSAGES.enterName).optional(),
    type: handlingFeeTypeSchema.optional(),
    value: handlingValue.optional(),
  })
  .superRefine((v, ctx) => {
    // Without the type the server checks the value against the stored one.
    const message = v.type && v.value !== undefined ? checkHandlingValue(v.type, v.value) : null;
    if (message) ctx.addIssue({ code: 'custom', path: ['value'], message });
  });
export type HandlingFeeCreate = z.infer<typeof handlingFeeCreateSchema>;

export const preCategorySchema = z.object({ _id: idSchema, name: z.string() });
export const shelfNumberSchema = z.object({ _id: idSchema, name: z.string() });
export type PreCategory = z.infer<typeof preCategorySchema>;
export type ShelfNumber = z.infer<typeof shelfNumberSchema>;
