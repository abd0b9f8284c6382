/** The order report import: a preview (dry run) and the import itself, both with progress. */
import {
  IMPORT_PROGRESS_TYPE,
  importProgressSchema,
  orderImportResultSchema,
  type ImportSource,
  type OrderImportResult,
} from '#shared/schemas/order-import';
import { z } from 'zod';
import { ApiError, BAD_RESPONSE, uploadFile } from '../../api/http';

/**
 * Where a run is: the file going up, then the server's lines. The server reads the file as it
 * arrives, so its lines are counted as they are read: `read` of `size` bytes says how far it is.
 */
export type ImportProgress =
  | { stage: 'upload'; done: number; total: number }
  | { stage: 'reading' }
  | { stage: 'lines'; done: number; read?: number; size?: number | null };

const eventSchema = z.union([
  z.object({ progress: importProgressSchema }),
  z.object({ result: orderImportResultSchema }),
  z.object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  }),
]);

/** `.csv` goes as CSV; Amazon's `.txt` as tab-separated values (the server reads bytes either way). */
const contentTypeOf = (source: ImportSource) =>
  source === 'shopify' ? 'text/csv' : 'text/tab-separated-values';

export async function importOrderReport(
  file: File,
  source: ImportSource,
  dryRun: boolean,
  onProgress: (progress: ImportProgress) => void,
): Promise<OrderImportResult> {
  let result: OrderImportResult | undefined;
  let failure: ApiError | undefined;
  await uploadFile(`orders/import?source=${source}&dryRun=${dryRun}`, file, {
    contentType: contentTypeOf(source),
    accept: IMPORT_PROGRESS_TYPE,
    onUploadProgress: (done, total) => {
      onProgress(done < total ? { stage: 'upload', done, total } : { stage: 'reading' });
    },
    onLine: (line) => {
      const event = eventSchema.safeParse(line);
      if (!event.success) throw new ApiError(-1, BAD_RESPONSE);
      const data = event.data;
      if ('progress' in data) {
        const { done, read, size } = data.progress;
        onProgress({ stage: 'lines', done, read, size });
      } else if ('result' in data) result = data.result;
      else failure = new ApiError(400, data.error.message, [], data.error.code, data.error.params);
    },
  });
  if (failure) throw failure;
  if (!result) throw new ApiError(-1, BAD_RESPONSE);
  return result;
}
