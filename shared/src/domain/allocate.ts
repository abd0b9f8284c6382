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
