/**
 * GET /products/csv-products: the listed products as CSV for spreadsheets. Quoted fields
 * (product names carry commas, quotes and line breaks), CRLF rows, and a UTF-8 BOM so Excel
 * reads the Japanese names as UTF-8 rather than Shift_JIS. Streamed: rows are written as their
 * batches arrive, so memory stays flat however many products there are.
 *
 * Each product's line is formatted by the database and stored (migration 006_export_records,
 * kept current by triggers), so the export copies lines. The rules are also written here, in
 * {@link formatProductRecord}: the reference the stored lines are tested against.
 */
import { Readable } from 'node:stream';

/**
 * One product's cells in {@link CSV_COLUMNS} order, as the export query selects them (positional,
 * so SQLite's rows can be read as arrays without building an object per row).
 */
export type ProductExportCells = readonly unknown[];

/** The export's columns: the header title and how its cell is written. */
export const CSV_COLUMNS = [
  { title: 'Name', kind: 'text' },
  { title: 'Name (ja)', kind: 'text' },
  { title: 'SKU', kind: 'text' },
  { title: 'JAN', kind: 'text' },
  { title: 'Category', kind: 'text' },
  { title: 'Manufacturer', kind: 'text' },
  { title: 'Suppliers', kind: 'text' },
  { title: 'Purchase price (JPY)', kind: 'number' },
  { title: 'Stock', kind: 'number' },
  { title: 'Amazon stock', kind: 'number' },
  { title: 'Shelf', kind: 'text' },
  { title: 'Release date', kind: 'text' },
  { title: 'Low stock level', kind: 'number' },
  { title: 'Status', kind: 'status' },
  { title: 'ASIN SHOPIFY', kind: 'text' },
  { title: 'ASIN AMAZONJP', kind: 'text' },
  { title: 'ASIN AMAZONIND', kind: 'text' },
  { title: 'HS code', kind: 'text' },
  { title: 'Country of origin', kind: 'text' },
  { title: 'Description (en)', kind: 'text' },
  { title: 'Net weight (g)', kind: 'number' },
] as const;

/**
 * RFC 4180: a field with a comma, a quote, a CR or an LF is quoted, its quotes doubled. (A lone
 * LF left unquoted would break the row in a spreadsheet.)
 */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * A text cell. Text that a spreadsheet would run as a formula (=, +, -, @, or a leading tab/CR)
 * gets a leading apostrophe: an exported name must never execute in the seller's Excel (OWASP
 * CSV injection). Quoted, with quotes doubled, as {@link NEEDS_QUOTES} says.
 */
function textCell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  let text = String(value);
  const first = text.charCodeAt(0);
  // = + - @ \t \r
  if (first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13) {
    text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Numbers are written as numbers and never touched. */
const numberCell = (value: unknown) => (value === null || value === undefined ? '' : String(value));

const KINDS = CSV_COLUMNS.map((c) => c.kind);

/** One CSV record, CRLF-terminated: what the stored line of a product with these cells must be. */
export function formatProductRecord(cells: ProductExportCells): string {
  let line = '';
  for (let i = 0; i < KINDS.length; i++) {
    const kind = KINDS[i];
    const value = cells[i];
    if (i > 0) line += ',';
    if (kind === 'text') line += textCell(value);
    else if (kind === 'number') line += numberCell(value);
    else line += Number(value) === 1 ? 'Active' : 'Inactive';
  }
  return `${line}\r\n`;
}

const HEADER = `\uFEFF${CSV_COLUMNS.map((c) => textCell(c.title)).join(',')}\r\n`;

/** Lines as the database returns them: bytes on SQLite (read as blobs), text on PostgreSQL. */
export type ExportRecord = Buffer | string;

/**
 * The CSV of the products' stored lines the batches yield, as a stream: the BOM and header
 * with the first batch, then one chunk per batch; the next batch is read only when the
 * response has taken the last one. SQLite's lines arrive as UTF-8 bytes and are copied as they
 * are (no text decoded and encoded again, which was the export's largest cost).
 */
export function productsCsvStream(batches: AsyncIterable<readonly ExportRecord[]>): Readable {
  async function* chunks() {
    let first = true;
    for await (const records of batches) {
      const body =
        typeof records[0] === 'string'
          ? Buffer.from((records as string[]).join(''))
          : Buffer.concat(records as Buffer[]);
      yield first ? Buffer.concat([HEADER_BYTES, body]) : body;
      first = false;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

const HEADER_BYTES = Buffer.from(HEADER);
