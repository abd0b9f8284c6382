import { describe, expect, it } from 'vitest';
import { labelQuantity, productLabelsPath } from './product-labels';

describe('product labels request', () => {
  it('sends parallel lists of ids and quantities with the sheet and the start', () => {
    expect(
      productLabelsPath({
        items: [
          { id: 'a', quantity: 2 },
          { id: 'b c', quantity: 1 },
        ],
        perPage: 40,
        start: 5,
      }),
    ).toBe('labels/products.pdf?ids=a,b%20c&quantities=2,1&perPage=40&start=5');
  });

  it('takes quantities from 1 to 500 only', () => {
    expect(labelQuantity('1')).toBe(1);
    expect(labelQuantity(' 500 ')).toBe(500);
    for (const text of ['0', '501', '1.5', '', 'x', '-1', '1e2'])
      expect(labelQuantity(text), text).toBeNull();
  });
});
