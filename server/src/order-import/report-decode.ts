/**
 * The bytes of a platform report as text, decoded as they arrive. Amazon.co.jp hands out its
 * reports in Shift_JIS (Windows cp932) as often as in UTF-8, and a UTF-8 file may start with a
 * BOM; the seller cannot be asked which. So the encoding is told from the first bytes:
 *
 * - a BOM names it (UTF-8, or Excel's "Unicode text": UTF-16 with its BOM);
 * - otherwise the text is ASCII until its first byte above 0x7F (the header of every report is),
 *   and ASCII reads the same in UTF-8 and Shift_JIS, so it is passed on at once; from that byte
 *   on, a window of {@link SNIFF_BYTES} is tested as strict UTF-8. Shift_JIS text holding kana or
 *   kanji is almost never valid UTF-8 (its lead bytes 0x81–0x9F are UTF-8 continuation bytes), so
 *   a window that does not decode as UTF-8 is Shift_JIS (Node's full ICU carries the WHATWG
 *   `shift_jis` decoder, which is cp932 with its NEC and IBM extensions).
 *
 * Once chosen, the decoder runs in stream mode (a character split between two chunks is joined)
 * and replaces bytes that do not decode with U+FFFD rather than refusing the file: a report whose
 * later rows are in another encoding shows the damage in those rows' values only. So the text is
 * always well-formed: a lone surrogate in a UTF-16 report, or a byte Shift_JIS lacks, becomes
 * U+FFFD and the row reads on.
 */
import { TextDecoder } from 'node:util';
import { httpError } from '../http/errors';

export type ReportEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'shift_jis';

/** How much text after its first non-ASCII byte decides between UTF-8 and Shift_JIS. */
export const SNIFF_BYTES = 4096;

/** How much of a chunk is decoded and handed on at once. */
const PIECE_BYTES = 8192;

const BOMS: [bytes: number[], encoding: ReportEncoding][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

const EMPTY = new Uint8Array(0);
// windows-1252 (what WHATWG calls latin1): one character per byte, ASCII below 0x80.
const ascii = new TextDecoder('latin1');
const NOT_ASCII = /[\u0080-\uffff]/;

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function isUtf8(bytes: Uint8Array, final: boolean): boolean {
  try {
    // stream: a window cut in the middle of a character is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !final });
    return true;
  } catch {
    return false;
  }
}

/** A report's bytes in, its text out, chunk by chunk. */
export class ReportDecoder {
  #encoding: ReportEncoding | null = null;
  #decoder: TextDecoder | null = null;
  /** Bytes held while the encoding is undecided: a partial BOM, or the sniffing window. */
  #pending: Uint8Array = EMPTY;
  #bomChecked = false;

  /** The encoding, once the bytes seen so far decided it. */
  get encoding(): ReportEncoding | null {
    return this.#encoding;
  }

  write(chunk: Uint8Array): string {
    if (this.#decoder) return this.#decoder.decode(chunk, { stream: true });
    this.#pending = concat(this.#pending, chunk);
    return this.#decide(false);
  }

  end(): string {
    const text = this.#decoder ? '' : this.#decide(true);
    return text + (this.#decoder?.decode() ?? '');
  }

  #start(encoding: ReportEncoding, rest: Uint8Array, final: boolean): string {
    this.#encoding = encoding;
    this.#decoder = new TextDecoder(encoding, { ignoreBOM: true });
    this.#pending = EMPTY;
    return this.#decoder.decode(rest, { stream: !final });
  }

  #decide(final: boolean): string {
    const bytes = this.#pending;
    if (!this.#bomChecked) {
      for (const [bom, encoding] of BOMS) {
        const seen = Math.min(bom.length, bytes.length);
        if (bytes.length === 0 || !bom.slice(0, seen).every((b, i) => bytes[i] === b)) continue;
        if (bytes.length >= bom.length) return this.#start(encoding, bytes.subarray(bom.length), final);
        // A first chunk too short to tell (a BOM's first byte alone): wait for the next.
        if (!final) return '';
      }
      if (bytes.length === 0 && !final) return '';
      this.#bomChecked = true;
    }
    // Found natively: a report of ASCII alone stays in this step to its end.
    const asText = ascii.decode(bytes);
    const firstHigh = asText.search(NOT_ASCII);
    if (firstHigh === -1) {
      this.#pending = EMPTY;
      if (final) this.#encoding ??= 'utf-8';
      return asText;
    }
    const head = asText.slice(0, firstHigh);
    const window = bytes.subarray(firstHigh);
    if (window.length < SNIFF_BYTES && !final) {
      this.#pending = window;
      return head;
    }
    return head + this.#start(isUtf8(window, final) ? 'utf-8' : 'shift_jis', window, final);
  }
}

export interface DecodedReport {
  text: string;
  encoding: ReportEncoding;
}

/** A whole report's bytes as text (its encoding told as {@link ReportDecoder} tells it). */
export function decodeReport(bytes: Uint8Array): DecodedReport {
  const decoder = new ReportDecoder();
  const text = decoder.write(bytes) + decoder.end();
  return { text, encoding: decoder.encoding ?? 'utf-8' };
}

/**
 * The text of a report arriving as chunks of bytes. More than `limit` bytes is a 413. A failure of
 * the source itself (a client gone, a form cut short) is the client's to mend: a 400 saying to
 * send the file, unless it is a 413 already.
 */
export async function* decodeChunks(
  source: AsyncIterable<Uint8Array>,
  limit: number,
  counted: { bytes: number } = { bytes: 0 },
): AsyncGenerator<string> {
  const decoder = new ReportDecoder();
  const iterator = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await iterator.next();
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 413) throw httpError(413, 'bodyTooLarge');
        throw httpError(400, 'reportBodyRequired');
      }
      if (next.done) break;
      const chunk = next.value;
      counted.bytes += chunk.length;
      if (counted.bytes > limit) throw httpError(413, 'bodyTooLarge');
      // A few KB at a time: everything read from a piece lives until its last row is done, and a
      // socket's 64 KB with its rows outlived V8's young generation, filling the old one with
      // garbage between its collections (the server's peak memory, not what it kept).
      for (let at = 0; at < chunk.length; at += PIECE_BYTES) {
        const text = decoder.write(chunk.subarray(at, at + PIECE_BYTES));
        if (text) yield text;
      }
    }
    const rest = decoder.end();
    if (rest) yield rest;
  } finally {
    // Stopped early (a wrong header, an error): the source is told, and may stop reading.
    await Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
}
