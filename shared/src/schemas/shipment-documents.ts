/**
 * The customs papers of a shipment (commercial invoice, packing list, label) and the business
 * details they print as the exporter. A paper is refused (409) while a product of the shipment
 * lacks what customs need; the refusal lists each such product under `details.missing`, so a
 * screen can name them and link to their edit pages.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { idSchema, textSchema } from './common';

/** The exporter, as the papers print it; every text '' until an administrator sets them. */
export const businessDetailsSchema = z.object({
  name: z.string(),
  /** Several lines, as printed. */
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  /** A registration or tax id (IEC, GSTIN, corporate number…); '' when there is none. */
  taxId: z.string(),
  /** Null until first set. */
  updatedAt: z.string().nullable(),
});
export type BusinessDetails = z.infer<typeof businessDetailsSchema>;

const required = (max: number) =>
  textSchema({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max);

/** PUT business-details (admin): the whole set. */
export const businessDetailsInputSchema = z.strictObject({
  name: required(200),
  address: required(1000),
  phone: required(50),
  email: textSchema({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(320)
    .pipe(z.email({ message: MESSAGES.wrongEmail })),
  taxId: textSchema().trim().max(100).optional().default(''),
});
export type BusinessDetailsInput = z.input<typeof businessDetailsInputSchema>;

/** The product fields a customs paper cannot go without (the English description falls back to the name). */
export const CUSTOMS_FIELDS = ['hsCode', 'countryOfOrigin', 'netWeightGrams'] as const;
export type CustomsField = (typeof CUSTOMS_FIELDS)[number];

/** One product of a refused paper and what it lacks. */
export const missingCustomsProductSchema = z.object({
  productId: idSchema,
  name: z.string(),
  sku: z.string(),
  fields: z.array(z.enum(CUSTOMS_FIELDS)).min(1),
});
export type MissingCustomsProduct = z.infer<typeof missingCustomsProductSchema>;

/** `details` of a 409 customsFieldsMissing. */
export const missingCustomsDetailsSchema = z.object({ missing: z.array(missingCustomsProductSchema) });

/** The papers a shipment has, as their paths name them. */
export const SHIPMENT_DOCUMENTS = ['commercial-invoice', 'packing-list', 'label'] as const;
export type ShipmentDocument = (typeof SHIPMENT_DOCUMENTS)[number];
