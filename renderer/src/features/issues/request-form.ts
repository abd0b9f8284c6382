/**
 * The product-request form: every field is typed as text, so numbers are checked here with
 * the original system's messages before the shared rules (name, http(s) link, note) take over. Fields
 * are validated independently so every mistake shows at once.
 */
import { z } from 'zod';
import { MESSAGES } from '#shared/messages';
import { issueInputSchema } from '#shared/schemas/misc';

/** Staff copy prices like "1,980" or "¥1,980" from shop pages. */
const digitsOf = (text: string) =>
  text
    .trim()
    .replace(/^[¥￥]/, '')
    .replace(/,/g, '');

export const requestFormSchema = z.object({
  title: issueInputSchema.shape.title,
  link: issueInputSchema.shape.link,
  expectedPrice: z
    .string()
    .refine((v) => digitsOf(v) === '' || /^\d+$/.test(digitsOf(v)), { message: MESSAGES.enterNumber })
    .transform((v) => (digitsOf(v) === '' ? null : Number(digitsOf(v)))),
  quantity: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) > 0), { message: MESSAGES.invalidQuantity })
    .transform((v) => (v === '' ? null : Number(v))),
  note: issueInputSchema.shape.note,
});

export type RequestFormValues = z.input<typeof requestFormSchema>;
export type RequestFormOutput = z.output<typeof requestFormSchema>;

export const emptyRequestForm: RequestFormValues = {
  title: '',
  link: '',
  expectedPrice: '',
  quantity: '',
  note: '',
};
