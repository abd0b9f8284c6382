import { z } from 'zod';
import { MAX_NET_WEIGHT_GRAMS, MAX_STOCK, MAX_UNIT_PRICE, PLATFORMS } from '../constants';
import { MESSAGES } from '../messages';
import { isCountryCode, isHsCode, normaliseHsCode } from '../domain/customs';
import { isValidJan } from '../domain/jan';
import {
  dateSchema,
  exactIntegerSchema,
  idSchema,
  intSchema,
  moneySchema,
  nameSchema,
  textSchema,
  timestamps,
  timestampSchema,
} from './common';

export const platformListingSchema = z.object({
  code: z.enum(PLATFORMS),
  /** Amazon's ASIN (10 characters); for the own shop, the shop's product handle or id. */
  asin: textSchema().trim().max(64).default(''),
});
export type PlatformListing = z.infer<typeof platformListingSchema>;

const refSchema = z.object({ _id: idSchema, name: z.string() });

export const productSchema = z.object({
  _id: idSchema,
  name: z.string(),
  /** Japanese name, shown when the language is ja and it is set. */
  nameJa: z.string().nullable(),
  skuCode: z.string(),
  janCode: z.string(),
  category: refSchema.nullable(),
  manufacturer: refSchema.nullable(),
  suppliers: z.array(refSchema),
  /** Per unit, in yen. Null where unknown: profit then shows a dash. */
  purchasePrice: z.number().nullable(),
  inStockQuantity: z.number().int(),
  amazonStockQuantity: z.number().int(),
  shelfNumber: z.string().nullable(),
  releaseDate: dateSchema.nullable(),
  lowStockLevel: z.number().int().nonnegative(),
  activeStatus: z.boolean(),
  availablePlatforms: z.array(platformListingSchema),
  /** Derived from orders. */
  lastOrderDate: dateSchema.nullable(),
  /** Units sold in the last 30 days, derived from orders (a sum: written exactly). */
  monthlyQuantity: exactIntegerSchema,
  remarksCount: z.number().int().nonnegative(),
  /*
   * Customs papers (commercial invoice, packing list). Absent reads as null: a desktop's offline
   * cache keeps products as an older server answered them, without these fields.
   */
  /** The Harmonized System code, 6 to 10 digits. */
  hsCode: z.string().nullable().default(null),
  /** ISO 3166-1 alpha-2, uppercase. */
  countryOfOrigin: z.string().nullable().default(null),
  /** The goods' English description on the papers; they use the name where it is null or empty. */
  descriptionEn: z.string().nullable().default(null),
  netWeightGrams: z.number().int().nullable().default(null),
  ...timestamps,
});
export type Product = z.infer<typeof productSchema>;

/** Dots and spaces typed to group the digits ("0902.10") are dropped before the check. */
const hsCodeSchema = textSchema().transform(normaliseHsCode).refine(isHsCode, MESSAGES.invalidHsCode);
/** Taken in either case ("jp" is JP): the code is unambiguous, and it is stored uppercase. */
const countrySchema = textSchema()
  .trim()
  .transform((code) => code.toUpperCase())
  .refine(isCountryCode, MESSAGES.invalidCountry);

const stockQuantity = intSchema({ max: MAX_STOCK, message: MESSAGES.invalidStockQuantity });

