import { describe, expect, it } from 'vitest';
import { withJanCheckDigit } from './jan';
import {
  checkPackingRecord,
  countedUnits,
  enterQuantity,
  hasProgress,
  isComplete,
  MAX_PACKING_ENTRIES,
  missingLines,
  packingRecordOf,
  remainingOf,
  scanCode,
  startPack,
  type PackLine,
  type PackState,
} from './packing';

const JAN_A = withJanCheckDigit('490123456789');
const JAN_B = withJanCheckDigit('490000000001');
const JAN_OTHER = withJanCheckDigit('490999999999');
const AT = '2026-11-27T10:00:00.000Z';

const lineA: PackLine = { key: 'row-a', janCode: JAN_A, quantity: 2 };
const lineB: PackLine = { key: 'row-b', janCode: JAN_B, quantity: 1 };

function scanAll(state: PackState, codes: string[]): PackState {
  return codes.reduce((s, code) => scanCode(s, code, AT).state, state);
}

describe('packing: counting scans', () => {
  it('counts one unit per scan on the matching line of a multi-line order, and completes', () => {
    let state = startPack('408-1', [lineA, lineB]);
    expect(isComplete(state)).toBe(false);
    expect(hasProgress(state)).toBe(false);

    const first = scanCode(state, JAN_A, AT);
    expect(first.outcome).toEqual({ kind: 'counted', line: lineA, count: 1, quantity: 1 });
    state = first.state;
    expect(remainingOf(state, lineA)).toBe(1);
    expect(hasProgress(state)).toBe(true);

    state = scanAll(state, [JAN_B, ` ${JAN_A} `]);
    expect(isComplete(state)).toBe(true);
    expect(countedUnits(state)).toBe(3);
    expect(packingRecordOf(state)).toEqual({
      scanned: [
        { janCode: JAN_A, at: AT },
        { janCode: JAN_B, at: AT },
        { janCode: JAN_A, at: AT },
      ],
      refused: [],
    });
    expect(checkPackingRecord([lineA, lineB], packingRecordOf(state))).toEqual({ ok: true });
  });

  it('refuses a JAN not in the order and counts nothing', () => {
    const state = startPack('408-1', [lineA]);
    const { state: next, outcome } = scanCode(state, JAN_OTHER, AT);
    expect(outcome).toEqual({ kind: 'refused', reason: 'notInOrder', code: JAN_OTHER });
    expect(next.counted).toEqual(state.counted);
    expect(next.scanned).toEqual([]);
    expect(next.refused).toEqual([{ janCode: JAN_OTHER, reason: 'notInOrder', at: AT }]);
    // A refusal is work too: leaving then asks.
    expect(hasProgress(next)).toBe(true);
  });

  it('refuses one unit more than a line calls for (over-scan)', () => {
    const state = scanAll(startPack('408-1', [lineB]), [JAN_B]);
    const { state: next, outcome } = scanCode(state, JAN_B, AT);
    expect(outcome).toMatchObject({ kind: 'refused', reason: 'overScan', line: lineB });
    expect(next.counted[lineB.key]).toBe(1);
    expect(next.scanned).toHaveLength(1);
    expect(next.refused).toEqual([{ janCode: JAN_B, reason: 'overScan', at: AT }]);
  });

  it("takes another order's id for what it is: refused, the open order kept; its own id is nothing", () => {
    const state = startPack('408-1', [lineA]);
    const other = scanCode(state, '249-7777777-1234567', AT);
    expect(other.outcome).toEqual({ kind: 'refused', reason: 'otherOrder', code: '249-7777777-1234567' });
    expect(other.state.orderId).toBe('408-1');
    const same = scanCode(state, '408-1', AT);
    expect(same.outcome).toEqual({ kind: 'sameOrder' });
    expect(same.state).toBe(state);
  });

  it('counts a typed quantity at once, and refuses more than the line misses', () => {
    const big: PackLine = { key: 'row-c', janCode: JAN_A, quantity: 12 };
    let state = scanAll(startPack('408-1', [big]), [JAN_A]);
    const over = enterQuantity(state, big.key, 12, AT);
    expect(over.outcome).toMatchObject({ kind: 'refused', reason: 'overScan', quantity: 12, missing: 11 });
    expect(over.state.counted[big.key]).toBe(1);
    const typed = enterQuantity(state, big.key, 11, AT);
    expect(typed.outcome).toEqual({ kind: 'counted', line: big, count: 12, quantity: 11 });
    state = typed.state;
    expect(isComplete(state)).toBe(true);
    expect(state.scanned).toEqual([
      { janCode: JAN_A, at: AT },
      { janCode: JAN_A, at: AT, quantity: 11 },
    ]);
    expect(checkPackingRecord([big], packingRecordOf(state))).toEqual({ ok: true });
    expect(() => enterQuantity(state, big.key, 0, AT)).toThrow(RangeError);
  });

  it('names what a short pick misses', () => {
    const state = scanAll(startPack('408-1', [lineA, lineB]), [JAN_A]);
    expect(missingLines(state)).toEqual([
      { line: lineA, missing: 1 },
      { line: lineB, missing: 1 },
    ]);
    expect(isComplete(state)).toBe(false);
  });

  it('never completes an order of no lines', () => {
    expect(isComplete(startPack('408-1', []))).toBe(false);
  });

  it('counts a line of 1,000 by scans, each step as fast as the first', () => {
    const line: PackLine = { key: 'row-k', janCode: JAN_A, quantity: 1000 };
    let state = startPack('408-1', [line]);
    for (let i = 0; i < 1000; i++) state = scanCode(state, JAN_A, AT).state;
    expect(isComplete(state)).toBe(true);
    expect(state.scanned).toHaveLength(1000);
    expect(scanCode(state, JAN_A, AT).outcome).toMatchObject({ reason: 'overScan' });
  });

  it('bounds the record: past the bound a scan is refused rather than the record made unsendable', () => {
    const line: PackLine = { key: 'row-k', janCode: JAN_A, quantity: MAX_PACKING_ENTRIES + 5 };
    let state = startPack('408-1', [line]);
    state = {
      ...state,
      scanned: Array.from({ length: MAX_PACKING_ENTRIES }, () => ({ janCode: JAN_A, at: AT })),
    };
    expect(scanCode(state, JAN_A, AT).outcome).toMatchObject({ kind: 'refused', reason: 'overScan' });
  });
});

