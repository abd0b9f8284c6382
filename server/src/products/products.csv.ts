/**
 * GET /products/csv-products: the listed products as CSV for spreadsheets. Quoting by
 * csv-stringify (product names carry commas, quotes and line breaks), CRLF rows, and a UTF-8 BOM
 * so Excel reads the Japanese names as UTF-8 rather than Shift_JIS. Streamed: rows are written
 * as their batches arrive, so memory stays flat however many products there are.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { ProductExportRow } from './products.repository';

type Cell = string | number | null;

const COLUMNS: { title: string; value: (row: ProductExportRow) => Cell }[] = [
  { title: 'Name', value: (row) => row.name },
  { title: 'Name (ja)', value: (row) => row.name_ja },
  { title: 'SKU', value: (row) => row.sku_code },
  { title: 'JAN', value: (row) => row.jan_code },
  { title: 'Category', value: (row) => row.category_name ?? null },
  { title: 'Manufacturer', value: (row) => row.manufacturer_name ?? null },
  { title: 'Suppliers', value: (row) => row.supplier_names ?? '' },
  { title: 'Purchase price (JPY)', value: (row) => row.purchase_price },
  { title: 'Stock', value: (row) => row.in_stock_quantity },
  { title: 'Amazon stock', value: (row) => row.amazon_stock_quantity },
  { title: 'Shelf', value: (row) => row.shelf_number },
  { title: 'Release date', value: (row) => row.release_date },
  { title: 'Low stock level', value: (row) => row.low_stock_level },
  { title: 'Status', value: (row) => (row.active_status === 1 ? 'Active' : 'Inactive') },
  { title: 'ASIN SHOPIFY', value: (row) => row.asin_shopify },
  { title: 'ASIN AMAZONJP', value: (row) => row.asin_amazonjp },
  { title: 'ASIN AMAZONIND', value: (row) => row.asin_amazonind },
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

/**
 * The CSV of the products the batches yield, as a stream: the BOM and header with the first
 * batch, then one chunk per batch. Each batch is formatted at once (csv-stringify's sync API
 * per batch measured several times faster than its per-record stream), and the next batch is
 * read only when the response has taken the last one.
 */
export function productsCsvStream(batches: AsyncIterable<readonly ProductExportRow[]>): Readable {
  async function* chunks() {
    let first = true;
    for await (const rows of batches) {
      const records = rows.map((row) => COLUMNS.map((c) => cellText(c.value(row))));
      yield stringify(records, {
        bom: first,
        header: first,
        columns: COLUMNS.map((c) => c.title),
        record_delimiter: 'windows',
      });
      first = false;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
