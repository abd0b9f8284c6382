/**
 * The cost simulator: the final selling price in India that earns a target profit on goods
 * bought in Japan, and what that price is made of. Pure and exact, as money.ts asks: every input
 * is read from its decimal text into integers, the arithmetic runs on BigInt fractions, and a
 * figure is rounded once, when it is shown.
 *
 * The model. P is the final selling price in rupees for the whole quantity, **including 18%
 * tax** (GST); N = P / 1.18 is the price before tax. With r the rate (yen per rupee), q the
 * quantity, c the platform's commission (a share of P), the closing fee per unit (rupees), d the
 * customs duty (a share of N), and the purchase price and shipping cost per unit (yen):
 *
 *   profit(P) = r × (N − c·P − closingFee·q − d·N) − purchasePrice·q − shipping·q − handling
 *
 * in yen, where handling is h·r·P for a percentage handling charge h (a share of P) or the
 * yen amount of an amount charge (none: 0). Written as a line in P:
 *
 *   profit(P) = r·k·P − fixed,   k = (1 − d)·100/118 − c − h,
 *   fixed = r·closingFee·q + (purchasePrice + shipping)·q + handling amount
 *
 * The target is an amount T in yen (profit(P) = T) or a percentage t of the price before tax,
 * in yen (profit(P) = t·r·N = t·r·P·100/118). So P* = (T + fixed) / (r·k), or
 * P* = fixed / (r·(k − t·100/118)). When the factor multiplying P (r·k, or r·(k − t·100/118))
 * is zero or negative, no price reaches the target: the result says so. Otherwise profit grows
 * with P, and the answer is the smallest whole rupee at or above P* — P* **rounded up**, which
 * here always means toward +∞ (never away from zero) — and never below ₹0, since a negative
 * target can be met by a price below nothing.
 *
 * Rounding of what is shown: the price is whole rupees; the profit at that price is rounded up
 * (toward +∞) to a whole yen, and its rupee figure up to the paisa. Every other line of the
 * breakdown is its exact value to the nearest paisa or yen (half away from zero). The price
 * before tax is P × 5000/59 paise, never exactly a half, so it and the tax, each to the nearest
 * paisa, always add up to P.
 */
import {
  MAX_AMOUNT,
  MAX_QUANTITY,
  MAX_UNIT_PRICE,
  ORDER_ENTRY_PLATFORMS,
  type HandlingFeeType,
} from '../constants';
import type { MessageKey, MessageParams } from '../messages';
import { MAX_MINOR, parseDecimal, RATE_DECIMALS } from './money';

/** The simulator sells on Amazon India and the own shop: in rupees. */
export const SIMULATOR_PLATFORMS = ORDER_ENTRY_PLATFORMS;
export type SimulatorPlatform = (typeof SIMULATOR_PLATFORMS)[number];

/** The tax (GST) the final price includes, in percent. */
export const SIMULATOR_TAX_PERCENT = 18;

