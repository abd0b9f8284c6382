import { describe, expect, it } from 'vitest';
import { formatMessage, MESSAGES } from '#shared/messages';
import type { Order } from '#shared/schemas/order';
import type { Product } from '#shared/schemas/product';
import {
  duplicateTarget,
  emptyLine,
  lineNetMinor,
  linesAlreadyInOrder,
  orderEntrySchema,
  orderTotalMinor,
  type OrderEntryValues,
} from './order-entry-form';

const product = (id: string) => ({ _id: id, name: `Product ${id}` }) as Product;

const messagesOf = (values: OrderEntryValues) => {
  const result = orderEntrySchema('Price').safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};
const withLine = (line: Partial<OrderEntryValues['lines'][number]>): OrderEntryValues => ({
  orderId: 'A-1',
  platformCode: 'AMAZONIND',
  lines: [{ ...emptyLine(), product: product('p1'), price: '100', discount: '0', quantity: '1', ...line }],
});

describe('order entry amounts', () => {
  it('tells a negative price or discount that it must be zero or more, not to enter a number', () => {
    const zeroOrMore = formatMessage('tooSmall', { min: 0 });
    expect(zeroOrMore).toBe('Must be at least 0');
    expect(messagesOf(withLine({ price: '-5' }))).toEqual({ 'lines.0.price': zeroOrMore });
    expect(messagesOf(withLine({ price: '-1,200.50' }))).toEqual({ 'lines.0.price': zeroOrMore });
    expect(messagesOf(withLine({ discount: '-1' }))).toEqual({ 'lines.0.discount': zeroOrMore });
    // Words are still not numbers.
    expect(messagesOf(withLine({ price: 'five' }))).toEqual({ 'lines.0.price': MESSAGES.enterNumber });
  });

  it('refuses a discount larger than the line total, naming the total', () => {
    expect(messagesOf(withLine({ price: '19.99', quantity: '2', discount: '40' }))).toEqual({
      'lines.0.discount': 'Must be at most 39.98',
    });
    expect(messagesOf(withLine({ price: '19.99', quantity: '2', discount: '39.98' }))).toEqual({});
  });

  it('shows each line after its discount and the order total, exact in paise', () => {
    expect(lineNetMinor({ price: '19.99', quantity: '3', discount: '1.50' })).toBe(5847);
    expect(lineNetMinor({ price: '0.1', quantity: '3', discount: '0.2' })).toBe(10);
    // While typing: no discount yet is none; a discount past the line or not a number is no total.
    expect(lineNetMinor({ price: '10', quantity: '2', discount: '' })).toBe(2000);
    expect(lineNetMinor({ price: '10', quantity: '2', discount: '20.01' })).toBeNull();
    expect(lineNetMinor({ price: '10', quantity: '2', discount: 'x' })).toBeNull();
    expect(lineNetMinor({ price: '10', quantity: '', discount: '0' })).toBeNull();
    const lines = [
      { price: '19.99', quantity: '3', discount: '1.50' },
      { price: '1,200', quantity: '2', discount: '0.01' },
      { price: '0.1', quantity: '1', discount: '0' },
    ];
    expect(orderTotalMinor(lines)).toBe(5847 + 239999 + 10);
    expect(orderTotalMinor([...lines, { price: '', quantity: '1', discount: '0' }])).toBeNull();
    expect(orderTotalMinor([])).toBeNull();
  });
});

describe('an order id already on the platform', () => {
  const stored = [{ product: product('p1') }, { product: product('p2') }, { product: null }] as Pick<
    Order,
    'product'
  >[];

  it('finds the lines whose product the stored order already has', () => {
    const values: OrderEntryValues = {
      orderId: 'A-1',
      platformCode: 'SHOPIFY',
      lines: [
        { ...emptyLine(), product: product('p3') },
        { ...emptyLine(), product: product('p2') },
        emptyLine(),
      ],
    };
    expect(linesAlreadyInOrder(values, stored)).toEqual([1]);
    expect(linesAlreadyInOrder(values, [])).toEqual([]);
  });

  it("reads which field the server's Duplicate field names, and a line's index", () => {
    const named = [{ field: 'orderId', code: 'duplicateField', message: MESSAGES.duplicateField }];
    expect(duplicateTarget('duplicateField', MESSAGES.duplicateField, named)).toEqual({ field: 'orderId' });
    expect(
      duplicateTarget('duplicateField', MESSAGES.duplicateField, [
        { field: '2.product', message: MESSAGES.duplicateField },
      ]),
    ).toEqual({ field: 'product', line: 2 });
    expect(duplicateTarget('duplicateField', MESSAGES.duplicateField, [])).toBeUndefined();
    expect(duplicateTarget('tooLarge', 'Must be at most 5', named)).toBeUndefined();
  });
});
