import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { allocateMinor } from '#shared/domain/allocate';
import type { ImportSource } from '#shared/schemas/order-import';
import { HttpError } from '../http/errors';
import { FirstRows, dateCell, type ImportLine, type RowError, type UnmatchedRow } from './import-line';
import { openReport } from './order-import.service';
import { ReportDecoder, SNIFF_BYTES, decodeReport } from './report-decode';
import { RecordSplitter, reportRecords } from './report-records';
import { MAX_ORDER_ROWS } from './shopify-report';

const samples = join(import.meta.dirname, '../../../resources/samples');
const sample = (name: string) => new Uint8Array(readFileSync(join(samples, name)));
const TOKYO = 'Asia/Tokyo';
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** `bytes` in chunks of `size` (all at once by default), as a request's body arrives. */
async function* chunked(bytes: Uint8Array, size = bytes.length || 1): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

interface Read {
  lines: ImportLine[];
  errors: RowError[];
  unmatched: UnmatchedRow[];
}

/** A whole report read through the streaming reader, every item kept (only tests hold them all). */
async function read(source: ImportSource, input: string | Uint8Array, chunk?: number): Promise<Read> {
  const bytes = typeof input === 'string' ? bytesOf(input) : input;
  const report = await openReport({ chunks: chunked(bytes, chunk), limit: 1e9 }, source, TOKYO);
  const out: Read = { lines: [], errors: [], unmatched: [] };
  for await (const item of report.items) {
    if (item.kind === 'line') out.lines.push(item.line);
    else if (item.kind === 'error') out.errors.push(item.error);
    else out.unmatched.push(item.unmatched);
  }
  return out;
}

/** Text decoded chunk by chunk through one decoder. */
function decodeInChunks(bytes: Uint8Array, cuts: number[]): { text: string; encoding: string | null } {
  const decoder = new ReportDecoder();
  let text = '';
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    text += decoder.write(bytes.subarray(at, cut));
    at = cut;
  }
  text += decoder.end();
  return { text, encoding: decoder.encoding };
}

