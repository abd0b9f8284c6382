import { describe, expect, it } from 'vitest';
import { BarcodeError, drawBarcode, isDrawable } from '../src/documents/barcode';
import { renderPdf } from '../src/documents/pdf';

describe('barcodes', () => {
  it('draws only a JAN whose check digit is right', () => {
    expect(isDrawable('ean13', '4901234567894')).toBe(true);
    expect(isDrawable('ean13', '4901234567890')).toBe(false);
    expect(isDrawable('ean13', '490123456789')).toBe(false);
    expect(isDrawable('ean8', '49123456')).toBe(true);
    expect(isDrawable('code128', 'SHP-2026-0042')).toBe(true);
    expect(isDrawable('code128', '出荷')).toBe(false);
  });

  it('refuses a wrong check digit instead of printing another product', async () => {
    await expect(
      renderPdf({ title: 'Labels' }, (doc) => {
        drawBarcode(doc, { type: 'ean13', text: '4901234567890', x: 40, y: 40, width: 120 });
      }),
    ).rejects.toBeInstanceOf(BarcodeError);
  });

  it('draws bars as vectors at the width asked, taller bars pushing the digits down', async () => {
    const heights: number[] = [];
    const bytes = await renderPdf({ title: 'Labels' }, (doc) => {
      heights.push(drawBarcode(doc, { type: 'ean13', text: '4901234567894', x: 40, y: 40, width: 120 }));
      heights.push(
        drawBarcode(doc, {
          type: 'ean13',
          text: '4901234567894',
          x: 40,
          y: 140,
          width: 120,
          barHeightMm: 20,
        }),
      );
      heights.push(
        drawBarcode(doc, { type: 'code128', text: 'SHP-42', x: 40, y: 240, width: 200, withText: false }),
      );
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const [short = 0, tall = 0, code128 = 0] = heights;
    // 8 mm more bars (22.7 pt) at the same width.
    expect(tall - short).toBeCloseTo((8 * 72) / 25.4, 0);
    expect(code128).toBeCloseTo((12 * 72) / 25.4, 0);
  });
});
