/**
 * A report's text, arriving in pieces, as records (rows of cells), never holding more than one
 * record besides the piece being read.
 *
 * csv-parse reads the cells, but two things are settled before it sees the text, by a small
 * splitter that finds where each record ends (a line break outside quotes, the quoting rules of
 * RFC 4180 that csv-parse follows):
 *
 * - A record is bounded: past {@link MAX_RECORD_CHARS} characters or {@link MAX_RECORD_FIELDS}
 *   cells, its text is dropped as it comes and it is one unreadable row. csv-parse bounds a
 *   record's characters but not its cells (a line of a million tabs would be an array of a
 *   million strings), and an unclosed quote would otherwise make the rest of the file one field.
 * - A bad record is one row, not the end of the file: csv-parse reads a piece of whole records at
 *   a time, and when it refuses one, the piece is read again record by record, so the bad one is
 *   reported with its line and the rows around it are kept. (csv-parse's own
 *   `skip_records_with_error` loses its place after a stray quote and drops the rows after it.)
 */
import { parse, type Options } from 'csv-parse/sync';
import { httpError } from '../http/errors';

export const MAX_RECORD_CHARS = 1_000_000;
export const MAX_RECORD_FIELDS = 10_000;

export type SplitItem = { kind: 'record'; text: string; line: number } | { kind: 'tooLarge'; line: number };

const QUOTE = 34;
const LF = 10;
const CR = 13;

const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
/** A quote inside a quoted field: the field's end, or the first of a doubled quote. */
const QUOTE_IN_QUOTED = 3;

/** Finds where records end in text arriving in pieces. */
export class RecordSplitter {
  readonly #delimiter: number;
  readonly #quoted: boolean;
  readonly #maxChars: number;
  readonly #maxFields: number;
  #state = FIELD_START;
  #fields = 1;
  /** The current record's text from earlier pieces. */
  #carried: string[] = [];
  #carriedLength = 0;
  /** The current record grew past a bound: its text is dropped until it ends. */
  #dropping = false;
  /** A CR ended the last piece: whether an LF follows decides where the record ends. */
  #crPending = false;
  /** The last piece ended with a CR (inside quotes too): an LF next is the same line break. */
  #lastCr = false;
  #line = 1;
  #recordLine = 1;
  #records = 0;

  constructor(delimiter: ',' | '\t', { maxChars = MAX_RECORD_CHARS, maxFields = MAX_RECORD_FIELDS } = {}) {
    this.#delimiter = delimiter.charCodeAt(0);
    this.#quoted = delimiter === ',';
    this.#maxChars = maxChars;
    this.#maxFields = maxFields;
  }

  /** True while the record being read has grown past a bound. */
  get dropping(): boolean {
    return this.#dropping;
  }

  /** Records ended so far (unreadable ones included). */
  get records(): number {
    return this.#records;
  }

