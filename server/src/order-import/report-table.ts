/**
 * A report's rows by column name. Platforms add, drop and reorder columns between report
 * versions, so columns are found by their header text (trimmed, case-insensitive), never by
 * position; extra columns are ignored. Row numbers are a spreadsheet's: the header is row 1,
 * and a record whose quoted field holds line breaks is still one row.
 */
import { parse } from 'csv-parse/sync';
import { httpError } from '../http/errors';

export interface ReportRow {
  /** The row number as a spreadsheet shows it (header = 1). */
  row: number;
  get(column: string): string;
}

export interface ReportTable {
  rows: ReportRow[];
  has(column: string): boolean;
}

const normalise = (name: string) => name.trim().toLowerCase();

export function readReportTable(
  text: string,
  delimiter: ',' | '\t',
  required: readonly string[],
): ReportTable {
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // Amazon's TSV does not quote and its product names may hold a stray quote.
      quote: delimiter === ',' ? '"' : false,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw httpError(400, 'reportUnreadable', { line: String(line ?? '?') });
  }
  const header = records[0];
  if (!header || header.every((cell) => cell.trim() === '')) {
    throw httpError(400, 'reportEmpty');
  }
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    const key = normalise(name);
    if (key && !index.has(key)) index.set(key, i);
  });
  const missing = required.filter((name) => !index.has(name));
  if (missing.length > 0) {
    const columns = missing.join(', ');
    throw httpError(400, 'reportMissingColumns', { columns });
  }
  const rows: ReportRow[] = [];
  for (let r = 1; r < records.length; r++) {
    const cells = records[r] as string[];
    rows.push({
      row: r + 1,
      get(column) {
        const i = index.get(column);
        return i === undefined ? '' : (cells[i] ?? '').trim();
      },
    });
  }
  return { rows, has: (column) => index.has(column) };
}
