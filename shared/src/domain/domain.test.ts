import { describe, expect, it } from 'vitest';
import { isValidJan, janCheckDigit, withJanCheckDigit } from './jan';
import { orderProfitYen } from './profit';
import { checkBulkTransition, checkTransition } from './order-status';
import { periodRange } from './periods';
import { MESSAGES } from '../messages';

describe('JAN codes', () => {
  it.each(['4901330502881', '4902102072618', '49123456'])('accepts %s', (code) => {
    expect(isValidJan(code)).toBe(true);
  });
  it.each(['4901330502882', '490133050288', 'ABCDEFGHIJKLM', '', '49013305028811'])('rejects %s', (code) => {
    expect(isValidJan(code)).toBe(false);
  });
  it('completes a body with its check digit', () => {
    expect(withJanCheckDigit('490133050288')).toBe('4901330502881');
    expect(janCheckDigit('4912345')).toBe(6);
  });
});

describe('profit (SPEC §9, DESIGN §3)', () => {
  const base = {
    currency: 'JPY' as const,
    baseOrderPrice: 5000,
    discount: 200,
    commission: 500,
    closingFee: 80,
    gst: 0,
    shippingFee: 700,
    customFee: 0,
    orderQuantity: 2,
    purchasePrice: 1000,
    exchangeRate: null,
  };
  it('subtracts fees, shipping and goods cost (yen order)', () => {
    expect(orderProfitYen(base)).toBe(5000 - 200 - 500 - 80 - 700 - 2000);
  });
  it('converts rupee amounts at the order rate', () => {
    const p = orderProfitYen({
      ...base,
      currency: 'INR',
      baseOrderPrice: 3000,
      discount: 0,
      commission: 300,
      closingFee: 0,
      gst: 100,
      customFee: 200,
      exchangeRate: 1.8,
    });
    expect(p).toBeCloseTo((3000 - 300 - 100) * 1.8 - 700 - 200 * 1.8 - 2000, 6);
  });
  it('is unknown (a dash) without a purchase price or a needed rate', () => {
    expect(orderProfitYen({ ...base, purchasePrice: null })).toBeNull();
    expect(orderProfitYen({ ...base, currency: 'INR', exchangeRate: null })).toBeNull();
  });
});

describe('order status rules', () => {
  it('follows the transition table', () => {
    expect(checkTransition('RECEIVED', 'ACCEPTED')).toEqual({ ok: true });
    expect(checkTransition('ACCEPTED', 'PACKED')).toEqual({ ok: true });
    expect(checkTransition('AWAITING', 'BOOKED')).toEqual({ ok: true });
  });
  it('speaks the spec messages', () => {
    expect(checkTransition('COMPLETED', 'RECEIVED')).toEqual({
      ok: false,
      message: MESSAGES.cannotChangeFinal,
    });
    expect(checkTransition('CANCELLED', 'ACCEPTED')).toEqual({
      ok: false,
      message: MESSAGES.cannotChangeFinal,
    });
    expect(checkTransition('PACKED', 'SHIPPED')).toEqual({ ok: false, message: MESSAGES.visitCombine });
    expect(checkTransition('RECEIVED', 'BOOKED')).toEqual({ ok: false, message: MESSAGES.onlyAwaiting });
    expect(checkTransition('RECEIVED', 'PACKED')).toEqual({
      ok: false,
      message: MESSAGES.cannotChangeStatus,
    });
    expect(checkBulkTransition(['RECEIVED', 'ACCEPTED'], 'CANCELLED')).toEqual({
      ok: false,
      message: MESSAGES.statusMustBeSame,
    });
    expect(checkBulkTransition([], 'CANCELLED')).toEqual({
      ok: false,
      message: MESSAGES.selectOrdersToSetStatus,
    });
  });
});

describe('periods (Tokyo business days)', () => {
  const now = new Date('2026-11-22T16:30:00Z'); // already 23 Nov in Tokyo
  it('month, week, day and quarter', () => {
    expect(periodRange('month', now)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodRange('week', now)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodRange('day', now)).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(periodRange('quarter', now)).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });
});