  push(text: string): SplitItem[] {
    const out: SplitItem[] = [];
    if (text === '') return out;
    let start = 0;
    let i = 0;
    if (this.#crPending) {
      // The CR was counted as a line break; an LF right after it belongs to the same one.
      this.#crPending = false;
      if (text.charCodeAt(0) === LF) i = 1;
      this.#end(text, 0, i, out);
      start = i;
    }
    const delimiter = this.#delimiter;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === LF || c === CR) {
        // A CRLF is one line break, also when a piece ends between its two characters.
        if (c === CR || (i === 0 ? !this.#lastCr : text.charCodeAt(i - 1) !== CR)) this.#line += 1;
        if (this.#state === QUOTED) continue;
        if (c === CR) {
          if (i + 1 === text.length) {
            this.#crPending = true;
            break;
          }
          if (text.charCodeAt(i + 1) === LF) i += 1;
        }
        this.#end(text, start, i + 1, out);
        start = i + 1;
      } else if (this.#state === QUOTED) {
        if (c === QUOTE) this.#state = QUOTE_IN_QUOTED;
      } else if (c === delimiter) {
        this.#state = FIELD_START;
        this.#fields += 1;
        if (this.#fields > this.#maxFields && !this.#dropping) this.#drop();
      } else if (c === QUOTE && this.#quoted) {
        // Only a quote opening a field, or doubled inside one, quotes; any other is refused by
        // csv-parse, and that record is then one bad row.
        this.#state = this.#state === UNQUOTED ? UNQUOTED : QUOTED;
      } else {
        this.#state = UNQUOTED;
      }
    }
    this.#lastCr = text.charCodeAt(text.length - 1) === CR;
    if (start < text.length) this.#carry(text.slice(start));
    return out;
  }

  /** The last record, when the text does not end with a line break. */
  end(): SplitItem[] {
    const out: SplitItem[] = [];
    this.#crPending = false;
    if (this.#carriedLength > 0 || this.#dropping) this.#end('', 0, 0, out);
    return out;
  }

  #carry(piece: string): void {
    if (this.#dropping) return;
    this.#carried.push(piece);
    this.#carriedLength += piece.length;
    if (this.#carriedLength > this.#maxChars) this.#drop();
  }

  #drop(): void {
    this.#dropping = true;
    this.#carried = [];
    this.#carriedLength = 0;
  }

  /** Ends the current record with `text[start, end)`. */
  #end(text: string, start: number, end: number, out: SplitItem[]): void {
    if (!this.#dropping && this.#carriedLength + (end - start) > this.#maxChars) this.#drop();
    if (this.#dropping) {
      out.push({ kind: 'tooLarge', line: this.#recordLine });
    } else {
      this.#carried.push(text.slice(start, end));
      out.push({ kind: 'record', text: this.#carried.join(''), line: this.#recordLine });
    }
    this.#records += 1;
    this.#recordLine = this.#line;
    this.#carried = [];
    this.#carriedLength = 0;
    this.#dropping = false;
    this.#state = FIELD_START;
    this.#fields = 1;
  }
}

/** A record's cells, or null for a record that could not be read (with the line it starts on). */
export interface ReportRecord {
  cells: string[] | null;
  line: number;
}

function parseOptions(delimiter: ',' | '\t'): Options {
  return {
    delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    // Amazon's TSV does not quote and its product names may hold a stray quote.
    quote: delimiter === ',' ? '"' : false,
  };
}

/** Whole records' texts as cells: all at once, or record by record when one is refused. */
function* parseRecords(texts: { text: string; line: number }[], options: Options): Generator<ReportRecord> {
  if (texts.length === 0) return;
  try {
    const records = parse(texts.map((t) => t.text).join(''), options) as string[][];
    for (const cells of records) yield { cells, line: 0 };
    return;
  } catch {
    // One of them is bad: read them one by one below.
  }
  for (const { text, line } of texts) {
    let records: string[][];
    try {
      records = parse(text, options) as string[][];
    } catch {
      yield { cells: null, line };
      continue;
    }
    for (const cells of records) yield { cells, line };
  }
}

/**
 * The records of a report's text. A first record too large to be a header is refused as soon as
 * it is (400 `reportUnreadable`), without reading on to its end.
 */
export async function* reportRecords(
  texts: AsyncIterable<string>,
  delimiter: ',' | '\t',
  limits?: { maxChars?: number; maxFields?: number },
): AsyncGenerator<ReportRecord> {
  const splitter = new RecordSplitter(delimiter, limits);
  const options = parseOptions(delimiter);
  const flush = function* (items: SplitItem[]): Generator<ReportRecord> {
    let run: { text: string; line: number }[] = [];
    for (const item of items) {
      if (item.kind === 'record') {
        run.push(item);
        continue;
      }
      yield* parseRecords(run, options);
      run = [];
      yield { cells: null, line: item.line };
    }
    yield* parseRecords(run, options);
  };
  for await (const text of texts) {
    const items = splitter.push(text);
    if (splitter.records === 0 && splitter.dropping) throw httpError(400, 'reportUnreadable', { line: '1' });
    yield* flush(items);
  }
  yield* flush(splitter.end());
}
