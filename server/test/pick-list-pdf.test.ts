import { describe, expect, it } from 'vitest';
import type { PickListAnswer } from '#shared/schemas/labels';
import { pickListPdf } from '../src/documents/pick-list.pdf';
import { readPdf } from './helpers/pdf';

/** A shelf with more products than a page holds, then a short one. */
function longList(): PickListAnswer {
  const products = Array.from({ length: 45 }, (_, i) => ({
    productId: `p${i}`,
    name: `Product ${String(i + 1).padStart(2, '0')}`,
    nameJa: i % 3 === 0 ? `商品 ${i + 1}` : null,
    sku: `SKU-${i + 1}`,
    jan: `49${String(i).padStart(11, '0')}`,
    quantity: 2,
    orders: [
      { orderId: `503-${i}`, quantity: 1 },
      { orderId: `504-${i}`, quantity: 1 },
    ],
  }));
  return {
    date: '2026-11-27',
    orders: 90,
    units: 92,
    shelves: [
      { shelf: 'A-1', units: 90, products },
      {
        shelf: null,
        units: 2,
        products: [{ ...products[0]!, productId: 'loose', name: 'Furoshiki cloth', sku: 'LOOSE' }],
      },
    ],
  };
}

describe('the pick list on paper', () => {
  it("repeats a shelf's name and the table's header on each page it runs onto, and numbers the pages", async () => {
    const { pages, text } = await readPdf(await pickListPdf(longList(), 'en'));
    expect(pages).toBeGreaterThanOrEqual(2);
    for (const [i, page] of text.entries()) {
      expect(page, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages}`);
      expect(page, `page ${i + 1}`).toMatch(/Product\s+SKU\s+JAN\s+Qty\s+Orders \(quantity\)/);
    }
    expect(text[0]).toContain('Shelf A-1');
    expect(text[0]).not.toContain('(continued)');
    expect(text[1]).toContain('Shelf A-1 (continued)');
    // Every product is on the list once, in order, across the pages.
    const all = text.join('\n');
    const at = Array.from({ length: 45 }, (_, i) => all.indexOf(`Product ${String(i + 1).padStart(2, '0')}`));
    expect(at.every((n) => n >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(all.indexOf('No shelf')).toBeGreaterThan(at[44]!);
  });

  it('says the same in Japanese', async () => {
    const { pages, text } = await readPdf(await pickListPdf(longList(), 'ja'));
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text[1]).toContain('棚番号 A-1（続き）');
    expect(text[1]).toMatch(/商品\s+SKU\s+JAN\s+数量/);
    expect(text[pages - 1]).toContain(`${pages} / ${pages} ページ`);
  });
});
