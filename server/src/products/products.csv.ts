/**
 * GET /products/csv-products: the listed products as CSV for spreadsheets. Quoting by
 * csv-stringify (product names carry commas, quotes and line breaks), CRLF rows, and a UTF-8 BOM
 * so Excel reads the Japanese names as UTF-8 rather than Shift_JIS. Streamed: rows are written
 * as their batches arrive, so memory stays flat however many products there are.
 */
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { PLATFORMS } from '#shared/constants';
import type { Product } from '#shared/schemas/product';

type Cell = string | number | null;

const COLUMNS: { title: string; value: (p: Product) => Cell }[] = [
  { title: 'Name', value: (p) => p.name },
  { title: 'Name (ja)', value: (p) => p.nameJa },
  { title: 'SKU', value: (p) => p.skuCode },
  { title: 'JAN', value: (p) => p.janCode },
  { title: 'Category', value: (p) => p.category?.name ?? null },
  { title: 'Manufacturer', value: (p) => p.manufacturer?.name ?? null },
  { title: 'Suppliers', value: (p) => p.suppliers.map((s) => s.name).join('; ') },
  { title: 'Purchase price (JPY)', value: (p) => p.purchasePrice },
  { title: 'Stock', value: (p) => p.inStockQuantity },
  { title: 'Amazon stock', value: (p) => p.amazonStockQuantity },
  { title: 'Shelf', value: (p) => p.shelfNumber },
  { title: 'Release date', value: (p) => p.releaseDate },
  { title: 'Low stock level', value: (p) => p.lowStockLevel },
  { title: 'Status', value: (p) => (p.activeStatus ? 'Active' : 'Inactive') },
  ...PLATFORMS.map((code) => ({
    title: `ASIN ${code}`,
    value: (p: Product) => p.availablePlatforms.find((l) => l.code === code)?.asin ?? null,
  })),
];

/**
 * Text that a spreadsheet would run as a formula (=, +, -, @, or a leading tab/CR) gets a
 * leading apostrophe: an exported name must never execute in the seller's Excel (OWASP CSV
 * injection). Numbers are written as numbers and never touched.
 */
function cellText(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The CSV of the products the batches yield, as a stream (BOM and header first). */
export function productsCsvStream(batches: AsyncIterable<readonly Product[]>): Readable {
  async function* records() {
    for await (const batch of batches) {
      for (const p of batch) yield COLUMNS.map((c) => cellText(c.value(p)));
    }
  }
  const csv = stringify({
    bom: true,
    header: true,
    columns: COLUMNS.map((c) => c.title),
    record_delimiter: 'windows',
  });
  // pipeline, not pipe: a failing batch (a lost database) ends the response instead of hanging it.
  return pipeline(Readable.from(records()), csv, () => {});
}
