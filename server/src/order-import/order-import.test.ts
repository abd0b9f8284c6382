import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allocateMinor } from '#shared/domain/allocate';
import { HttpError } from '../http/errors';
import { readAmazonReport } from './amazon-report';
import { decodeReport } from './report-decode';
import { readShopifyReport } from './shopify-report';

const samples = join(import.meta.dirname, '../../../resources/samples');
const sample = (name: string) => new Uint8Array(readFileSync(join(samples, name)));
const TOKYO = 'Asia/Tokyo';

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
});

describe('the Amazon All Orders report', () => {
  it('turns the Amazon.co.jp sample into yen lines dated in Tokyo', () => {
    const { lines, errors } = readAmazonReport(decodeReport(sample('amazon-jp-all-orders.txt')).text, TOKYO);
    expect(errors).toEqual([]);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toEqual({
      row: 2,
      platformCode: 'AMAZONJP',
      orderId: '503-1048576-2270001',
      // 15:30 UTC on the 20th is past midnight in Tokyo.
      orderDate: '2026-11-21',
      sku: 'KUR-SNK-0001',
      asin: 'B0DR3HGOQI',
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

  it('turns the Amazon.in sample into paise, and refuses a channel that is not ours', () => {
    const { lines, errors } = readAmazonReport(decodeReport(sample('amazon-in-all-orders.txt')).text, TOKYO);
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

  it('finds columns by name in any order, ignores extra ones, and numbers bad rows', () => {
    const text = [
      'Quantity\textra\tSKU\titem-price\tsales-channel\tpurchase-date\tamazon-order-id\tcurrency',
      '1\tx\tA-1\t1200\tAmazon.co.jp\t2026-01-02T01:00:00Z\t111\tJPY',
      '1\tx\tA-2\t12.5\tAmazon.co.jp\t2026-01-02T01:00:00Z\t112\tJPY',
      'two\tx\tA-3\t100\tAmazon.co.jp\t2026-01-02T01:00:00Z\t113\tJPY',
      '1\tx\tA-4\t100\tAmazon.in\t2026-01-02T01:00:00Z\t114\tJPY',
      '1\tx\tA-5\t100\tAmazon.co.jp\tyesterday\t115\tJPY',
      '1\tx\tA-6\t\tAmazon.co.jp\t2026-01-02T01:00:00Z\t116\tJPY',
    ].join('\n');
    const { lines, errors } = readAmazonReport(text, TOKYO);
    expect(lines.map((l) => [l.sku, l.baseOrderPrice, l.orderDate])).toEqual([['A-1', 1200, '2026-01-02']]);
    expect(errors.map((e) => [e.row, e.code])).toEqual([
      [3, 'importBadAmount'],
      [4, 'importBadQuantity'],
      [5, 'importWrongCurrency'],
      [6, 'importBadDate'],
      [7, 'importEmptyValue'],
    ]);
    expect(errors[0]?.message).toBe('item-price: 12.5 is not an amount in JPY');
  });

  it('names the missing columns of a file that is not an All Orders report', () => {
    const attempt = () => readAmazonReport('amazon-order-id\tsku\n1\tA\n', TOKYO);
    expect(attempt).toThrow(HttpError);
    try {
      attempt();
    } catch (error) {
      expect(error).toMatchObject({
        statusCode: 400,
        code: 'reportMissingColumns',
        params: { columns: 'purchase-date, sales-channel, quantity, item-price' },
      });
    }
  });

  it('refuses an empty file', () => {
    expect(() => readAmazonReport('', TOKYO)).toThrow(expect.objectContaining({ code: 'reportEmpty' }));
  });
});

describe('the Shopify orders export', () => {
  const read = () => readShopifyReport(decodeReport(sample('shopify-orders.csv')).text, TOKYO);

  it('groups line items by order, prices lines as price × quantity and shares the discount exactly', () => {
    const { lines, errors } = read();
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

  it('reads quoted commas, quotes and line breaks as one row, and keeps counting rows after it', () => {
    const { lines } = read();
    const second = lines.find((l) => l.orderId === '#1002');
    expect(second?.customer?.address).toBe('Flat 7B, "Sea View", Marine Drive');
    expect(second?.row).toBe(4);
    expect(lines.find((l) => l.orderId === '#1003')?.row).toBe(5);
  });

  it('marks an order with a Cancelled at time as cancelled', () => {
    const { lines } = read();
    expect(lines.filter((l) => l.cancelled).map((l) => l.orderId)).toEqual(['#1003']);
  });

  it('reports every row of an order with a bad row, so no line is imported without its discount share', () => {
    const text = [
      'Name,Created at,Currency,Discount Amount,Lineitem quantity,Lineitem price,Lineitem sku,Cancelled at',
      '#1,2026-01-01 10:00:00 +0530,INR,10.00,1,100.00,A,',
      '#1,,,,1,abc,B,',
      '#2,2026-01-01 10:00:00 +0530,USD,0,1,100.00,A,',
      '#3,2026-01-01 10:00:00 +0530,INR,0,1,100.00,A,',
    ].join('\r\n');
    const { lines, errors } = readShopifyReport(text, TOKYO);
    expect(lines.map((l) => l.orderId)).toEqual(['#3']);
    expect(errors.map((e) => [e.row, e.code])).toEqual([
      [2, 'importOrderHasErrors'],
      [3, 'importBadAmount'],
      [4, 'importWrongCurrency'],
    ]);
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