describe('decoding a report', () => {
  it('reads Shift_JIS as Japanese text, with the cp932 extensions (NEC ①, IBM 髙)', () => {
    const bytes = new Uint8Array(Buffer.from('8740eee082b682e182aa82e882b1', 'hex'));
    expect(decodeReport(bytes)).toEqual({ text: '①髙じゃがりこ', encoding: 'shift_jis' });
  });
  it('drops a UTF-8 BOM and keeps UTF-8 Japanese text', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('名前\tサラダ', 'utf8')]);
    expect(decodeReport(bytes)).toEqual({ text: '名前\tサラダ', encoding: 'utf-8' });
  });
  it('reads UTF-8 without a BOM, and UTF-16 with one', () => {
    expect(decodeReport(new Uint8Array(Buffer.from('チーズ', 'utf8'))).encoding).toBe('utf-8');
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('チーズ', 'utf16le')]);
    expect(decodeReport(utf16)).toEqual({ text: 'チーズ', encoding: 'utf-16le' });
  });
  it('reads what no encoding can as U+FFFD, so a report never yields ill-formed text', () => {
    // A lone surrogate in a UTF-16 report, invalid bytes after a UTF-8 BOM, bytes Shift_JIS lacks.
    const utf16 = new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x00, 0xd8, 0x42, 0x00]);
    expect(decodeReport(utf16).text).toBe('A\uFFFDB');
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xed, 0xa0, 0x80, 0x42]);
    expect(decodeReport(utf8).text).toBe('A\uFFFD\uFFFD\uFFFDB');
    const sjis = decodeReport(new Uint8Array([0x41, 0x85, 0x40, 0x42]));
    expect(sjis.encoding).toBe('shift_jis');
    for (const { text } of [decodeReport(utf16), decodeReport(utf8), sjis])
      expect(text.isWellFormed()).toBe(true);
  });
  it('detects the Amazon.co.jp sample as Shift_JIS and the Amazon.in one as UTF-8', () => {
    const jp = decodeReport(sample('amazon-jp-all-orders.txt'));
    expect(jp.encoding).toBe('shift_jis');
    expect(jp.text).toContain('カルビー じゃがりこ サラダ 57g');
    expect(jp.text).toContain('\r\n');
    expect(decodeReport(sample('amazon-in-all-orders.txt')).encoding).toBe('utf-8');
  });

  it('decodes the same at every cut: a Shift_JIS or UTF-8 character split between two chunks is joined', () => {
    for (const name of ['amazon-jp-all-orders.txt', 'amazon-in-all-orders.txt']) {
      const bytes = sample(name);
      const whole = decodeReport(bytes);
      for (let cut = 1; cut < bytes.length; cut++) {
        expect(decodeInChunks(bytes, [cut]), `${name} cut at ${cut}`).toEqual(whole);
      }
    }
    // Byte by byte: every double-byte character of the sample split, every time.
    const jp = sample('amazon-jp-all-orders.txt');
    const everyByte = Array.from({ length: jp.length - 1 }, (_, i) => i + 1);
    expect(decodeInChunks(jp, everyByte)).toEqual(decodeReport(jp));
  });

  it('takes a BOM that arrives alone, or a byte at a time, as a BOM', () => {
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('名前,サラダ', 'utf8')]);
    const expected = { text: '名前,サラダ', encoding: 'utf-8' };
    expect(decodeInChunks(utf8, [3])).toEqual(expected);
    expect(decodeInChunks(utf8, [1, 2, 3])).toEqual(expected);
    expect(decodeInChunks(utf8, [1])).toEqual(expected);
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('チーズ', 'utf16le')]);
    expect(decodeInChunks(utf16, [1, 2, 3, 5])).toEqual({ text: 'チーズ', encoding: 'utf-16le' });
    // A file that is a BOM and nothing else is empty text.
    expect(decodeInChunks(new Uint8Array([0xef, 0xbb, 0xbf]), [1])).toEqual({ text: '', encoding: 'utf-8' });
    // A first byte that only looks like a BOM's is text.
    expect(decodeInChunks(bytesOf('\u00efa'), [1])).toEqual({ text: '\u00efa', encoding: 'utf-8' });
  });

  it('passes ASCII on at once and decides on the first non-ASCII text, however far into the file', () => {
    const decoder = new ReportDecoder();
    // The header goes on before any Japanese text has been seen.
    expect(decoder.write(bytesOf('amazon-order-id\tsku\r\n'))).toBe('amazon-order-id\tsku\r\n');
    expect(decoder.encoding).toBeNull();
    const ascii = 'x'.repeat(SNIFF_BYTES * 3);
    expect(decoder.write(bytesOf(ascii))).toBe(ascii);
    // Shift_JIS after 12 KB of ASCII, cut inside its first character.
    const sjis = new Uint8Array(Buffer.from('82b682e182aa82e882b1'.repeat(SNIFF_BYTES / 5), 'hex'));
    let text = decoder.write(sjis.subarray(0, 1));
    text += decoder.write(sjis.subarray(1));
    text += decoder.end();
    expect(decoder.encoding).toBe('shift_jis');
    expect(text).toBe('じゃがりこ'.repeat(SNIFF_BYTES / 5));
  });
});

