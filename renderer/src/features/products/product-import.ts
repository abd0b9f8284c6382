/**
 * What the products CSV import's answer becomes on screen: one table line per problem of a
 * rejected row (a row with three problems is three lines, its row and SKU on each), each field
 * named as the product form labels it.
 */
import type { ProductImportMessage, ProductImportResult } from '#shared/schemas/product-import';

export interface RejectedLine {
  key: string;
  row: number;
  sku: string;
  /** The `addproduct` key of the field's label, or null for a row that could not be read at all. */
  fieldLabel: string | null;
  message: ProductImportMessage;
}

/** The form's label of each field the server names where it is not `fields.<field>`. */
const LABELS: Record<string, string> = {
  categoryId: 'fields.category',
  manufacturerId: 'fields.manufacturer',
  supplierIds: 'fields.suppliers',
  availablePlatforms: 'fields.listings',
};

export function fieldLabelKey(field: string): string | null {
  if (field === '') return null;
  return LABELS[field] ?? `fields.${field}`;
}

export function rejectedLines(result: ProductImportResult): RejectedLine[] {
  return result.rejected.flatMap((rejected) =>
    rejected.messages.map((message, index) => ({
      key: `${rejected.row}:${index}`,
      row: rejected.row,
      sku: rejected.sku,
      fieldLabel: fieldLabelKey(message.field),
      message,
    })),
  );
}

/** What the dry run says the import would do; `empty` when the file has no product rows at all. */
export type ImportOutlook = 'empty' | 'rejected' | 'nothingToDo' | 'ready';

export function importOutlook(result: ProductImportResult): ImportOutlook {
  if (result.rejected.length > 0) return 'rejected';
  if (result.created + result.updated + result.unchanged === 0) return 'empty';
  return result.created + result.updated === 0 ? 'nothingToDo' : 'ready';
}