/** Every editable product field; {@link productInputSchema} and {@link productUpdateSchema} build on it. */
export const productFieldsSchema = z.object({
  name: nameSchema(MESSAGES.enterName),
  nameJa: textSchema().trim().max(200).nullable().default(null),
  skuCode: textSchema().trim().min(1, MESSAGES.required).max(64),
  janCode: textSchema().trim().refine(isValidJan, MESSAGES.invalidJan),
  categoryId: idSchema.nullable().default(null),
  manufacturerId: idSchema.nullable().default(null),
  supplierIds: z.array(idSchema).max(100).default([]),
  purchasePrice: moneySchema('JPY', { max: MAX_UNIT_PRICE.JPY }).nullable().default(null),
  inStockQuantity: stockQuantity.default(0),
  amazonStockQuantity: stockQuantity.default(0),
  shelfNumber: textSchema().trim().max(32).nullable().default(null),
  releaseDate: z.iso.date({ message: MESSAGES.invalidReleaseDate }).nullable().default(null),
  lowStockLevel: stockQuantity.default(0),
  activeStatus: z.boolean().default(true),
  availablePlatforms: z.array(platformListingSchema).max(20).default([]),
  hsCode: hsCodeSchema.nullable().default(null),
  countryOfOrigin: countrySchema.nullable().default(null),
  descriptionEn: textSchema().trim().max(200).nullable().default(null),
  netWeightGrams: intSchema({ min: 1, max: MAX_NET_WEIGHT_GRAMS, message: MESSAGES.invalidNetWeight })
    .nullable()
    .default(null),
});

export const productInputSchema = productFieldsSchema.refine(
  (p) => p.amazonStockQuantity <= p.inStockQuantity,
  { path: ['amazonStockQuantity'], message: MESSAGES.amazonStockAboveTotal },
);
export type ProductInput = z.input<typeof productInputSchema>;

/**
 * PUT /products/{id}: the whole product body, but stock moves only through the ledger.
 * inStockQuantity may be sent back unchanged (the edit form holds it); any other
 * value is refused by the server with {@link MESSAGES.stockNotEditable}. Amazon stock is
 * checked against the stored quantity there too.
 */
export const productUpdateSchema = productFieldsSchema.extend({
  inStockQuantity: stockQuantity.optional(),
});
export type ProductUpdate = z.input<typeof productUpdateSchema>;

/**
 * A stored product as PUT /products/{id} takes it back unchanged (stock aside): where the edit
 * form starts and what an imported row's columns are laid over.
 */
export const productUpdateOf = (p: Product) => ({
  name: p.name,
  nameJa: p.nameJa,
  skuCode: p.skuCode,
  janCode: p.janCode,
  categoryId: p.category?._id ?? null,
  manufacturerId: p.manufacturer?._id ?? null,
  supplierIds: p.suppliers.map((s) => s._id),
  purchasePrice: p.purchasePrice,
  amazonStockQuantity: p.amazonStockQuantity,
  shelfNumber: p.shelfNumber,
  releaseDate: p.releaseDate,
  lowStockLevel: p.lowStockLevel,
  activeStatus: p.activeStatus,
  availablePlatforms: p.availablePlatforms,
  hsCode: p.hsCode,
  countryOfOrigin: p.countryOfOrigin,
  descriptionEn: p.descriptionEn,
  netWeightGrams: p.netWeightGrams,
});

export const remarkSchema = z.object({
  _id: idSchema,
  productId: idSchema,
  remark: z.string(),
  author: z.object({ _id: idSchema, fullname: z.string() }).nullable(),
  createdAt: timestampSchema,
});
export type Remark = z.infer<typeof remarkSchema>;
export const remarkInputSchema = z.object({ remark: textSchema().trim().min(1).max(2000) });

export const stockMovementReasons = ['ORDER_ACCEPTED', 'ORDER_CANCELLED', 'ADJUSTMENT', 'INITIAL'] as const;
export const stockMovementSchema = z.object({
  _id: idSchema,
  productId: idSchema,
  /** Signed change in units. */
  quantity: z.number().int(),
  reason: z.enum(stockMovementReasons),
  note: z.string().nullable(),
  orderId: idSchema.nullable(),
  user: z.object({ _id: idSchema, fullname: z.string() }).nullable(),
  createdAt: timestampSchema,
});
export type StockMovement = z.infer<typeof stockMovementSchema>;
/** The stock it leaves must lie within 0 to MAX_STOCK too: the server checks that under the product's lock. */
export const stockAdjustmentSchema = z.object({
  quantity: intSchema({ min: -MAX_STOCK, max: MAX_STOCK, message: MESSAGES.invalidStockQuantity }).refine(
    (q) => q !== 0,
    MESSAGES.invalidStockQuantity,
  ),
  note: textSchema({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(500),
});
