import { describe, expect, it } from 'vitest';
import { isRequired, MESSAGES } from '#shared/messages';
import { orderEntryLineSchema, type Order } from '#shared/schemas/order';
import type { Product } from '#shared/schemas/product';
import { orderEditForm, orderEditOf } from './order-edit';
import { emptyLine, orderEntryLines, orderEntrySchema, type OrderEntryValues } from './order-entry-form';
import { lineFees, lineTotal } from './order-money';

const product = (id: string) => ({ _id: id, name: `Product ${id}` }) as Product;

const messagesOf = (values: OrderEntryValues) => {
  const result = orderEntrySchema('Price').safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('manual order entry form', () => {
  it('names every missing field with the fixed texts at once', () => {
    expect(messagesOf({ orderId: '  ', platformCode: '', lines: [emptyLine()] })).toEqual({
      orderId: MESSAGES.orderIdRequired,
      platformCode: MESSAGES.platformRequired,
      'lines.0.product': MESSAGES.productsRequired,
      'lines.0.price': isRequired('Price'),
      'lines.0.discount': MESSAGES.enterNumber,
      'lines.0.quantity': MESSAGES.invalidQuantity,
    });
    expect(messagesOf({ orderId: 'A-1', platformCode: 'AMAZONIND', lines: [] })).toEqual({
      lines: MESSAGES.productsRequired,
    });
  });

  it('refuses words, negative, fractional and zero quantities, and rupees with three decimals', () => {
    const line = { product: product('p1'), price: '10.005', discount: 'ten', quantity: '1.5' };
    expect(messagesOf({ orderId: 'A-1', platformCode: 'SHOPIFY', lines: [line] })).toEqual({
      'lines.0.price': 'At most 2 decimal places',
      'lines.0.discount': MESSAGES.enterNumber,
      'lines.0.quantity': MESSAGES.invalidQuantity,
    });
    for (const quantity of ['0', '-1', 'x', '']) {
      expect(
        messagesOf({
          orderId: 'A',
          platformCode: 'SHOPIFY',
          lines: [{ ...line, price: '1', discount: '0', quantity }],
        }),
      ).toEqual({ 'lines.0.quantity': MESSAGES.invalidQuantity });
    }
  });

  it('offers only Amazon India and the own shop', () => {
    const line = { product: product('p1'), price: '1', discount: '0', quantity: '1' };
    const values = { orderId: 'A', platformCode: 'AMAZONJP', lines: [line] } as unknown as OrderEntryValues;
    expect(messagesOf(values)).toEqual({ platformCode: MESSAGES.platformRequired });
  });

  it('refuses the same product twice in one order', () => {
    const line = { product: product('p1'), price: '1', discount: '0', quantity: '1' };
    expect(messagesOf({ orderId: 'A', platformCode: 'SHOPIFY', lines: [line, { ...line }] })).toEqual({
      'lines.1.product': MESSAGES.duplicateField,
    });
  });

  it('sends each line total (unit price × quantity, exact in paise) in rupees, valid for the API', () => {
    const values: OrderEntryValues = {
      orderId: ' 402-111 ',
      platformCode: 'AMAZONIND',
      lines: [
        { product: product('p1'), price: '19.99', discount: '1.50', quantity: '3' },
        { product: product('p2'), price: '1,200', discount: '0', quantity: ' 2 ' },
      ],
    };
    expect(messagesOf(values)).toEqual({});
    const lines = orderEntryLines(values, '2026-11-24');
    expect(lines).toEqual([
      {
        product: 'p1',
        platformCode: 'AMAZONIND',
        baseOrderPrice: 59.97,
        discount: 1.5,
        currency: 'INR',
        orderId: '402-111',
        orderQuantity: 3,
        shipmentStatus: 'RECEIVED',
        orderDate: '2026-11-24',
      },
      expect.objectContaining({ product: 'p2', baseOrderPrice: 2400, discount: 0, orderQuantity: 2 }),
    ]);
    for (const line of lines) expect(orderEntryLineSchema.safeParse(line).success).toBe(true);
  });
});

describe('order amounts', () => {
  it('multiplies and adds in minor units, never in floats', () => {
    expect(lineTotal('0.1', '3', 'INR')).toBe(0.3);
    expect(lineTotal('19.99', '100', 'INR')).toBe(1999);
    expect(lineTotal('1.005', '1', 'INR')).toBeNull();
    expect(lineTotal('1.5', '2', 'JPY')).toBeNull();
    expect(lineTotal('10', 'two', 'INR')).toBeNull();
    expect(lineFees({ currency: 'INR', closingFee: 0.1, commission: 0.2, gst: 0.4 }).platformFee).toBe(0.7);
  });
});

describe('order edit', () => {
  const order = {
    _id: 'o1',
    currency: 'INR',
    discount: 10,
    commission: 5.5,
    closingFee: 0,
    gst: 1.8,
    handlingFee: 0,
    shippingFee: 300,
    expectedShippingDate: null,
    customer: null,
  } as unknown as Order;

  it('sends only what changed, shipping fee in whole yen', () => {
    const text = {
      ...orderEditForm(order),
      commission: '6.25',
      expectedShippingDate: '2026-12-01',
      'customer.name': 'Asha',
    };
    const result = orderEditOf(order, text);
    expect(result).toEqual({
      ok: true,
      edit: {
        commission: 6.25,
        expectedShippingDate: '2026-12-01',
        customer: expect.objectContaining({ name: 'Asha', email: '' }),
      },
    });
    expect(orderEditOf(order, orderEditForm(order))).toEqual({ ok: true, edit: {} });
  });

  it('sends the whole customer when any part of it changed, each part trimmed', () => {
    const customer = {
      name: 'Asha Rao',
      email: 'asha@example.in',
      phone: '+91 98200 00000',
      address: '12 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      country: 'India',
      postcode: '411001',
    };
    const stored = { ...order, customer } as Order;
    expect(orderEditForm(stored)).toMatchObject({ 'customer.city': 'Pune', 'customer.postcode': '411001' });
    expect(orderEditOf(stored, orderEditForm(stored))).toEqual({ ok: true, edit: {} });
    const moved = { ...orderEditForm(stored), 'customer.city': ' Mumbai ', 'customer.postcode': '400001' };
    expect(orderEditOf(stored, moved)).toEqual({
      ok: true,
      edit: { customer: { ...customer, city: 'Mumbai', postcode: '400001' } },
    });
  });

  it('refuses amounts the currency cannot hold', () => {
    const result = orderEditOf(order, { ...orderEditForm(order), shippingFee: '300.5', gst: 'abc' });
    expect(result).toEqual({
      ok: false,
      errors: { shippingFee: 'At most 0 decimal places', gst: MESSAGES.enterNumber },
    });
  });
});
