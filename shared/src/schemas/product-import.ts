import { z } from 'zod';

/** POST /products/import: `dryRun=true` reads and checks everything, writes nothing, answers the same. */
export const productImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** One problem of a rejected row: the product field (the API's name) and the message's code. */
export const productImportMessageSchema = z.object({
  field: z.string(),
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ProductImportMessage = z.infer<typeof productImportMessageSchema>;

/**
 * What a products CSV does (or, on a dry run, would do), counted by row: products created, updated
 * (some field changed) and unchanged. A file with any rejected row writes nothing, dry run or not:
 * the counts then say what its other rows would do once those are fixed. `ignoredColumns` names the
 * file's columns the import does not read (stock, which moves only through stock adjustments, and
 * any column it does not know), as the file writes them.
 */
export const productImportResultSchema = z.object({
  dryRun: z.boolean(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  rejected: z.array(
    z.object({
      /** The row as a spreadsheet numbers it (the header is row 1). */
      row: z.number().int(),
      sku: z.string(),
      messages: z.array(productImportMessageSchema),
    }),
  ),
  ignoredColumns: z.array(z.string()),
});
export type ProductImportResult = z.infer<typeof productImportResultSchema>;
