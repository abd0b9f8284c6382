import { z } from 'zod';

/** The platform reports POST /orders/import reads. */
export const IMPORT_SOURCES = ['amazon', 'shopify'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const orderImportQuerySchema = z.object({
  source: z.enum(IMPORT_SOURCES),
  /** `true`: read and match everything, write nothing, answer the same counts (the preview). */
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/**
 * What an import did (or, on a dry run, would do), row by row of the report: lines created,
 * orders updated (cancelled since the last import), lines already imported as they are
 * (skipped), rows whose product Kura does not know (unmatched, not imported), and rows that
 * could not be read or applied (errors, with the message's code for the screens to translate).
 */
export const orderImportResultSchema = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  unmatched: z.array(z.object({ row: z.number().int(), sku: z.string(), asin: z.string() })),
  errors: z.array(
    z.object({
      row: z.number().int(),
      message: z.string(),
      code: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
});
export type OrderImportResult = z.infer<typeof orderImportResultSchema>;

/**
 * With `Accept: application/x-ndjson` the import answers as it goes, one JSON object per line:
 * `{ progress: { done, total } }` after each batch, then `{ result }` (or `{ error }`, in the
 * API's error shape). Without it, the answer is the result alone.
 */
export const IMPORT_PROGRESS_TYPE = 'application/x-ndjson';
export type OrderImportEvent =
  | { progress: { done: number; total: number } }
  | { result: OrderImportResult }
  | { error: { code: string; message: string; params?: Record<string, string | number> } };