describe('the Amazon All Orders report', () => {
  it('turns the Amazon.co.jp sample into yen lines dated in Tokyo', async () => {
    const { lines, errors, unmatched } = await read('amazon', sample('amazon-jp-all-orders.txt'));
    expect(errors).toEqual([]);
    expect(unmatched).toEqual([]);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toEqual({
      row: 2,
      platformCode: 'AMAZONJP',
      orderId: '503-1048576-2270001',
      // 15:30 UTC on the 20th is past midnight in Tokyo.
      orderDate: '2026-11-21',
      sku: 'KUR-SNK-0001',
      asin: 'B0DR3HGOQI',
      name: 'カルビー じゃがりこ サラダ 57g',
      orderQuantity: 2,
      currency: 'JPY',
      baseOrderPrice: 1296,
      discount: 100,
      gst: 96,
      cancelled: false,
      customer: {
        name: '',
        email: '',
        phone: '',
        address: '',
        city: '世田谷区',
        state: '東京都',
        country: 'JP',
        postcode: '154-0001',
      },
    });
    const cancelled = lines.find((l) => l.orderId === '503-1048576-2270004');
    expect(cancelled).toMatchObject({ cancelled: true, orderQuantity: 0, baseOrderPrice: 0, row: 6 });
  });

  it('reads the samples alike in chunks of any size (CRLF, BOM and characters split between chunks)', async () => {
    for (const name of ['amazon-jp-all-orders.txt', 'amazon-in-all-orders.txt']) {
      const bytes = sample(name);
      const whole = await read('amazon', bytes);
      for (const size of [1, 2, 3, 5, 7, 64, 333]) {
        expect(await read('amazon', bytes, size), `${name} in chunks of ${size}`).toEqual(whole);
      }
    }
  });

  it('turns the Amazon.in sample into paise, and refuses a channel that is not ours', async () => {
    const { lines, errors } = await read('amazon', sample('amazon-in-all-orders.txt'));
    expect(
      lines.map((l) => [l.orderId, l.platformCode, l.baseOrderPrice, l.gst, l.discount, l.cancelled]),
    ).toEqual([
      ['404-7766554-0010001', 'AMAZONIND', 59800, 9122, 5000, false],
      ['404-7766554-0010002', 'AMAZONIND', 329900, 50324, 0, false],
      ['404-7766554-0010002', 'AMAZONIND', 0, 0, 0, true],
      ['404-7766554-0010003', 'AMAZONIND', 119650, 18252, 11965, false],
    ]);
    expect(errors).toEqual([
      {
        row: 6,
        code: 'importUnknownChannel',
        params: { channel: 'Non-Amazon' },
        message: 'Unknown sales channel: Non-Amazon',
      },
    ]);
  });

  it('finds columns by name in any order, ignores extra ones, and numbers bad rows', async () => {
    const text = [
      'Quantity\textra\tSKU\titem-price\tsales-channel\tpurchase-date\tamazon-order-id\tcurrency',
      '1\tx\tA-1\t1200\tAmazon.co.jp\t2026-01-02T01:00:00Z\t111\tJPY',
      '1\tx\tA-2\t12.5\tAmazon.co.jp\t2026-01-02T01:00:00Z\t112\tJPY',
      'two\tx\tA-3\t100\tAmazon.co.jp\t2026-01-02T01:00:00Z\t113\tJPY',
      '1\tx\tA-4\t100\tAmazon.in\t2026-01-02T01:00:00Z\t114\tJPY',
      '1\tx\tA-5\t100\tAmazon.co.jp\tyesterday\t115\tJPY',
      '1\tx\tA-6\t\tAmazon.co.jp\t2026-01-02T01:00:00Z\t116\tJPY',
      '1\tx\tA-\u00007\t100\tAmazon.co.jp\t2026-01-02T01:00:00Z\t117\tJPY',
    ].join('\n');
    const { lines, errors } = await read('amazon', text);
    expect(lines.map((l) => [l.sku, l.baseOrderPrice, l.orderDate])).toEqual([['A-1', 1200, '2026-01-02']]);
    expect(errors.map((e) => [e.row, e.code])).toEqual([
      [3, 'importBadAmount'],
      [4, 'importBadQuantity'],
      [5, 'importWrongCurrency'],
      [6, 'importBadDate'],
      [7, 'importEmptyValue'],
      // PostgreSQL cannot store NUL: refused on the row, on both databases alike.
      [8, 'controlCharacter'],
    ]);
    expect(errors[0]?.message).toBe('item-price: 12.5 is not an amount in JPY');
  });

  it('names the missing columns of a file that is not an All Orders report', async () => {
    await expect(read('amazon', 'amazon-order-id\tsku\n1\tA\n')).rejects.toThrow(HttpError);
    await expect(read('amazon', 'amazon-order-id\tsku\n1\tA\n')).rejects.toMatchObject({
      statusCode: 400,
      code: 'reportMissingColumns',
      params: { columns: 'purchase-date, sales-channel, quantity, item-price' },
    });
  });

  it('refuses an empty file, and a file that is a BOM alone, naming the platform to export it from', async () => {
    const empty = { code: 'reportFileEmpty', params: { platform: 'Amazon' } };
    await expect(read('amazon', '')).rejects.toMatchObject(empty);
    await expect(read('amazon', new Uint8Array([0xef, 0xbb, 0xbf]), 1)).rejects.toMatchObject(empty);
    await expect(read('shopify', '\r\n')).rejects.toMatchObject({
      code: 'reportFileEmpty',
      params: { platform: 'Shopify' },
    });
  });

  it("tells the other platform's report by its header, whichever delimiter it was read with", async () => {
    await expect(
      read('amazon', 'Name,Email,Created at,Lineitem quantity,Lineitem price,Lineitem sku\r\n'),
    ).rejects.toMatchObject({
      code: 'reportLooksLikeShopify',
    });
    await expect(
      read('shopify', 'amazon-order-id\tpurchase-date\tsales-channel\tsku\tquantity\titem-price\n'),
    ).rejects.toMatchObject({ code: 'reportLooksLikeAmazon' });
  });
});

