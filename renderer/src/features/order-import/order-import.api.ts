/** The order report import: a preview (dry run) and the import itself, both with progress. */
import {
  IMPORT_PROGRESS_TYPE,
  orderImportResultSchema,
  type ImportSource,
  type OrderImportResult,
} from '#shared/schemas/order-import';
import { z } from 'zod';
import { ApiError, BAD_RESPONSE, uploadFile } from '../../api/http';

export type ImportProgress =
  | { stage: 'upload'; done: number; total: number }
  | { stage: 'reading' }
  | { stage: 'lines'; done: number; total: number };

const eventSchema = z.union([
  z.object({ progress: z.object({ done: z.number(), total: z.number() }) }),
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
      if ('progress' in data) onProgress({ stage: 'lines', ...data.progress });
      else if ('result' in data) result = data.result;
      else failure = new ApiError(400, data.error.message, [], data.error.code, data.error.params);
    },
  });
  if (failure) throw failure;
  if (!result) throw new ApiError(-1, BAD_RESPONSE);
  return result;
}
