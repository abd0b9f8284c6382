import { z } from 'zod';
import { MAX_UNIT_PRICE } from '../constants';
import { MESSAGES } from '../messages';
import {
  idSchema,
  moneySchema,
  nameSchema,
  quantitySchema,
  textSchema,
  timestamps,
  timestampSchema,
} from './common';

/** Issue: a product request and its resolution. */
export const issueSchema = z.object({
  _id: idSchema,
  title: z.string(),
  link: z.string().nullable(),
  expectedPrice: z.number().nullable(),
  quantity: z.number().int().nullable(),
  note: z.string().nullable(),
  resolved: z.boolean(),
  createdBy: z.object({ _id: idSchema, fullname: z.string() }).nullable(),
  resolvedBy: z.object({ _id: idSchema, fullname: z.string() }).nullable(),
  resolvedAt: timestampSchema.nullable(),
  ...timestamps,
});
export type Issue = z.infer<typeof issueSchema>;

/** Optional text from a form: blank means "not given". */
const optionalText = (max: number) =>
  textSchema()
    .trim()
    .max(max)
    .transform((v) => v || null)
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/** A product request (POST issues/): what staff know of a product the catalog lacks. */
export const issueInputSchema = z.object({
  title: nameSchema(MESSAGES.enterName),
  link: textSchema()
    .trim()
    .max(2000)
    .transform((v) => v || null)
    .pipe(z.url({ protocol: /^https?$/, message: MESSAGES.notCorrectFormat }).nullable())
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  /** Yen per unit. */
  expectedPrice: moneySchema('JPY', { max: MAX_UNIT_PRICE.JPY })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  quantity: quantitySchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  note: optionalText(2000),
});
export type IssueInput = z.input<typeof issueInputSchema>;
/** PUT issues/{id}: mark as resolved (or reopen with false). */
export const issueUpdateSchema = z.object({ resolved: z.boolean() });

/** A user's UI preferences under an id of the client's choosing. */
export const userPreferenceSchema = z.object({
  _id: idSchema,
  value: z.record(z.string(), z.unknown()),
  updatedAt: timestampSchema,
});
export type UserPreference = z.infer<typeof userPreferenceSchema>;
export const userPreferenceInputSchema = z.object({
  _id: textSchema()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._-]+$/),
  value: z.record(textSchema(), z.unknown()),
});

export const auditActions = ['create', 'update', 'delete'] as const;
export const auditEntrySchema = z.object({
  _id: idSchema,
  at: timestampSchema,
  user: z.object({ _id: idSchema, fullname: z.string() }).nullable(),
  entity: z.string(),
  entityId: z.string(),
  /** The record's name when the change was made; null for entries older than the field. */
  entityName: z.string().nullable(),
  action: z.enum(auditActions),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const memoSchema = z.object({
  _id: idSchema,
  title: z.string(),
  body: z.string(),
  author: z.object({ _id: idSchema, fullname: z.string() }).nullable(),
  ...timestamps,
});
export type Memo = z.infer<typeof memoSchema>;

export const memoInputSchema = z.object({
  title: nameSchema(MESSAGES.enterName),
  body: textSchema().max(20_000).default(''),
});
export type MemoInput = z.input<typeof memoInputSchema>;
export const memoUpdateSchema = z
  .object({ title: nameSchema(MESSAGES.enterName), body: textSchema().max(20_000) })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: MESSAGES.nothingToUpdate });