describe('reading a report as it arrives', () => {
  const HEADER = 'amazon-order-id\tpurchase-date\tsales-channel\tsku\tquantity\titem-price\r\n';
  const row = (i: number) => `${i}\tnot a date\tAmazon.co.jp\tSKU-${i}\t1\t100\r\n`;

  /** An endless source of 64 KB chunks, counting what was taken from it and whether it was let go. */
  function endless(first: string, next: (i: number) => string) {
    const state = { chunks: 0, bytes: 0, returned: false };
    const chunks: AsyncIterable<Uint8Array> = {
      [Symbol.asyncIterator]() {
        let i = 0;
        let pending = first;
        return {
          async next() {
            while (Buffer.byteLength(pending) < 65536) pending += next(i++);
            const chunk = bytesOf(pending);
            pending = '';
            state.chunks += 1;
            state.bytes += chunk.length;
            return { value: chunk, done: false };
          },
          async return() {
            state.returned = true;
            return { value: undefined, done: true };
          },
        };
      },
    };
    return { chunks, state };
  }

  it('refuses a wrong header after its first line, without reading on, and lets the source go', async () => {
    const { chunks, state } = endless('line 1,of,a,file,that,is,no,report\r\n', (i) => `line ${i},x,y\r\n`);
    await expect(openReport({ chunks, limit: 1e12 }, 'amazon', TOKYO)).rejects.toMatchObject({
      statusCode: 400,
      code: 'reportMissingColumns',
    });
    expect(state.chunks).toBe(1);
    expect(state.returned).toBe(true);
  });

  it('refuses a first line longer than any header as soon as it is, not at its end', async () => {
    const { chunks, state } = endless('', () => 'x'.repeat(1000));
    await expect(openReport({ chunks, limit: 1e12 }, 'amazon', TOKYO)).rejects.toMatchObject({
      statusCode: 400,
      code: 'reportUnreadable',
    });
    // 1,000,000 characters at most, in 64 KB chunks.
    expect(state.bytes).toBeLessThan(1_100_000);
    expect(state.returned).toBe(true);
  });

  it('reads rows only as they are asked for: the source is never read far ahead of them', async () => {
    const { chunks, state } = endless(HEADER, row);
    const report = await openReport({ chunks, limit: 1e12 }, 'amazon', TOKYO);
    let taken = 0;
    for await (const item of report.items) {
      expect(item.kind).toBe('error');
      taken += 1;
      // Never more than the rows taken and a chunk ahead: nothing is gathered behind them.
      const ahead = state.bytes - (HEADER.length + taken * row(taken).length);
      if (ahead > 2 * 65536) expect.fail(`${ahead} bytes read ahead of row ${taken}`);
      if (taken === 30_000) break;
    }
    expect(state.returned).toBe(true);
  });

  it('stops at the size limit with a 413', async () => {
    const { chunks } = endless(HEADER, row);
    const report = await openReport({ chunks, limit: 100_000 }, 'amazon', TOKYO);
    const items = async () => {
      for await (const item of report.items) void item;
    };
    await expect(items()).rejects.toMatchObject({ statusCode: 413, code: 'bodyTooLarge' });
  });

  it('keeps the first rows of a list that grows without bound, and counts them all', () => {
    const list = new FirstRows<{ row: number }>(100);
    // Nearly in order, as a report's errors come: a batch's errors after its rows' reading errors.
    for (let block = 0; block < 1000; block++) {
      for (let i = 99; i >= 0; i--) list.add({ row: block * 100 + i + 2 });
    }
    expect(list.count).toBe(100_000);
    expect(list.rows.map((r) => r.row)).toEqual(Array.from({ length: 100 }, (_, i) => i + 2));
  });
});

