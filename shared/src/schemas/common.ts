import { z } from 'zod';
import { CURRENCY_DECIMALS, type Currency } from '../constants';
import { MESSAGES } from '../messages';

export const idSchema = z.string().min(1).max(64);
/** ISO 8601 UTC timestamp, as every entity's createdAt/updatedAt. */
export const timestampSchema = z.iso.datetime({ offset: true });
/** Date-only fields: YYYY-MM-DD. */
export const dateSchema = z.iso.date();

export const timestamps = {
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
};

/** `{ data, totalCount }`: every list response (DESIGN §2). */
export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), totalCount: z.number().int().nonnegative() });
/** `{ data, totalcount }`: search responses keep the spec's lowercase key. */
export const searchResponse = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), totalcount: z.number().int().nonnegative() });

export type ListResponse<T> = { data: T[]; totalCount: number };
export type SearchResponse<T> = { data: T[]; totalcount: number };

export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * An amount in a currency's major unit (yen, rupees) with no more decimals than the
 * currency has. Stored as integer minor units; see domain/money.ts.
 */
export const moneySchema = (currency: Currency) =>
  z
    .number()
    .finite()
    .nonnegative()
    .refine((v) => Number.isInteger(Math.round(v * 10 ** CURRENCY_DECIMALS[currency] * 1e6) / 1e6), {
      message: `At most ${CURRENCY_DECIMALS[currency]} decimal places`,
    });

/** A trimmed non-blank name: ' ' is not a name (SPEC §5). */
export const nameSchema = (message: string) =>
  z.string({ error: message }).trim().min(1, { message }).max(200, { message: MESSAGES.max200 });

/** Query-string booleans arrive as text. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');
