/**
 * GET /products/csv-products: the listed products as CSV for spreadsheets. RFC 4180 quoting
 * (product names carry commas, quotes and line breaks), CRLF rows, and a UTF-8 BOM
 * so Excel reads the Japanese names as UTF-8 rather than Shift_JIS. Streamed: rows are written
 * as their batches arrive, so memory stays flat however many products there are.
 */
import { Readable } from 'node:stream';
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

const NEEDS_QUOTES = /[",\r\n]/;

/** RFC 4180: a field with a comma, quote, CR or LF is quoted, its quotes doubled. */
const csvField = (text: string) => (NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

const HEADER = `\uFEFF${COLUMNS.map((c) => csvField(c.title)).join(',')}\r\n`;

/**
 * The CSV of the products the batches yield, as a stream: the BOM and header with the first
 * batch, then one chunk per batch. Fields are escaped by hand rather than by csv-stringify,
 * which took half of the export's time for the same bytes; the next batch is read only when
 * the response has taken the last one.
 */
export function productsCsvStream(batches: AsyncIterable<readonly ProductExportRow[]>): Readable {
  async function* chunks() {
    let first = true;
    for await (const rows of batches) {
      let text = first ? HEADER : '';
      for (const row of rows) {
        let line = '';
        for (let i = 0; i < COLUMNS.length; i++) {
          if (i > 0) line += ',';
          line += csvField(cellText((COLUMNS[i] as (typeof COLUMNS)[number]).value(row)));
        }
        text += `${line}\r\n`;
      }
      yield text;
      first = false;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