describe('splitting records', () => {
  it('ends records at line breaks outside quotes only, wherever the pieces are cut', () => {
    const text = 'a,"b\r\nc",d\r\ne,"f""\ng"\rh,i\n\nlast';
    const whole = new RecordSplitter(',');
    const expected = [...whole.push(text), ...whole.end()];
    expect(expected).toEqual([
      { kind: 'record', text: 'a,"b\r\nc",d\r\n', line: 1 },
      { kind: 'record', text: 'e,"f""\ng"\r', line: 3 },
      { kind: 'record', text: 'h,i\n', line: 5 },
      { kind: 'record', text: '\n', line: 6 },
      { kind: 'record', text: 'last', line: 7 },
    ]);
    for (let cut = 1; cut < text.length; cut++) {
      const splitter = new RecordSplitter(',');
      const items = [
        ...splitter.push(text.slice(0, cut)),
        ...splitter.push(text.slice(cut)),
        ...splitter.end(),
      ];
      expect(items, `cut at ${cut}`).toEqual(expected);
    }
  });

  it('drops a record past its bounds and goes on with the next', async () => {
    async function* texts() {
      yield 'h1\th2\n';
      yield `a\tb\n${'\t'.repeat(50)}\n`;
      yield `${'x'.repeat(60)}\nc\td\n`;
    }
    const records = [];
    for await (const r of reportRecords(texts(), '\t', { maxFields: 20, maxChars: 50 })) records.push(r);
    expect(records).toEqual([
      { cells: ['h1', 'h2'], line: 0 },
      { cells: ['a', 'b'], line: 0 },
      { cells: null, line: 3 },
      { cells: null, line: 4 },
      { cells: ['c', 'd'], line: 0 },
    ]);
  });
});

