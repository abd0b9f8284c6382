import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateMinor, allocateWholeUnits } from './allocate';
import { isValidJan, janCheckDigit, withJanCheckDigit } from './jan';
import { orderProfitYen, type ProfitInput } from './profit';
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

describe('profit, exact to the yen', () => {
  // Amounts in minor units: yen for JPY, paise for INR; rates in micro-units (1.8 → 1_800_000).
  const yenOrder = {
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
  it('subtracts fees, shipping and goods cost (yen order, no rate needed)', () => {
    // 5000 − 200 − 500 − 80 − 700 − 2 × 1000 = 1520
    expect(orderProfitYen(yenOrder)).toBe(1520);
  });
  it('converts rupee amounts at the order rate', () => {
    // ₹3000 − ₹300 − ₹100 = ₹2600 × 1.8 = ¥4680; custom ₹200 × 1.8 = ¥360;
    // 4680 − 700 − 360 − 2000 = ¥1620
    const p = orderProfitYen({
      ...yenOrder,
      currency: 'INR',
      baseOrderPrice: 300000,
      discount: 0,
      commission: 30000,
      closingFee: 0,
      gst: 10000,
      customFee: 20000,
      exchangeRate: 1_800_000,
    });
    expect(p).toBe(1620);
  });
  it('rounds up once at the end, not per term', () => {
    // ₹10.01 × 1.7 = ¥17.017, less custom ₹0.01 × 1.7 = ¥0.017, less goods ¥10: exactly ¥7
    // (rounding each term up first would give 18 − 1 − 10 = ¥7 only by luck; floats give 6.999…).
    const base = { ...yenOrder, currency: 'INR' as const, discount: 0, commission: 0, closingFee: 0 };
    expect(
      orderProfitYen({
        ...base,
        baseOrderPrice: 1001,
        gst: 0,
        shippingFee: 0,
        customFee: 1,
        orderQuantity: 1,
        purchasePrice: 10,
        exchangeRate: 1_700_000,
      }),
    ).toBe(7);
    // ₹0.07 × 100 = exactly ¥7 (0.07 * 100 in floats is 7.000000000000001, which ceils to 8).
    expect(
      orderProfitYen({
        ...base,
        baseOrderPrice: 7,
        gst: 0,
        shippingFee: 0,
        customFee: 0,
        orderQuantity: 1,
        purchasePrice: 0,
        exchangeRate: 100_000_000,
      }),
    ).toBe(7);
    // ₹19.99 × 1.733333 = ¥34.649326… → ¥35; a loss rounds up toward zero: −¥0.4 → ¥0.
    expect(
      orderProfitYen({
        ...base,
        baseOrderPrice: 1999,
        gst: 0,
        shippingFee: 0,
        customFee: 0,
        orderQuantity: 1,
        purchasePrice: 0,
        exchangeRate: 1_733_333,
      }),
    ).toBe(35);
    expect(
      orderProfitYen({
        ...base,
        baseOrderPrice: 60,
        gst: 0,
        shippingFee: 0,
        customFee: 0,
        orderQuantity: 1,
        purchasePrice: 1,
        exchangeRate: 1_000_000,
      }),
    ).toBe(0);
  });
  it('is the whole exact fraction rounded up once, whatever the amounts', () => {
    // The reference: every term over one denominator (paise × micro-rate is 10⁻⁸ yen), one ceil.
    const reference = (o: ProfitInput): number => {
      const scale = 100_000_000n;
      const rate = BigInt(o.exchangeRate ?? 0);
      const net = BigInt(o.baseOrderPrice - o.discount - o.commission - o.closingFee - o.gst);
      const numerator =
        (o.currency === 'JPY' ? net * scale : net * rate) -
        BigInt(o.shippingFee) * scale -
        BigInt(o.customFee) * rate -
        BigInt(o.purchasePrice ?? 0) * BigInt(o.orderQuantity) * scale;
      const quotient = numerator / scale;
      return Number(numerator % scale > 0n ? quotient + 1n : quotient);
    };
    const amount = fc.integer({ min: 0, max: 2_000_000_000 });
    const order = fc.record({
      currency: fc.constantFrom('JPY' as const, 'INR' as const),
      baseOrderPrice: amount,
      discount: amount,
      commission: amount,
      closingFee: amount,
      gst: amount,
      shippingFee: amount,
      customFee: fc.oneof(fc.constant(0), amount),
      orderQuantity: fc.integer({ min: 1, max: 100_000 }),
      purchasePrice: fc.integer({ min: 0, max: 100_000_000 }),
      exchangeRate: fc.integer({ min: 1, max: 2_147_483_647 }),
    });
    fc.assert(
      fc.property(order, (o) => {
        expect(orderProfitYen(o)).toBe(reference(o));
      }),
      { numRuns: 2000 },
    );
  });
  it('is unknown (a dash) without a purchase price or a needed rate', () => {
    expect(orderProfitYen({ ...yenOrder, purchasePrice: null })).toBeNull();
    expect(orderProfitYen({ ...yenOrder, currency: 'INR', exchangeRate: null })).toBeNull();
    // A yen order with a rupee custom fee needs a rate too.
    expect(orderProfitYen({ ...yenOrder, customFee: 500 })).toBeNull();
  });
});

describe('order status rules', () => {
  it('follows the transition table', () => {
    expect(checkTransition('RECEIVED', 'ACCEPTED')).toEqual({ ok: true });
    expect(checkTransition('ACCEPTED', 'PACKED')).toEqual({ ok: true });
    expect(checkTransition('AWAITING', 'BOOKED')).toEqual({ ok: true });
  });
  it('refuses with the fixed texts', () => {
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

describe('shares of a total', () => {
  it('split whole units by largest remainder, ties to the earlier weight', () => {
    // 1,000 yen by quantities 1/2/3: 166.67, 333.33, 500 → 166, 333, 500 and the one yen left
    // to the largest remainder (.67).
    expect(allocateMinor(1000, [1, 2, 3])).toEqual([167, 333, 500]);
    expect(allocateMinor(1, [1, 1, 1])).toEqual([1, 0, 0]);
  });

  it('give the paise below a whole rupee to the share that took the first leftover rupee', () => {
    // 1,000.50 rupees over 1,000 and 2,000: 333.33 and 666.67 → 333 and 667, the leftover rupee
    // went to the second (remainder .67), and so do the 50 paise.
    expect(allocateWholeUnits(100050, [1000, 2000], 100)).toEqual([33300, 66750]);
    // Equal remainders: the earlier one.
    expect(allocateWholeUnits(101, [1, 1], 100)).toEqual([101, 0]);
  });

  it('give them to the largest share when the rupees split exactly', () => {
    expect(allocateWholeUnits(30099, [1, 2], 100)).toEqual([10000, 20099]);
    expect(allocateWholeUnits(20099, [1, 1], 100)).toEqual([10099, 10000]);
  });

  it('add up to the total exactly, whatever the weights', () => {
    for (const [total, weights] of [
      [0, [3, 4]],
      [99, [0, 0, 0]],
      [123457, [19990, 1, 0, 7]],
      [2147483647, [5, 3, 2]],
    ] as [number, number[]][]) {
      const shares = allocateWholeUnits(total, weights, 100);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      expect(shares.every((s) => Number.isInteger(s) && s >= 0)).toBe(true);
    }
    expect(allocateWholeUnits(500, [], 100)).toEqual([]);
  });
});
