/**
 * A products CSV's columns and cells, read back into what the product form would send. The
 * columns are the export's (products.csv.ts), found by their header titles in any order and
 * case; a file may hold any of them besides SKU. This module reads cells only: the values are
 * checked afterwards by the product schemas themselves (shared/src/schemas/product.ts), so a
 * row is held to exactly the form's rules.
 *
 * What a spreadsheet does to a file on its way back, undone or refused here:
 * - the apostrophe the export puts before a text starting with =, +, -, @ (so that Excel never
 *   runs it as a formula) is taken off again;
 * - a JAN or HS code that Excel turned into a number (4.90123E+12) is refused with its own
 *   message: its digits are lost, and guessing them would be worse than asking;
 * - numbers written with thousands separators ("1,200") are read as numbers;
 * - a date Excel rewrote as 2026/3/5 is read as 2026-03-05.
 */
import { PLATFORMS, type Platform } from '#shared/constants';
import { formatMessage, type MessageKey, type MessageParams } from '#shared/messages';
import type { ProductImportMessage } from '#shared/schemas/product-import';
import { CSV_COLUMNS } from '../products/products.csv';

/** The product fields a column sets directly, as the product schemas name them. */
export type PlainField =
  | 'name'
  | 'nameJa'
  | 'janCode'
  | 'purchasePrice'
  | 'shelfNumber'
  | 'releaseDate'
  | 'lowStockLevel'
  | 'activeStatus'
  | 'hsCode'
  | 'countryOfOrigin'
  | 'descriptionEn'
  | 'netWeightGrams';

type ColumnKind =
  | { kind: 'sku' }
  | { kind: 'text' | 'code' | 'number' | 'date' | 'status'; field: PlainField }
  | { kind: 'setting'; field: 'categoryId' | 'manufacturerId'; label: 'category' | 'manufacturer' }
  | { kind: 'suppliers' }
  | { kind: 'asin'; platform: Platform }
  /** Read by the export, never imported: stock moves only through adjustments with their history. */
  | { kind: 'ignored' };

type Title = (typeof CSV_COLUMNS)[number]['title'];

/** What each of the export's columns is on the way back in. */
const KINDS: Record<Title, ColumnKind> = {
  Name: { kind: 'text', field: 'name' },
  'Name (ja)': { kind: 'text', field: 'nameJa' },
  SKU: { kind: 'sku' },
  JAN: { kind: 'code', field: 'janCode' },
  Category: { kind: 'setting', field: 'categoryId', label: 'category' },
  Manufacturer: { kind: 'setting', field: 'manufacturerId', label: 'manufacturer' },
  Suppliers: { kind: 'suppliers' },
  'Purchase price (JPY)': { kind: 'number', field: 'purchasePrice' },
  Stock: { kind: 'ignored' },
  'Amazon stock': { kind: 'ignored' },
  Shelf: { kind: 'text', field: 'shelfNumber' },
  'Release date': { kind: 'date', field: 'releaseDate' },
  'Low stock level': { kind: 'number', field: 'lowStockLevel' },
  Status: { kind: 'status', field: 'activeStatus' },
  'ASIN SHOPIFY': { kind: 'asin', platform: 'SHOPIFY' },
  'ASIN AMAZONJP': { kind: 'asin', platform: 'AMAZONJP' },
  'ASIN AMAZONIND': { kind: 'asin', platform: 'AMAZONIND' },
  'HS code': { kind: 'code', field: 'hsCode' },
  'Country of origin': { kind: 'text', field: 'countryOfOrigin' },
  'Description (en)': { kind: 'text', field: 'descriptionEn' },
  'Net weight (g)': { kind: 'number', field: 'netWeightGrams' },
};

export const SKU_COLUMN: Title = 'SKU';
const byKey = new Map(CSV_COLUMNS.map(({ title }) => [title.toLowerCase(), { title, ...KINDS[title] }]));

/** The export's supplier names are joined with "; " (migration 005_export_columns). */
const SUPPLIER_SEPARATOR = ';';

/** Fields whose cell, left empty, cannot stand for "none": the form has no empty state for them. */
const NOT_EMPTY: ReadonlySet<PlainField> = new Set(['activeStatus']);
/** An empty cell of a number the product always has (unlike a purchase price) is the form's default. */
const EMPTY_NUMBER: Partial<Record<PlainField, number>> = { lowStockLevel: 0 };