describe('the Shopify orders export', () => {
  const readSample = (chunk?: number) => read('shopify', sample('shopify-orders.csv'), chunk);

  it('groups line items by order, prices lines as price × quantity and shares the discount exactly', async () => {
    const { lines, errors } = await readSample();
    expect(errors).toEqual([]);
    const first = lines.filter((l) => l.orderId === '#1001');
    // 100.00 over 698.00 and 199.00: 77.8149… and 22.1850…, in whole paise by largest remainder.
    expect(first.map((l) => [l.row, l.sku, l.orderQuantity, l.baseOrderPrice, l.discount])).toEqual([
      [2, 'KUR-SNK-0001', 2, 69800, 7781],
      [3, 'KUR-SNK-0013', 1, 19900, 2219],
    ]);
    // 21:10 in India on the 20th is 00:40 on the 21st in Tokyo.
    expect(first[0]?.orderDate).toBe('2026-11-21');
    expect(first[1]?.customer).toEqual(first[0]?.customer);
    const fourth = lines.filter((l) => l.orderId === '#1004');
    expect(fourth.map((l) => l.baseOrderPrice)).toEqual([29900, 89901, 0]);
    expect(fourth.reduce((sum, l) => sum + l.discount, 0)).toBe(10000);
  });

  it('imports the lines of an order that also has lines without a SKU, which are reported, not shared in', async () => {
    const { lines, errors, unmatched } = await readSample();
    expect(errors).toEqual([]);
    // Gift wrapping (on the row carrying the order's fields) and a tip: no SKU, no product.
    expect(unmatched).toEqual([
      { row: 9, sku: '', asin: '', name: 'Gift wrapping' },
      { row: 11, sku: '', asin: '', name: 'Tip' },
    ]);
    const fifth = lines.filter((l) => l.orderId === '#1005');
    // The whole discount of 20.00 on the one line imported, dated and addressed by the first row.
    expect(fifth).toMatchObject([
      { row: 10, sku: 'KUR-SNK-0001', baseOrderPrice: 34900, discount: 2000, orderDate: '2026-11-23' },
    ]);
    expect(fifth[0]?.customer?.name).toBe('Priya Nair');
  });

  it('reads the export alike in chunks of any size (a quoted line break cut between two chunks)', async () => {
    const whole = await readSample();
    const bytes = sample('shopify-orders.csv');
    const notes = Buffer.from(bytes).indexOf('delivery');
    for (const size of [1, 2, 3, 7, 64, 500, notes - 3, notes + 1]) {
      expect(await readSample(size), `chunks of ${size}`).toEqual(whole);
    }
  });

  it('reads quoted commas, quotes and line breaks as one row, and keeps counting rows after it', async () => {
    const { lines } = await readSample();
    const second = lines.find((l) => l.orderId === '#1002');
    expect(second?.customer?.address).toBe('Flat 7B, "Sea View", Marine Drive');
    expect(second?.row).toBe(4);
    expect(lines.find((l) => l.orderId === '#1003')?.row).toBe(5);
  });

  it('marks an order with a Cancelled at time as cancelled', async () => {
    const { lines } = await readSample();
    expect(lines.filter((l) => l.cancelled).map((l) => l.orderId)).toEqual(['#1003']);
  });

  it('reports every row of an order with a bad row, so no line is imported without its discount share', async () => {
    const text = [
      'Name,Created at,Currency,Discount Amount,Lineitem quantity,Lineitem price,Lineitem sku,Cancelled at',
      '#1,2026-01-01 10:00:00 +0530,INR,10.00,1,100.00,A,',
      '#1,,,,1,abc,B,',
      '#2,2026-01-01 10:00:00 +0530,USD,0,1,100.00,A,',
      '#3,2026-01-01 10:00:00 +0530,INR,0,1,100.00,A,',
    ].join('\r\n');
    const { lines, errors } = await read('shopify', text);
    expect(lines.map((l) => l.orderId)).toEqual(['#3']);
    expect(errors.map((e) => [e.row, e.code])).toEqual([
      [2, 'importOrderHasErrors'],
      [3, 'importBadAmount'],
      [4, 'importWrongCurrency'],
    ]);
  });

  it('reports a row it cannot read with its line, reads on, and imports no order it may have cut', async () => {
    const text = [
      'Name,Created at,Currency,Discount Amount,Lineitem quantity,Lineitem price,Lineitem sku,Notes',
      '#1,2026-01-01 10:00:00 +0530,INR,10.00,1,100.00,A,"two',
      'lines"',
      '#1,,,,1,"stray "quote,B,',
      '#1,,,,1,50.00,C,',
      '#2,2026-01-01 10:00:00 +0530,INR,0,1,100.00,A,',
      '#3,2026-01-01 10:00:00 +0530,INR,0,1,100.00,A,"unclosed',
      '#4,2026-01-01 10:00:00 +0530,INR,0,1,100.00,A,',
    ].join('\n');
    const { lines, errors } = await read('shopify', text);
    expect(lines.map((l) => l.orderId)).toEqual(['#2']);
    // An order's errors come when its rows end, after a row read on the way: the import sorts them.
    errors.sort((a, b) => a.row - b.row);
    expect(errors.map((e) => [e.row, e.code, e.params])).toEqual([
      [2, 'importOrderHasErrors', { orderId: '#1' }],
      [3, 'importUnreadableRow', { line: 4 }],
      [4, 'importOrderHasErrors', { orderId: '#1' }],
      // The unclosed quote takes the rest of the file with it: one row that cannot be read.
      [6, 'importUnreadableRow', { line: 7 }],
    ]);
  });

  it(`holds at most ${MAX_ORDER_ROWS} rows of one order, and reports every row of a longer one`, async () => {
    const rows = Array.from({ length: MAX_ORDER_ROWS + 5 }, () => '#9,2026-01-01 10:00:00 +0530,1,1.00,A');
    const text = [
      'Name,Created at,Lineitem quantity,Lineitem price,Lineitem sku',
      ...rows,
      '#10,2026-01-01,1,1.00,B',
    ];
    const { lines, errors } = await read('shopify', text.join('\n'));
    expect(lines.map((l) => l.orderId)).toEqual(['#10']);
    expect(errors).toHaveLength(MAX_ORDER_ROWS + 5);
    expect(errors.every((e) => e.code === 'importOrderTooLarge')).toBe(true);
  });
});

