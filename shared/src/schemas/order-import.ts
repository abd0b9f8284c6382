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

/** How many unmatched rows and row errors an answer lists at most (it counts them all). */
export const IMPORT_LISTED_ROWS = 100;

/**
 * What an import did (or, on a dry run, would do), row by row of the report: lines created,
 * orders updated (cancelled since the last import), lines already imported as they are
 * (skipped), rows whose product Kura does not know or that name none (unmatched, not imported),
 * and rows that could not be read or applied (errors, with the message's code for the screens to
 * translate). `unmatched` and `errors` list the first {@link IMPORT_LISTED_ROWS} rows (by row
 * number); `unmatchedCount` and `errorCount` count them all.
 */
export const orderImportResultSchema = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  unmatched: z.array(
    z.object({ row: z.number().int(), sku: z.string(), asin: z.string(), name: z.string().optional() }),
  ),
  unmatchedCount: z.number().int().nonnegative(),
  errors: z.array(
    z.object({
      row: z.number().int(),
      message: z.string(),
      code: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
  errorCount: z.number().int().nonnegative(),
});
export type OrderImportResult = z.infer<typeof orderImportResultSchema>;

/**
 * Progress of an import, after its header and after each batch of lines: `done` lines applied
 * (or checked, on a dry run) of `total` read so far — the report is read as it arrives, so its
 * number of lines is known only at the end, when the two are equal. `read` bytes of the file
 * have been read, of `size` (the request's length; null when it was sent without one).
 */
export const importProgressSchema = z.object({
  done: z.number(),
  total: z.number(),
  read: z.number().optional(),
  size: z.number().nullable().optional(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

/**
 * With `Accept: application/x-ndjson` the import answers as it goes, one JSON object per line:
 * `{ progress }` after the header and after each batch, then `{ result }` (or `{ error }`, in the
 * API's error shape). Without it, the answer is the result alone. A report refused by its header
 * is a 400 either way, before any line.
 */
export const IMPORT_PROGRESS_TYPE = 'application/x-ndjson';
export type OrderImportEvent =
  | { progress: ImportProgress }
  | { result: OrderImportResult }
  | { error: { code: string; message: string; params?: Record<string, string | number> } };