/** A row of the file, read: the values of the columns it has, by field, not yet checked. */
export interface RowDraft {
  row: number;
  /** The SKU as the file writes it (trimmed). */
  sku: string;
  values: Partial<Record<PlainField, unknown>>;
  /** A category or manufacturer by name (null: the cell is empty). */
  settings: Partial<
    Record<'categoryId' | 'manufacturerId', { label: 'category' | 'manufacturer'; name: string | null }>
  >;
  /** Supplier names, when the file has the column. */
  suppliers?: string[];
  /** Each platform's ASIN whose column the file has ('' when its cell is empty). */
  asins: Partial<Record<Platform, string>>;
  problems: ProductImportMessage[];
}

export const rowMessage = (
  field: string,
  code: MessageKey,
  params?: MessageParams,
): ProductImportMessage => ({
  field,
  code,
  message: formatMessage(code, params),
  ...(params ? { params } : {}),
});

/** The file's columns: those the import reads, and the others as the file titles them. */
export function readColumns(columns: readonly string[]): { read: string[]; ignored: string[] } {
  const read: string[] = [];
  const ignored: string[] = [];
  for (const name of columns) {
    const column = byKey.get(name.toLowerCase());
    if (column && column.kind !== 'ignored' && !read.includes(column.title)) read.push(column.title);
    else ignored.push(name);
  }
  return { read, ignored };
}

/** The export's guard against formulas, taken off (products.csv.ts: textCell). */
export const unguard = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/** A number as Excel writes a long one it has turned into a number: its digits are gone. */
const EXPONENT = /^\d+(\.\d+)?E\+?\d+$/i;
const GROUPED = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A number cell as the form's number box would send it: a number when it reads as one (thousands
 * separators allowed), else the text itself, which the field's schema refuses with its message.
 */
export function numberCell(text: string): number | string {
  const plain = GROUPED.test(text) ? text.replaceAll(',', '') : text;
  return PLAIN_NUMBER.test(plain) ? Number(plain) : plain;
}

const SLASH_DATE = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;

/** A date as YYYY-MM-DD, also when Excel rewrote it as 2026/3/5; anything else goes on as it is. */
export function dateCell(text: string): string {
  const slash = SLASH_DATE.exec(text);
  if (!slash) return text;
  const [, year, month, day] = slash as unknown as [string, string, string, string];
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

const STATUS: Record<string, boolean> = { active: true, inactive: false, 有効: true, 無効: false };

/** One row of the file as a draft; `get` answers a column's trimmed cell by its title. */
export function readRow(row: number, read: readonly string[], get: (title: string) => string): RowDraft {
  const draft: RowDraft = {
    row,
    sku: unguard(get(SKU_COLUMN)),
    values: {},
    settings: {},
    asins: {},
    problems: [],
  };
  for (const title of read) {
    const column = byKey.get(title.toLowerCase());
    if (!column) continue;
    const text = unguard(get(title));
    switch (column.kind) {
      case 'sku':
      case 'ignored':
        break;
      case 'text':
        draft.values[column.field] = text === '' ? null : text;
        break;
      case 'code':
        if (EXPONENT.test(text)) {
          draft.problems.push(
            rowMessage(column.field, 'importNumberMangled', { column: title, value: text }),
          );
        } else {
          draft.values[column.field] = text === '' ? null : text;
        }
        break;
      case 'number':
        draft.values[column.field] = text === '' ? (EMPTY_NUMBER[column.field] ?? null) : numberCell(text);
        break;
      case 'date':
        draft.values[column.field] = text === '' ? null : dateCell(text);
        break;
      case 'status': {
        const status = STATUS[text.toLowerCase()];
        if (status !== undefined) draft.values[column.field] = status;
        else if (text === '' && NOT_EMPTY.has(column.field))
          draft.problems.push(rowMessage(column.field, 'required'));
        else draft.problems.push(rowMessage(column.field, 'importBadStatus', { value: text }));
        break;
      }
      case 'setting':
        draft.settings[column.field] = { label: column.label, name: text === '' ? null : text };
        break;
      case 'suppliers':
        draft.suppliers = text
          .split(SUPPLIER_SEPARATOR)
          .map((name) => name.trim())
          .filter((name) => name !== '');
        break;
      case 'asin':
        draft.asins[column.platform] = text;
        break;
    }
  }
  return draft;
}

/** Platforms in the order listings are kept (products.repository.ts). */
export const LISTING_ORDER: readonly Platform[] = PLATFORMS;