describe('a timestamp as the date in the business time zone', () => {
  it('agrees with Luxon around the year, daylight saving changes and odd offsets included', () => {
    const zones = ['Asia/Tokyo', 'Asia/Kolkata', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
    let ms = Date.UTC(2025, 0, 1);
    for (let i = 0; i < 4000; i++) {
      // Steps of about 2 h 11 min: every hour of the day, over most of a year.
      ms += 7_877_000;
      const utc = new Date(ms).toISOString();
      for (const zone of zones) {
        const expected = DateTime.fromMillis(ms, { zone }).toISODate();
        expect(dateCell(utc, 'purchase-date', zone, 'utc'), `${utc} in ${zone}`).toBe(expected);
        // Amazon's offset form and Shopify's, as written in another zone.
        const there = DateTime.fromMillis(ms, { zone: i % 2 ? 'Asia/Kolkata' : 'America/Los_Angeles' });
        const amazon = there.toISO({ suppressMilliseconds: true }) as string;
        const shopify = there.toFormat('yyyy-MM-dd HH:mm:ss ZZZ');
        expect(dateCell(amazon, 'purchase-date', zone, 'utc'), `${amazon} in ${zone}`).toBe(expected);
        expect(dateCell(shopify, 'Created at', zone, zone), `${shopify} in ${zone}`).toBe(expected);
      }
    }
    // Shopify's form, with its own offset, and a time without one read in the zone assumed.
    expect(dateCell('2026-11-20 23:50:05 +0530', 'Created at', 'Asia/Tokyo', 'Asia/Tokyo')).toBe(
      '2026-11-21',
    );
    expect(dateCell('2026-11-20 23:50:05', 'Created at', 'Asia/Kolkata', 'Asia/Kolkata')).toBe('2026-11-20');
    expect(dateCell('2026-11-20 23:50 +0530', 'Created at', 'Asia/Tokyo', 'Asia/Tokyo')).toBe('2026-11-21');
    for (const bad of ['2026-02-30T00:00:00Z', '2026-13-01 10:00:00 +0530', '2026-11-20T25:00:00Z', 'soon']) {
      expect(() => dateCell(bad, 'purchase-date', 'Asia/Tokyo', 'utc'), bad).toThrow(
        expect.objectContaining({ code: 'importBadDate' }),
      );
    }
  });
});

describe('sharing an amount by largest remainder', () => {
  it('adds up exactly and gives leftover units to the largest remainders', () => {
    expect(allocateMinor(10000, [69800, 19900])).toEqual([7781, 2219]);
    expect(allocateMinor(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateMinor(5, [0, 0])).toEqual([3, 2]);
    expect(allocateMinor(0, [5, 7])).toEqual([0, 0]);
    expect(allocateMinor(-7, [1, 1])).toEqual([-4, -3]);
  });
  it('holds for random splits', () => {
    for (let i = 0; i < 500; i++) {
      const weights = Array.from({ length: 1 + (i % 7) }, (_, k) => (i * 7919 + k * 104729) % 100000);
      const total = (i * 48271) % 1_000_000;
      const shares = allocateMinor(total, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      const sum = weights.reduce((a, b) => a + b, 0) || weights.length;
      shares.forEach((share, k) => {
        const exact =
          (total * (sum === weights.length && weights.every((w) => w === 0) ? 1 : (weights[k] as number))) /
          sum;
        expect(Math.abs(share - exact)).toBeLessThan(1);
      });
    }
  });
});
