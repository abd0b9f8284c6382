/**
 * The cost simulator on cases worked out by hand. Notation as in simulator.ts: r yen per rupee,
 * q units, c commission, d customs duty, F closing fee per unit (₹), B purchase price and
 * S shipping per unit (¥), k = (1 − d)·100/118 − c − h, fixed = r·F·q + (B + S)·q + handling ¥.
 * P* = (T + fixed) / (r·k) for a yen target, fixed / (r·(k − t·100/118)) for a percentage one;
 * P = P* rounded up to a whole rupee; N = P·100/118.
 */
import { describe, expect, it } from 'vitest';
import {
  checkSimulationInputs,
  readDecimal,
  simulate,
  SIMULATION_RULES,
  unitsToText,
  type SimulationInputs,
  type SimulationResult,
} from './simulator';

const inputs = (over: Partial<SimulationInputs> = {}): SimulationInputs => ({
  purchasePrice: '1000',
  quantity: '1',
  exchangeRate: '2',
  shippingCost: '200',
  customsDuty: '0',
  commission: '10',
  closingFee: '20',
  handling: null,
  target: { type: 'amount', value: '500' },
  ...over,
});

function priced(result: SimulationResult) {
  if (result.status !== 'priced') throw new Error(`expected a price, got ${result.status}`);
  return result;
}