describe('packing: the server check of a record', () => {
  const lines = [
    { janCode: JAN_A, quantity: 2 },
    { janCode: JAN_B, quantity: 1 },
  ];
  it('refuses too few, too many and foreign scans, naming the JAN', () => {
    const short = checkPackingRecord(lines, {
      scanned: [
        { janCode: JAN_A, at: AT },
        { janCode: JAN_B, at: AT },
      ],
      refused: [],
    });
    expect(short).toMatchObject({
      ok: false,
      code: 'packingMismatch',
      params: { janCode: JAN_A, scanned: 1, ordered: 2 },
    });
    const extra = checkPackingRecord(lines, {
      scanned: [
        { janCode: JAN_A, at: AT, quantity: 2 },
        { janCode: JAN_B, at: AT },
        { janCode: JAN_OTHER, at: AT },
      ],
      refused: [],
    });
    expect(extra).toMatchObject({ ok: false, params: { janCode: JAN_OTHER, scanned: 1, ordered: 0 } });
    if (!extra.ok) expect(extra.message).toContain(JAN_OTHER);
    const over = checkPackingRecord(lines, {
      scanned: [
        { janCode: JAN_A, at: AT, quantity: 3 },
        { janCode: JAN_B, at: AT },
      ],
      refused: [],
    });
    expect(over).toMatchObject({ ok: false, params: { scanned: 3, ordered: 2 } });
  });
  it('ignores refusals: they counted nothing', () => {
    expect(
      checkPackingRecord(lines, {
        scanned: [
          { janCode: JAN_A, at: AT, quantity: 2 },
          { janCode: JAN_B, at: AT },
        ],
        refused: [{ janCode: JAN_OTHER, reason: 'notInOrder', at: AT }],
      }),
    ).toEqual({ ok: true });
  });
});
