/** Settings entities (SPEC §3): category, manufacturer, supplier, shipping method, handling fee. */
import { z } from 'zod';
import { HANDLING_FEE_TYPES } from '../constants';
import { MESSAGES } from '../messages';
import { idSchema, nameSchema, timestamps } from './common';

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
export type Manufacturer = z.infer<typeof manufacturerSchema>;
export type Supplier = z.infer<typeof supplierSchema>;

const namedCreate = (message: string) =>
  z.object({ name: nameSchema(message), activeStatus: z.boolean().default(true) });
const namedUpdate = (message: string) =>
  z
    .object({ name: nameSchema(message), activeStatus: z.boolean() })
    .partial()
    .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });

export const categoryCreateSchema = namedCreate(MESSAGES.categoryName);
export const categoryUpdateSchema = namedUpdate(MESSAGES.categoryName);
export const manufacturerCreateSchema = namedCreate(MESSAGES.manufacturerName);
export const manufacturerUpdateSchema = namedUpdate(MESSAGES.manufacturerName);
export const supplierCreateSchema = namedCreate(MESSAGES.supplierName);
export const supplierUpdateSchema = namedUpdate(MESSAGES.supplierName);
export type NamedCreate = z.infer<typeof categoryCreateSchema>;
export type NamedUpdate = z.infer<typeof categoryUpdateSchema>;

/** The spec's stored-state variant mentions active_status: kept, defaulting to active. */
export const shippingMethodSchema = namedEntity;
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;
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

/** The client keeps value as text (SPEC §3); both a number and a decimal string are accepted. */
const handlingValue = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, MESSAGES.fillValue),
    ],
    {
      error: MESSAGES.fillValue,
    },
  )
  .transform((v) => Number(v))
  .pipe(z.number({ error: MESSAGES.fillValue }).finite().nonnegative());

export const handlingFeeCreateSchema = z
  .object({
    title: nameSchema(MESSAGES.enterName),
    type: handlingFeeTypeSchema,
    value: handlingValue,
  })
  .refine((v) => v.type !== 'percentage' || v.value <= 100, {
    path: ['value'],
    message: MESSAGES.percentOver100,
  });
/** Type is read-only once created (SPEC §2): an update may not change it. */
export const handlingFeeUpdateSchema = z.object({
  title: nameSchema(MESSAGES.enterName).optional(),
  type: handlingFeeTypeSchema.optional(),
  value: handlingValue.optional(),
});
export type HandlingFeeCreate = z.infer<typeof handlingFeeCreateSchema>;

export const preCategorySchema = z.object({ _id: idSchema, name: z.string() });
export const shelfNumberSchema = z.object({ _id: idSchema, name: z.string() });
export type PreCategory = z.infer<typeof preCategorySchema>;
export type ShelfNumber = z.infer<typeof shelfNumberSchema>;
