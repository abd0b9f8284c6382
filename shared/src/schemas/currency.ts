/**
 * INR→JPY exchange rates (yen per rupee): the rate in effect today, the dated rates and the
 * body that sets one. Rates travel as JSON numbers read through their decimal text (at most 6
 * decimals, never rounded) and are kept as integer micro-units (domain/money.ts).
 */
import { z } from 'zod';
import { MESSAGES, formatMessage } from '../messages';
import { dateSchema, rateError, rateSchema, textSchema, timestamps } from './common';

/** GET /currency: the rate in effect on `date` (today in the business's time zone), or null. */
export const currencyTodaySchema = z.object({
  date: dateSchema,
  from: z.literal('INR'),
  to: z.literal('JPY'),
  rate: z.number().nullable(),
});
export type CurrencyToday = z.infer<typeof currencyTodaySchema>;

/** One dated rate; its date is its id. */
export const exchangeRateSchema = z.object({
  _id: dateSchema,
  date: dateSchema,
  rate: z.number(),
  ...timestamps,
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

/** PUT /currency/rates/{date}: the date is in the path. */
export const exchangeRateParamsSchema = z.object({ date: dateSchema });
export const exchangeRatePutSchema = z.strictObject({ rate: rateSchema });

/**
 * A rate as a form holds it (text, or a number), checked by the API's own rules and given as
 * the number the API takes: `String(Number(text))` is the text's shortest form, so the rate
 * sent is exactly the one typed.
 */
export const rateInputSchema = z
  .union([z.number(), textSchema()], { error: MESSAGES.enterNumber })
  .transform((raw, ctx) => {
    if (typeof raw === 'string' && raw.trim() === '') {
      ctx.addIssue({ code: 'custom', message: MESSAGES.enterNumber });
      return z.NEVER;
    }
    const error = rateError(raw);
    if (error) {
      ctx.addIssue({ code: 'custom', message: formatMessage(error.code, error.params) });
      return z.NEVER;
    }
    return Number(typeof raw === 'string' ? raw.trim() : raw);
  });

/** The add form: a date (YYYY-MM-DD) and a rate; adding a stored date replaces its rate. */
export const exchangeRateFormSchema = z.object({
  date: textSchema({ error: MESSAGES.required }).pipe(dateSchema),
  rate: rateInputSchema,
});
export type ExchangeRateForm = z.output<typeof exchangeRateFormSchema>;

/** An inline edit of a listed rate: the same rule as the form's rate. */
export const exchangeRateEditSchema = z.object({ rate: rateInputSchema });
