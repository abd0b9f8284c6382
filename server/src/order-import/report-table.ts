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
 * alone, a blank first line) is refused naming the platform to export the report from.
 */
import { httpError } from '../http/errors';
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

const normalise = (name: string) => name.trim().toLowerCase();
const unreadable = () => '';

export async function openReportTable(source: ReportSource, kind: ReportKind): Promise<ReportTable> {
  const records = reportRecords(decodeChunks(source.chunks, source.limit, source.counted), kind.delimiter);
  const index = new Map<string, number>();
  const empty = () => httpError(400, 'reportFileEmpty', { platform: kind.platform });
  try {
    const first = await records.next();
    if (first.done) throw empty();
    const header = first.value.cells;
    if (header === null) throw httpError(400, 'reportUnreadable', { line: String(first.value.line) });
    if (header.every((cell) => cell.trim() === '')) throw empty();
    header.forEach((name, i) => {
      const key = normalise(name);
      if (key && !index.has(key)) index.set(key, i);
    });
    const missing = kind.required.filter((name) => !index.has(name));
    if (missing.length > 0) {
      const other = otherReport(kind);
      if (headerIsOf(header, kind, other)) throw httpError(400, other.looksLike);
      throw httpError(400, 'reportMissingColumns', { columns: missing.join(', ') });
    }
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
          const i = index.get(column);
          return i === undefined ? '' : (cells[i] ?? '').trim();
        },
      };
    }
  }
  return {
    rows: rows(),
    has: (column) => index.has(column),
    close: async () => {
      await records.return(undefined);
    },
  };
}