export const TARGET_TYPES = ['amount', 'percentage'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

/** Percentages (commission, duty, handling, target) are kept to 2 decimals, as handling charges are. */
export const PERCENT_DECIMALS = 2;
export { MAX_QUANTITY };
/** The highest price the simulator answers, in whole rupees: the bound of an order's amounts. */
export const MAX_SIMULATED_PRICE = MAX_AMOUNT.INR;

/**
 * A simulation's inputs as typed: decimal texts, read exactly. Yen amounts are whole yen, the
 * closing fee has at most 2 decimals (paise), the rate at most 6, percentages at most 2.
 */
export interface SimulationInputs {
  /** Yen per unit. */
  purchasePrice: string;
  /** Units (whole, at least 1). */
  quantity: string;
  /** Yen per rupee. */
  exchangeRate: string;
  /** Yen per unit. */
  shippingCost: string;
  /** Percent of the price before tax. */
  customsDuty: string;
  /** Percent of the final price. */
  commission: string;
  /** Rupees per unit. */
  closingFee: string;
  /** A percentage of the final price, or yen; null for none. */
  handling: { type: HandlingFeeType; value: string } | null;
  /** Yen, or a percentage of the price before tax (in yen). */
  target: { type: TargetType; value: string };
}

/** How one input is read: its decimals and bounds, in units of its last decimal. */
export interface DecimalRule {
  decimals: number;
  min: bigint;
  max: bigint;
}

/** Yen per unit (purchase price, shipping cost), as a product's purchase price is bounded. */
const unitYenRule: DecimalRule = { decimals: 0, min: 0n, max: BigInt(MAX_UNIT_PRICE.JPY) };
const percentRule: DecimalRule = { decimals: PERCENT_DECIMALS, min: 0n, max: 10_000n };

/** Every input's rule; the API's schema and the screen's form read with these. */
export const SIMULATION_RULES = {
  purchasePrice: unitYenRule,
  quantity: { decimals: 0, min: 1n, max: BigInt(MAX_QUANTITY) },
  exchangeRate: { decimals: RATE_DECIMALS, min: 1n, max: BigInt(MAX_MINOR) },
  shippingCost: unitYenRule,
  customsDuty: percentRule,
  commission: percentRule,
  /** Rupees per unit, in paise. */
  closingFee: { decimals: 2, min: 0n, max: BigInt(MAX_UNIT_PRICE.INR) * 100n },
  handlingPercentage: percentRule,
  handlingAmount: { decimals: 0, min: 0n, max: BigInt(MAX_AMOUNT.JPY) },
  targetAmount: { decimals: 0, min: -BigInt(MAX_AMOUNT.JPY), max: BigInt(MAX_AMOUNT.JPY) },
  targetPercentage: { decimals: PERCENT_DECIMALS, min: -10_000n, max: 10_000n },
} as const satisfies Record<string, DecimalRule>;
export type SimulationRuleName = keyof typeof SIMULATION_RULES;

export const handlingRule = (type: HandlingFeeType): DecimalRule =>
  type === 'percentage' ? SIMULATION_RULES.handlingPercentage : SIMULATION_RULES.handlingAmount;
export const targetRule = (type: TargetType): DecimalRule =>
  type === 'percentage' ? SIMULATION_RULES.targetPercentage : SIMULATION_RULES.targetAmount;

/** `units` of a value with `decimals` places as plain decimal text: 1550n, 2 → '15.5'. */
export function unitsToText(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = decimals === 0 ? digits : digits.slice(0, -decimals);
  const fraction = decimals === 0 ? '' : digits.slice(-decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export type DecimalRead =
  { ok: true; units: bigint; text: string } | { ok: false; code: MessageKey; params?: MessageParams };

/**
 * Reads one input by its rule: a number (through its shortest text) or decimal text, with
 * thousands separators allowed ('1,980'). Answers the exact units and the canonical text
 * ('015.50' → '15.5'), or the message code of what is wrong.
 */
export function readDecimal(input: number | string, rule: DecimalRule): DecimalRead {
  const text = typeof input === 'string' ? input.trim().replace(/,/g, '') : input;
  if (text === '') return { ok: false, code: 'required' };
  const parsed = parseDecimal(text, rule.decimals);
  if (!parsed.ok) {
    const { code } = parsed.error;
    if (code === 'tooManyDecimals' && rule.decimals === 0) return { ok: false, code: 'notWholeNumber' };
    if (code === 'tooLarge')
      return { ok: false, code, params: { max: unitsToText(rule.max, rule.decimals) } };
    if (code === 'tooSmall')
      return { ok: false, code, params: { min: unitsToText(rule.min, rule.decimals) } };
    return { ok: false, code, ...(parsed.error.params ? { params: parsed.error.params } : {}) };
  }
  if (parsed.units < rule.min) {
    return { ok: false, code: 'tooSmall', params: { min: unitsToText(rule.min, rule.decimals) } };
  }
  if (parsed.units > rule.max) {
    return { ok: false, code: 'tooLarge', params: { max: unitsToText(rule.max, rule.decimals) } };
  }
  return { ok: true, units: parsed.units, text: unitsToText(parsed.units, rule.decimals) };
}

/** The inputs a problem can be about: a field of {@link SimulationInputs}. */
export type SimulationField = keyof SimulationInputs;
export interface SimulationProblem {
  field: SimulationField;
  code: MessageKey;
  params?: MessageParams;
}

const PLAIN_FIELDS = [
  'purchasePrice',
  'quantity',
  'exchangeRate',
  'shippingCost',
  'customsDuty',
  'commission',
  'closingFee',
] as const satisfies readonly SimulationRuleName[];

/** Every input's units, read exactly. */
interface Figures {
  purchasePrice: bigint;
  quantity: bigint;
  /** Micro-units (6 decimals). */
  exchangeRate: bigint;
  shippingCost: bigint;
  /** Hundredths of a percent. */
  customsDuty: bigint;
  commission: bigint;
  /** Paise. */
  closingFee: bigint;
  handling: { type: HandlingFeeType; units: bigint } | null;
  target: { type: TargetType; units: bigint };
}

function readInputs(
  inputs: SimulationInputs,
): { ok: true; figures: Figures } | { ok: false; problems: SimulationProblem[] } {
  const problems: SimulationProblem[] = [];
  const units: Partial<Record<(typeof PLAIN_FIELDS)[number], bigint>> = {};
  for (const field of PLAIN_FIELDS) {
    const read = readDecimal(inputs[field], SIMULATION_RULES[field]);
    if (read.ok) units[field] = read.units;
    else problems.push({ field, code: read.code, ...(read.params ? { params: read.params } : {}) });
  }
  let handling: Figures['handling'] = null;
  if (inputs.handling) {
    const read = readDecimal(inputs.handling.value, handlingRule(inputs.handling.type));
    if (read.ok) handling = { type: inputs.handling.type, units: read.units };
    else
      problems.push({ field: 'handling', code: read.code, ...(read.params ? { params: read.params } : {}) });
  }
  const targetRead = readDecimal(inputs.target.value, targetRule(inputs.target.type));
  if (!targetRead.ok) {
    problems.push({
      field: 'target',
      code: targetRead.code,
      ...(targetRead.params ? { params: targetRead.params } : {}),
    });
  }
  if (problems.length > 0 || !targetRead.ok) return { ok: false, problems };
  return {
    ok: true,
    figures: {
      ...(units as Record<(typeof PLAIN_FIELDS)[number], bigint>),
      handling,
      target: { type: inputs.target.type, units: targetRead.units },
    },
  };
}

/** What is wrong with the inputs (empty when the simulation can run). */
export const checkSimulationInputs = (inputs: SimulationInputs): SimulationProblem[] => {
  const read = readInputs(inputs);
  return read.ok ? [] : read.problems;
};

// ---- Exact fractions -------------------------------------------------------------------------

/** n / d with d > 0. */
interface Fraction {
  n: bigint;
  d: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};
const frac = (n: bigint, d = 1n): Fraction => {
  if (d === 0n) throw new RangeError('division by zero');
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d) || 1n;
  return { n: (sign * n) / g, d: (sign * d) / g };
};
const plus = (a: Fraction, b: Fraction) => frac(a.n * b.d + b.n * a.d, a.d * b.d);
const minus = (a: Fraction, b: Fraction) => frac(a.n * b.d - b.n * a.d, a.d * b.d);
const times = (a: Fraction, b: Fraction) => frac(a.n * b.n, a.d * b.d);
const over = (a: Fraction, b: Fraction) => frac(a.n * b.d, a.d * b.n);

/** Toward +∞: ceil(-2.5) is -2. */
const ceiling = (x: Fraction): bigint => {
  const q = x.n / x.d; // truncates toward zero
  return x.n % x.d !== 0n && x.n > 0n ? q + 1n : q;
};
/** To the nearest whole, halves away from zero. */
const nearest = (x: Fraction): bigint => {
  const negative = x.n < 0n;
  const n = negative ? -x.n : x.n;
  const q = (2n * n + x.d) / (2n * x.d);
  return negative ? -q : q;
};

// ---- The result ------------------------------------------------------------------------------

/** One figure in both currencies: rupees (at most 2 decimals) and whole yen. */
export interface SimulationAmounts {
  inr: number;
  jpy: number;
}

/** The lines of the breakdown, in the order the screen shows them. */
export const BREAKDOWN_LINES = [
  'sellingPrice',
  'tax',
  'priceBeforeTax',
  'commission',
  'closingFees',
  'customsDuty',
  'handling',
  'purchaseCost',
  'shipping',
  'profit',
] as const;
export type BreakdownLine = (typeof BREAKDOWN_LINES)[number];

export type SimulationResult =
  | {
      status: 'priced';
      /** P: the final selling price for the whole quantity, whole rupees, tax included. */
      price: number;
      /** The profit at P, whole yen, rounded up (toward +∞). */
      profit: number;
      breakdown: Record<BreakdownLine, SimulationAmounts>;
    }
  /** The factor multiplying P is zero or negative: no price reaches the target. */
  | { status: 'unreachable' }
  /** The price needed is above {@link MAX_SIMULATED_PRICE} rupees. */
  | { status: 'tooHigh'; maxPrice: number };

const ONE = frac(1n);
const ZERO = frac(0n);
const PAISE_PER_RUPEE = 100n;
/** N = P × 100/118. */
const BEFORE_TAX = frac(100n, 100n + BigInt(SIMULATOR_TAX_PERCENT));
const percent = (hundredths: bigint) => frac(hundredths, 10_000n);

const safeNumber = (units: bigint): number | null => {
  const n = Number(units);
  return Number.isSafeInteger(n) ? n : null;
};

/**
 * The price that earns the target and its breakdown. Throws a RangeError when an input breaks
 * its rule: check them first with {@link checkSimulationInputs} (the API's schema and the
 * screen's form do).
 */
export function simulate(inputs: SimulationInputs): SimulationResult {
  const read = readInputs(inputs);
  if (!read.ok) {
    const first = read.problems[0];
    throw new RangeError(`simulation input ${first?.field ?? ''} is not valid (${first?.code ?? ''})`);
  }
  const v = read.figures;
  const rate = frac(v.exchangeRate, 10n ** BigInt(RATE_DECIMALS));
  const quantity = frac(v.quantity);
  const commission = percent(v.commission);
  const duty = percent(v.customsDuty);
  const closingFees = times(frac(v.closingFee, PAISE_PER_RUPEE), quantity); // ₹
  const purchaseCost = frac(v.purchasePrice * v.quantity); // ¥
  const shipping = frac(v.shippingCost * v.quantity); // ¥
  const handlingShare = v.handling?.type === 'percentage' ? percent(v.handling.units) : ZERO;
  const handlingYen = v.handling?.type === 'amount' ? frac(v.handling.units) : ZERO;

  // What each rupee of P leaves after tax, duty, commission and a percentage handling charge.
  const k = minus(minus(times(minus(ONE, duty), BEFORE_TAX), commission), handlingShare);
  // Costs that do not grow with P, in yen.
  const fixed = plus(plus(plus(times(rate, closingFees), purchaseCost), shipping), handlingYen);
  const [factor, needed] =
    v.target.type === 'amount'
      ? [times(rate, k), plus(frac(v.target.units), fixed)]
      : [times(rate, minus(k, times(percent(v.target.units), BEFORE_TAX))), fixed];
  if (factor.n <= 0n) return { status: 'unreachable' };

  const exact = over(needed, factor);
  const rupees = ceiling(exact);
  const price = rupees < 0n ? 0n : rupees;
  if (price > BigInt(MAX_SIMULATED_PRICE)) return { status: 'tooHigh', maxPrice: MAX_SIMULATED_PRICE };

  const P = frac(price);
  const beforeTax = times(P, BEFORE_TAX);
  const lines = {
    sellingPrice: P,
    tax: minus(P, beforeTax),
    priceBeforeTax: beforeTax,
    commission: times(commission, P),
    closingFees,
    customsDuty: times(duty, beforeTax),
  };
  const handlingInr = v.handling?.type === 'percentage' ? times(handlingShare, P) : null;
  const profitYen = minus(
    minus(
      times(rate, minus(minus(minus(beforeTax, lines.commission), closingFees), lines.customsDuty)),
      plus(purchaseCost, shipping),
    ),
    handlingInr ? times(rate, handlingInr) : handlingYen,
  );

  // Rupee lines to the paisa and their yen to the yen; yen lines the other way round.
  const paise = (inr: Fraction) => nearest(times(inr, frac(PAISE_PER_RUPEE)));
  const fromRupees = (inr: Fraction) => [paise(inr), nearest(times(inr, rate))] as const;
  const fromYen = (jpy: Fraction) => [paise(over(jpy, rate)), nearest(jpy)] as const;
  const units: Record<BreakdownLine, readonly [bigint, bigint]> = {
    sellingPrice: fromRupees(lines.sellingPrice),
    tax: fromRupees(lines.tax),
    priceBeforeTax: fromRupees(lines.priceBeforeTax),
    commission: fromRupees(lines.commission),
    closingFees: fromRupees(lines.closingFees),
    customsDuty: fromRupees(lines.customsDuty),
    handling: handlingInr ? fromRupees(handlingInr) : fromYen(handlingYen),
    purchaseCost: fromYen(purchaseCost),
    shipping: fromYen(shipping),
    profit: [ceiling(times(over(profitYen, rate), frac(PAISE_PER_RUPEE))), ceiling(profitYen)],
  };

  const breakdown = {} as Record<BreakdownLine, SimulationAmounts>;
  for (const line of BREAKDOWN_LINES) {
    const [inrPaise, jpy] = units[line];
    const inr = safeNumber(inrPaise);
    const yen = safeNumber(jpy);
    // Only absurd rates (a millionth of a yen per rupee) get here.
    if (inr === null || yen === null) return { status: 'tooHigh', maxPrice: MAX_SIMULATED_PRICE };
    breakdown[line] = { inr: Number(unitsToText(BigInt(inr), 2)), jpy: yen };
  }
  return { status: 'priced', price: Number(price), profit: breakdown.profit.jpy, breakdown };
}
