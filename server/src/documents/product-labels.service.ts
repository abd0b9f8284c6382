/**
 * Sheets of product labels. Every product is checked before anything is drawn: one without a
 * JAN that scans (a wrong check digit, letters, a length that is neither EAN-13 nor EAN-8)
 * refuses the whole run, naming each such product, since a label that scans as another
 * product puts the wrong goods in a parcel.
 */
import type { Kysely } from 'kysely';
import type { ProductLabelsQuery } from '#shared/schemas/labels';
import type { Database } from '../db/database';
import { httpError } from '../http/errors';
import { isDrawable, type BarcodeType } from './barcode';
import { productLabelsPdf, type LabelContent } from './product-labels.pdf';
import { labelProductsByIds } from './product-labels.repository';
import { fewOf } from './pick-list.service';

/** The barcode a JAN is printed as: its 13 or 8 digits decide. */
export const janBarcodeType = (jan: string): BarcodeType => (jan.length === 8 ? 'ean8' : 'ean13');

const scans = (jan: string) => isDrawable(janBarcodeType(jan), jan);

export async function productLabels(db: Kysely<Database>, query: ProductLabelsQuery): Promise<Buffer> {
  const ids = [...new Set(query.ids)];
  const rows = await labelProductsByIds(db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    const error = httpError(404, 'productsNotFound', { ids: fewOf(missing) });
    error.details = { ids: missing };
    throw error;
  }
  const unprintable = ids.map((id) => byId.get(id)!).filter((row) => !scans(row.jan_code));
  if (unprintable.length > 0) {
    const error = httpError(409, 'labelsInvalidJan', {
      products: fewOf(unprintable.map((row) => `${row.name} (${row.sku_code})`)),
    });
    error.details = {
      products: unprintable.map((row) => ({
        _id: row.id,
        name: row.name,
        skuCode: row.sku_code,
        janCode: row.jan_code,
      })),
    };
    throw error;
  }
  const labels: LabelContent[] = query.ids.flatMap((id, i) => {
    const row = byId.get(id)!;
    const label = {
      name: row.name,
      sku: row.sku_code,
      jan: row.jan_code,
      barcode: janBarcodeType(row.jan_code),
    };
    return Array.from({ length: query.quantities[i] ?? 0 }, () => label);
  });
  return productLabelsPdf(labels, query.perPage, query.start);
}
