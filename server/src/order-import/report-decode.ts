/**
 * The bytes of a platform report as text. Amazon.co.jp hands out its reports in Shift_JIS
 * (Windows cp932) as often as in UTF-8, and a UTF-8 file may start with a BOM; the seller cannot
 * be asked which. UTF-8 is strict: Shift_JIS text containing kana or kanji is almost never valid
 * UTF-8, so a file that does not decode as UTF-8 is read as Shift_JIS (Node's full ICU carries
 * the WHATWG `shift_jis` decoder, which is cp932 with its NEC and IBM extensions).
 *
 * Each decoder reads what it cannot as U+FFFD, so the text is always well-formed: a lone
 * surrogate in a UTF-16 report, or a byte Shift_JIS lacks, becomes one and the row reads on.
 */
export type ReportEncoding = 'utf-8' | 'utf-16le' | 'shift_jis';

export interface DecodedReport {
  text: string;
  encoding: ReportEncoding;
}

export function decodeReport(bytes: Uint8Array): DecodedReport {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  }
  // Excel's "Unicode text" export: UTF-16 little-endian with its BOM.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('shift_jis').decode(bytes), encoding: 'shift_jis' };
  }
}
