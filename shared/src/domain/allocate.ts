import type { Minor } from './money';

/**
 * Splits `total` minor units over `weights` in proportion, in whole minor units that add up to
 * `total` exactly (largest remainder: each share is rounded down, then the units left over go
 * one each to the largest remainders, ties to the earlier weight). All-zero weights share
 * equally. Exact for any safe integers (BigInt), so no paisa is lost or invented.
 */
export function allocateMinor(total: Minor, weights: readonly number[]): Minor[] {
  if (weights.length === 0) return [];
  if (!Number.isSafeInteger(total)) throw new RangeError(`${total} is not an amount in minor units`);
  for (const w of weights) {
    if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`${w} is not a weight`);
  }
  const sign = total < 0 ? -1n : 1n;
  const amount = BigInt(Math.abs(total));
  const effective = weights.every((w) => w === 0) ? weights.map(() => 1n) : weights.map((w) => BigInt(w));
  const sum = effective.reduce((a, b) => a + b, 0n);
  const shares = effective.map((w) => (amount * w) / sum);
  const remainders = effective.map((w, i) => ({ i, r: (amount * w) % sum }));
  let left = amount - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    shares[i] = (shares[i] as bigint) + 1n;
    left -= 1n;
  }
  return shares.map((s) => Number(s * sign));
}

/**
 * Splits `total` minor units over `weights` in whole major units (`unit` minor units each:
 * 100 paise to the rupee) by largest remainder, as {@link allocateMinor} does with the
 * total's whole units; the minor units below one whole unit (the paise of 1,234.56 rupees) all
 * go to one share, so the shares still add up to `total` exactly: the share that took the
 * first unit left over after rounding down (the largest remainder, ties to the earlier
 * weight) or, when the split left nothing over, the largest share (ties to the earlier).
 */
export function allocateWholeUnits(total: Minor, weights: readonly number[], unit: number): Minor[] {
  if (weights.length === 0) return [];
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`${total} is not an amount to split`);
  if (!Number.isSafeInteger(unit) || unit < 1) throw new RangeError(`${unit} is not a unit`);
  const wholeUnits = Math.floor(total / unit);
  const rest = total - wholeUnits * unit;
  const shares = allocateMinor(wholeUnits, weights).map((s) => s * unit);
  if (rest > 0) {
    const effective = weights.every((w) => w === 0) ? weights.map(() => 1n) : weights.map((w) => BigInt(w));
    const sum = effective.reduce((a, b) => a + b, 0n);
    const remainders = effective.map((w) => (BigInt(wholeUnits) * w) % sum);
    const best = (values: readonly bigint[]) =>
      values.reduce((top, v, i) => (v > (values[top] as bigint) ? i : top), 0);
    const receiver = remainders.some((r) => r > 0n) ? best(remainders) : best(shares.map((s) => BigInt(s)));
    shares[receiver] = (shares[receiver] as number) + rest;
  }
  return shares;
}
