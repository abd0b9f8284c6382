import { z } from 'zod';
import { MAX_LABELS, MAX_LABELS_PER_PRODUCT, MAX_PICK_LIST_ORDERS } from '../constants';
import { LABELS_PER_PAGE } from '../domain/label-sheet';
import { MESSAGES, formatMessage } from '../messages';
import { dateSchema, idSchema, intSchema, textSchema } from './common';

/** `a,b,c` in a query string: each item checked as `item`, at most `max` of them. */
const commaList = <T extends z.ZodType<unknown, string>>(item: T, max: number) =>
  textSchema()
    .transform((text) => text.split(',').map((part) => part.trim()))
    .pipe(z.array(item).min(1).max(max));

/** A whole number as a query string carries it. */
const queryInt = (bounds: { min: number; max: number }) =>
  textSchema()
    .regex(/^\d{1,9}$/, { message: MESSAGES.notWholeNumber })
    .transform(Number)
    .pipe(intSchema(bounds));

/** GET /pick-list(.pdf): the order rows' ids (`_id`), or none for the whole accepted queue. */
export const pickListQuerySchema = z.object({
  orderIds: commaList(idSchema, MAX_PICK_LIST_ORDERS)
    .optional()
    .describe(
      `Comma-separated order row ids (_id), at most ${MAX_PICK_LIST_ORDERS}; none: every accepted order`,
    ),
});

const pickProductSchema = z.object({
  productId: idSchema,
  name: z.string(),
  nameJa: z.string().nullable(),
  sku: z.string(),
  jan: z.string(),
  quantity: z.number().int().positive(),
  orders: z.array(z.object({ orderId: z.string(), quantity: z.number().int().positive() })),
});

export const pickListSchema = z.object({
  /** The day it was made, in the business's time zone. */
  date: dateSchema,
  orders: z.number().int().nonnegative(),
  units: z.number().int().nonnegative(),
  shelves: z.array(
    z.object({
      /** Null: products without a shelf number (always last). */
      shelf: z.string().nullable(),
      units: z.number().int().positive(),
      products: z.array(pickProductSchema),
    }),
  ),
});
export type PickListAnswer = z.infer<typeof pickListSchema>;

/**
 * GET /labels/products.pdf: `ids` and `quantities` are parallel lists (labels per product),
 * `perPage` the sheet (24 or 40 labels), `start` the first free position on the first sheet.
 */
export const productLabelsQuerySchema = z
  .object({
    ids: commaList(idSchema, MAX_LABELS).describe('Comma-separated product ids'),
    quantities: commaList(queryInt({ min: 1, max: MAX_LABELS_PER_PRODUCT }), MAX_LABELS).describe(
      `Labels of each product, in the order of ids: 1 to ${MAX_LABELS_PER_PRODUCT} each, at most ${MAX_LABELS} in all`,
    ),
    perPage: z
      .enum(LABELS_PER_PAGE.map(String) as ['24', '40'])
      .default('24')
      .transform((v) => Number(v) as (typeof LABELS_PER_PAGE)[number])
      .describe('24 (3 × 8, 70 × 37 mm) or 40 (4 × 10, 52.5 × 29.7 mm)'),
    start: queryInt({ min: 1, max: Math.max(...LABELS_PER_PAGE) })
      .default(1)
      .describe('The first position used on the first sheet, from 1, left to right then top to bottom'),
  })
  .superRefine((query, ctx) => {
    if (query.ids.length !== query.quantities.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['quantities'],
        message: formatMessage('labelsQuantityCount', {
          products: query.ids.length,
          quantities: query.quantities.length,
        }),
      });
    }
    if (query.quantities.reduce((sum, n) => sum + n, 0) > MAX_LABELS) {
      ctx.addIssue({
        code: 'custom',
        path: ['quantities'],
        message: formatMessage('labelsTooMany', { max: MAX_LABELS }),
      });
    }
    if (query.start > query.perPage) {
      ctx.addIssue({
        code: 'custom',
        path: ['start'],
        message: formatMessage('tooLarge', { max: query.perPage }),
      });
    }
  });
export type ProductLabelsQuery = z.infer<typeof productLabelsQuerySchema>;
