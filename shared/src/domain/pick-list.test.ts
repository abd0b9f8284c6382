import { describe, expect, it } from 'vitest';
import { compareNatural, groupPickList, type PickLine } from './pick-list';

const line = (orderId: string, productId: string, shelf: string | null, quantity: number): PickLine => ({
  orderId,
  productId,
  name: `Product ${productId}`,
  nameJa: null,
  sku: `SKU-${productId}`,
  jan: '4901234567894',
  shelf,
  quantity,
});

describe('natural order', () => {
  it('compares runs of digits as numbers and letters without case', () => {
    const shelves = ['A-10', 'b-1', 'A-2', 'A-1', 'B-02', 'A-9', 'B-10'];
    expect([...shelves].sort(compareNatural)).toEqual(['A-1', 'A-2', 'A-9', 'A-10', 'b-1', 'B-02', 'B-10']);
  });

  it('is total: texts the collator calls equal still have one order', () => {
    expect(compareNatural('a-1', 'A-1')).not.toBe(0);
    expect(Math.sign(compareNatural('a-1', 'A-1'))).toBe(-Math.sign(compareNatural('A-1', 'a-1')));
  });
});

describe('pick list grouping', () => {
  it('orders shelves naturally and puts products without a shelf last', () => {
    const list = groupPickList([
      line('O-1', 'p1', null, 1),
      line('O-1', 'p2', 'A-10', 1),
      line('O-2', 'p3', 'A-2', 1),
      line('O-2', 'p4', '  ', 1),
      line('O-3', 'p5', 'B-1', 1),
    ]);
    expect(list.shelves.map((s) => s.shelf)).toEqual(['A-2', 'A-10', 'B-1', null]);
    // A blank shelf is no shelf.
    expect(list.shelves.at(-1)?.products.map((p) => p.productId)).toEqual(['p1', 'p4']);
  });

  it('lists each product once with its total and the orders it goes to, a repeated order summed', () => {
    const list = groupPickList([
      line('503-2', 'tea', 'A-1', 2),
      line('503-10', 'tea', 'A-1', 1),
      line('503-1', 'tea', 'A-1', 3),
      line('503-2', 'tea', 'A-1', 4),
      line('503-1', 'cup', 'A-1', 1),
    ]);
    expect(list.orders).toBe(3);
    expect(list.units).toBe(11);
    const [shelf] = list.shelves;
    expect(shelf?.units).toBe(11);
    expect(shelf?.products.map((p) => [p.productId, p.quantity])).toEqual([
      ['cup', 1],
      ['tea', 10],
    ]);
    expect(shelf?.products[1]?.orders).toEqual([
      { orderId: '503-1', quantity: 3 },
      { orderId: '503-2', quantity: 6 },
      { orderId: '503-10', quantity: 1 },
    ]);
  });

  it('answers no shelves for no lines', () => {
    expect(groupPickList([])).toEqual({ shelves: [], orders: 0, units: 0 });
  });
});