describe('simulate: hand-worked cases', () => {
  it('a yen target with no duty and no handling (every line checked)', () => {
    // r = 2, B = 1000, S = 200, q = 1, c = 10%, F = ₹20, d = 0, T = ¥500.
    // k = 100/118 − 0.10 = 88.2/118. fixed = 2·20 + 1200 = 1240. T + fixed = 1740.
    // P* = 1740 / (2 · 88.2/118) = 1740·118 / 176.4 = 205320 / 176.4 = 1163.945… → P = ₹1,164.
    const result = priced(simulate(inputs()));
    expect(result.price).toBe(1164);
    // N = 116400/118 = 986.440677…; tax = 1164 − N = 177.559322…
    // profit = 2·(986.440677 − 116.4 − 20 − 0) − 1000 − 200 = 1700.081355 − 1200 = 500.081355 → ¥501.
    expect(result.profit).toBe(501);
    expect(result.breakdown).toEqual({
      sellingPrice: { inr: 1164, jpy: 2328 }, // 1164 × 2
      tax: { inr: 177.56, jpy: 355 }, // 177.559322 ₹; × 2 = 355.118644 ¥
      priceBeforeTax: { inr: 986.44, jpy: 1973 }, // 986.440677 ₹; × 2 = 1972.881355 ¥
      commission: { inr: 116.4, jpy: 233 }, // 10% of 1164; × 2 = 232.8
      closingFees: { inr: 20, jpy: 40 },
      customsDuty: { inr: 0, jpy: 0 },
      handling: { inr: 0, jpy: 0 },
      purchaseCost: { inr: 500, jpy: 1000 }, // 1000 ¥ / 2
      shipping: { inr: 100, jpy: 200 },
      profit: { inr: 250.05, jpy: 501 }, // 500.081355 / 2 = 250.040677 ₹, rounded up to the paisa
    });
  });

  it('decimals that floats get wrong, and an exactly whole price that rounding up leaves alone', () => {
    // r = 1.7, B = 700, S = 110, q = 1, c = 5%, F = ₹61.5, d = 15.5%, T = ¥2,760.
    // At P = 3245: N = 3245·100/118 = 2750 exactly; c·P = 162.25; d·N = 426.25;
    // N − c·P − F − d·N = 2750 − 162.25 − 61.5 − 426.25 = 2100; × 1.7 = 3570; − 700 − 110 = 2760 = T.
    // So P* = 3245 exactly, and rounding it up must give 3245, not 3246.
    const exact = inputs({
      exchangeRate: '1.7',
      purchasePrice: '700',
      shippingCost: '110',
      commission: '5',
      closingFee: '61.5',
      customsDuty: '15.5',
      target: { type: 'amount', value: '2760' },
    });
    const result = priced(simulate(exact));
    expect(result.price).toBe(3245);
    expect(result.profit).toBe(2760);
    expect(result.breakdown).toEqual({
      sellingPrice: { inr: 3245, jpy: 5517 }, // × 1.7 = 5516.5, half up
      tax: { inr: 495, jpy: 842 }, // 3245 − 2750; × 1.7 = 841.5
      priceBeforeTax: { inr: 2750, jpy: 4675 },
      commission: { inr: 162.25, jpy: 276 }, // × 1.7 = 275.825
      closingFees: { inr: 61.5, jpy: 105 }, // × 1.7 = 104.55
      customsDuty: { inr: 426.25, jpy: 725 }, // × 1.7 = 724.625
      handling: { inr: 0, jpy: 0 },
      purchaseCost: { inr: 411.76, jpy: 700 }, // 700 / 1.7 = 411.7647…
      shipping: { inr: 64.71, jpy: 110 }, // 110 / 1.7 = 64.7058…
      profit: { inr: 1623.53, jpy: 2760 }, // 2760 / 1.7 = 1623.5294… up
    });
    // The same formula in binary floats lands a hair above 3245 and would charge ₹1 more.
    const k = (1 - 0.155) / 1.18 - 0.05;
    const floatPrice = (2760 + 1.7 * 61.5 * 1 + (700 + 110) * 1) / (1.7 * k);
    expect(floatPrice).toBeGreaterThan(3245);
    expect(Math.ceil(floatPrice)).toBe(3246);
  });

  it('a percentage target: t of the price before tax, in yen', () => {
    // r = 1.5, B = 800, S = 150, q = 2, c = 15%, F = ₹30, d = 10%, t = 20%.
    // k = 0.9·100/118 − 0.15 = (90 − 17.7)/118 = 72.3/118; k − 0.2·100/118 = 52.3/118.
    // fixed = 1.5·30·2 + (800 + 150)·2 = 90 + 1900 = 1990.
    // P* = 1990 / (1.5 · 52.3/118) = 234820 / 78.45 = 2993.244… → P = ₹2,994.
    const result = priced(
      simulate(
        inputs({
          exchangeRate: '1.5',
          purchasePrice: '800',
          shippingCost: '150',
          quantity: '2',
          commission: '15',
          closingFee: '30',
          customsDuty: '10',
          target: { type: 'percentage', value: '20' },
        }),
      ),
    );
    expect(result.price).toBe(2994);
    // N = 299400/118 = 2537.288135; 0.9·N = 2283.559322; c·P = 449.1; F·q = 60.
    // profit = 1.5·(2283.559322 − 449.1 − 60) − 1900 = 2661.688983 − 1900 = 761.688983 → ¥762,
    // at least the target 0.2 · 1.5 · 2537.288135 = 761.186.
    expect(result.profit).toBe(762);
    expect(result.breakdown.priceBeforeTax).toEqual({ inr: 2537.29, jpy: 3806 });
    expect(result.breakdown.customsDuty).toEqual({ inr: 253.73, jpy: 381 }); // 0.1·N
    expect(result.breakdown.closingFees).toEqual({ inr: 60, jpy: 90 });
    expect(result.breakdown.purchaseCost).toEqual({ inr: 1066.67, jpy: 1600 }); // 1600 / 1.5
  });

  it('a percentage handling charge: a share of the final price', () => {
    // r = 1.8, B = 1500, S = 250, q = 1, c = 8%, F = 0, d = 20%, h = 2.5%, T = ¥1,000.
    // k = 0.8·100/118 − 0.08 − 0.025 = (80 − 12.39)/118 = 67.61/118. T + fixed = 1000 + 1750 = 2750.
    // P* = 2750 / (1.8 · 67.61/118) = 324500 / 121.698 = 2666.437… → P = ₹2,667.
    const result = priced(
      simulate(
        inputs({
          exchangeRate: '1.8',
          purchasePrice: '1500',
          shippingCost: '250',
          commission: '8',
          closingFee: '0',
          customsDuty: '20',
          handling: { type: 'percentage', value: '2.5' },
          target: { type: 'amount', value: '1000' },
        }),
      ),
    );
    expect(result.price).toBe(2667);
    // N = 2260.169492; 0.8·N = 1808.135593; c·P = 213.36; handling = 0.025·2667 = ₹66.675 = ¥120.015.
    // profit = 1.8·(1808.135593 − 213.36) − 1750 − 120.015 = 2870.596068 − 1870.015 = 1000.581 → ¥1,001.
    expect(result.profit).toBe(1001);
    expect(result.breakdown.handling).toEqual({ inr: 66.68, jpy: 120 });
    expect(result.breakdown.commission).toEqual({ inr: 213.36, jpy: 384 });
  });

  it('a handling charge in yen: a fixed cost', () => {
    // As above with ¥300 of handling instead: k = 0.8·100/118 − 0.08 = 70.56/118.
    // T + fixed = 1000 + 1750 + 300 = 3050; P* = 3050·118 / (1.8·70.56) = 359900 / 127.008
    // = 2833.68 → P = ₹2,834. N = 2401.694915; 0.8·N = 1921.355932; c·P = 226.72;
    // profit = 1.8·(1921.355932 − 226.72) − 1750 − 300 = 3050.344678 − 2050 = 1000.34 → ¥1,001.
    const result = priced(
      simulate(
        inputs({
          exchangeRate: '1.8',
          purchasePrice: '1500',
          shippingCost: '250',
          commission: '8',
          closingFee: '0',
          customsDuty: '20',
          handling: { type: 'amount', value: '300' },
          target: { type: 'amount', value: '1000' },
        }),
      ),
    );
    expect(result.price).toBe(2834);
    expect(result.profit).toBe(1001);
    expect(result.breakdown.handling).toEqual({ inr: 166.67, jpy: 300 }); // 300 / 1.8
  });

  it('a negative target, and a negative profit rounded up toward +∞', () => {
    // r = 1.75, B = 2000, S = 300, q = 1, c = 15%, F = ₹25, d = 10%, T = −¥400.
    // k = 0.9·100/118 − 0.15 = 72.3/118; T + fixed = −400 + 1.75·25 + 2300 = 1943.75.
    // P* = 1943.75·118 / (1.75·72.3) = 229362.5 / 126.525 = 1812.78 → P = ₹1,813.
    const result = priced(
      simulate(
        inputs({
          exchangeRate: '1.75',
          purchasePrice: '2000',
          shippingCost: '300',
          commission: '15',
          closingFee: '25',
          customsDuty: '10',
          target: { type: 'amount', value: '-400' },
        }),
      ),
    );
    expect(result.price).toBe(1813);
    // N = 1536.440678; 0.9·N = 1382.79661; c·P = 271.95;
    // profit = 1.75·(1382.79661 − 271.95 − 25) − 2300 = 1900.231568 − 2300 = −399.768 → −¥399
    // (up is toward +∞: −399, not −400); in rupees −228.4391 → −₹228.43.
    expect(result.profit).toBe(-399);
    expect(result.breakdown.profit).toEqual({ inr: -228.43, jpy: -399 });
  });

  it('never a price below ₹0', () => {
    // r = 2, B = 100, S = 0, c = 10%, F = 0, d = 0, T = −¥5,000: P* = (−5000 + 100) / (2·88.2/118) < 0.
    // At P = 0 the profit is −¥100, which already meets the target.
    const result = priced(
      simulate(
        inputs({
          purchasePrice: '100',
          shippingCost: '0',
          closingFee: '0',
          target: { type: 'amount', value: '-5000' },
        }),
      ),
    );
    expect(result.price).toBe(0);
    expect(result.profit).toBe(-100);
    expect(result.breakdown.purchaseCost).toEqual({ inr: 50, jpy: 100 });
  });

  it('says so when no price reaches the target', () => {
    // c = 50%, d = 41%: k = 0.59·100/118 − 0.5 = 0.5 − 0.5 = 0: more price earns nothing more.
    const flat = inputs({
      exchangeRate: '1.7',
      commission: '50',
      customsDuty: '41',
      target: { type: 'amount', value: '0' },
    });
    expect(simulate(flat)).toEqual({ status: 'unreachable' });
    // c = 90%: k = 100/118 − 0.9 < 0, every rupee more loses money.
    expect(simulate(inputs({ commission: '90' }))).toEqual({ status: 'unreachable' });
    // c = 15%, d = 10%, t = 72.3%: k − t·100/118 = (90 − 17.7 − 72.3)/118 = 0.
    const percentage = inputs({
      commission: '15',
      customsDuty: '10',
      target: { type: 'percentage', value: '72.3' },
    });
    expect(simulate(percentage)).toEqual({ status: 'unreachable' });
    // 72.29% leaves a hair of margin: reachable, at a high price.
    expect(simulate({ ...percentage, target: { type: 'percentage', value: '72.29' } }).status).toBe('priced');
  });

  it('says so when the price would be beyond what an amount holds', () => {
    // k = 0.01/118 per rupee of P (c = 84.74%): ¥2,000,000,000 of target needs a price in the billions.
    const result = simulate(inputs({ commission: '84.74', target: { type: 'amount', value: '2000000000' } }));
    expect(result).toEqual({ status: 'tooHigh', maxPrice: 20_000_000 });
  });

  it('reads every input from its decimal text', () => {
    const typed = inputs({ purchasePrice: '1,000', commission: '10.00', exchangeRate: ' 2.000000 ' });
    expect(priced(simulate(typed)).price).toBe(1164);
  });
});

