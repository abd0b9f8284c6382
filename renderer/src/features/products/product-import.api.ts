/** POST /products/import: the file goes up as it is (the server tells its encoding). */
import { productImportResultSchema, type ProductImportResult } from '#shared/schemas/product-import';
import { ApiError, BAD_RESPONSE, uploadFile } from '../../api/http';

export async function importProductsCsv(file: File, dryRun: boolean): Promise<ProductImportResult> {
  let result: ProductImportResult | undefined;
  await uploadFile(`products/import?dryRun=${dryRun}`, file, {
    contentType: 'text/csv',
    // The answer is one JSON object: its only "line".
    onLine: (line) => {
      const parsed = productImportResultSchema.safeParse(line);
      if (!parsed.success) throw new ApiError(-1, BAD_RESPONSE);
      result = parsed.data;
    },
  });
  if (!result) throw new ApiError(-1, BAD_RESPONSE);
  return result;
}
