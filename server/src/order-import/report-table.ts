/**
 * A report's rows by column name, read as its bytes arrive. Platforms add, drop and reorder
 * columns between report versions, so columns are found by their header text (trimmed,
 * case-insensitive), never by position; extra columns are ignored. Row numbers are a
 * spreadsheet's: the header is row 1, and a record whose quoted field holds line breaks is still
 * one row.
 *
 * Opening a report reads its first record only: a file without the report's columns is refused
 * then, whatever follows it: as the other platform's report when its header is that one's (staff
 * chose the wrong platform), else naming the missing columns. An empty file (no bytes, a BOM
 * alone, a blank first line) is refused naming the platform to export the report from. Other
 * files read this way (the products CSV) bring their own {@link TableShape}.
 */
import { httpError, type HttpError } from '../http/errors';
import { decodeChunks } from './report-decode';
import { headerIsOf, otherReport, type ReportKind } from './report-kinds';
import { reportRecords } from './report-records';

export interface ReportRow {
  /** The row number as a spreadsheet shows it (header = 1). */
  row: number;
  /** Set on a row that could not be read: the file's line it starts on. */
  unreadableLine?: number;
  get(column: string): string;
}

export interface ReportTable {
  /** The rows after the header, read as they are asked for. */
  rows: AsyncGenerator<ReportRow>;
  has(column: string): boolean;
  /** The header's names as the file writes them (trimmed; blank ones left out), in its order. */
  columns: readonly string[];
  /** Stops reading (also when the rows were never asked for). */
  close(): Promise<void>;
}

export interface ReportSource {
  /** The report's bytes, in chunks as they arrive. */
  chunks: AsyncIterable<Uint8Array>;
  /** More bytes than this is a 413. */
  limit: number;
  /** Bytes read so far, kept up to date while reading (for progress). */
  counted?: { bytes: number };
}

/**
 * What a file must be, as far as its header goes: how its cells are separated, the columns it
 * must have, and what to answer when it has none or lacks some.
 */
export interface TableShape {
  delimiter: ',' | '\t';
  /** Column names as the answer names them when missing; compared trimmed and in any case. */
  required: readonly string[];
  /** The answer to an empty file (no bytes, a BOM alone, a blank first line). */
  empty: () => HttpError;
  /** The answer to a header without some required columns (named, comma-separated). */
  missing: (header: readonly string[], columns: string) => HttpError;
}

/** The header name as columns are looked up: trimmed, in lower case. */
export const columnKey = (name: string) => name.trim().toLowerCase();
const unreadable = () => '';

/** A platform order report's shape: a header of the other platform's report is told as that. */
const reportShape = (kind: ReportKind): TableShape => ({
  delimiter: kind.delimiter,
  required: kind.required,
  empty: () => httpError(400, 'reportFileEmpty', { platform: kind.platform }),
  missing: (header, columns) => {
    const other = otherReport(kind);
    if (headerIsOf(header, kind, other)) return httpError(400, other.looksLike);
    return httpError(400, 'reportMissingColumns', { columns });
  },
});

export const openReportTable = (source: ReportSource, kind: ReportKind): Promise<ReportTable> =>
  openTable(source, reportShape(kind));

/** Opens a delimited file of `shape`: its header is read and checked before this resolves. */
export async function openTable(source: ReportSource, shape: TableShape): Promise<ReportTable> {
  const records = reportRecords(decodeChunks(source.chunks, source.limit, source.counted), shape.delimiter);
  const index = new Map<string, number>();
  const columns: string[] = [];
  try {
    const first = await records.next();
    if (first.done) throw shape.empty();
    const header = first.value.cells;
    if (header === null) throw httpError(400, 'reportUnreadable', { line: String(first.value.line) });
    if (header.every((cell) => cell.trim() === '')) throw shape.empty();
    header.forEach((name, i) => {
      const key = columnKey(name);
      if (key) columns.push(name.trim());
      if (key && !index.has(key)) index.set(key, i);
    });
    const missing = shape.required.filter((name) => !index.has(columnKey(name)));
    if (missing.length > 0) throw shape.missing(header, missing.join(', '));
  } catch (error) {
    // Nothing more is read: the source is released as it is.
    await records.return(undefined);
    throw error;
  }
  async function* rows(): AsyncGenerator<ReportRow> {
    let row = 1;
    for await (const record of records) {
      row += 1;
      const cells = record.cells;
      if (cells === null) {
        yield { row, unreadableLine: record.line, get: unreadable };
        continue;
      }
      yield {
        row,
        get(column) {
          // The readers ask by key already (lower case): no new string per cell on that path.
          const i = index.get(column) ?? index.get(columnKey(column));
          return i === undefined ? '' : (cells[i] ?? '').trim();
        },
      };
    }
  }
  return {
    rows: rows(),
    has: (column) => index.has(columnKey(column)),
    columns,
    close: async () => {
      await records.return(undefined);
    },
  };
}