describe('simulation inputs', () => {
  it('names every field that is wrong, with a message code', () => {
    const problems = checkSimulationInputs(
      inputs({
        purchasePrice: '',
        quantity: '1.5',
        exchangeRate: '0',
        commission: '100.01',
        closingFee: '1.234',
        customsDuty: 'abc',
        handling: { type: 'amount', value: '12.5' },
        target: { type: 'percentage', value: '-100.01' },
      }),
    );
    expect(problems).toEqual([
      { field: 'purchasePrice', code: 'required' },
      { field: 'quantity', code: 'notWholeNumber' },
      { field: 'exchangeRate', code: 'tooSmall', params: { min: '0.000001' } },
      { field: 'customsDuty', code: 'notANumber' },
      { field: 'commission', code: 'tooLarge', params: { max: '100' } },
      { field: 'closingFee', code: 'tooManyDecimals', params: { max: 2 } },
      { field: 'handling', code: 'notWholeNumber' },
      { field: 'target', code: 'tooSmall', params: { min: '-100' } },
    ]);
    expect(() => simulate(inputs({ quantity: '0' }))).toThrow(RangeError);
    expect(checkSimulationInputs(inputs())).toEqual([]);
  });

  it('keeps what was typed as canonical decimal text', () => {
    expect(readDecimal('015.50', SIMULATION_RULES.commission)).toEqual({
      ok: true,
      units: 1550n,
      text: '15.5',
    });
    expect(readDecimal(1.734512, SIMULATION_RULES.exchangeRate)).toEqual({
      ok: true,
      units: 1_734_512n,
      text: '1.734512',
    });
    expect(readDecimal('1e3', SIMULATION_RULES.purchasePrice)).toEqual({ ok: false, code: 'notANumber' });
    expect(unitsToText(-5n, 2)).toBe('-0.05');
  });
});
