/**
 * Packing an order at the packing station: every scan of a JAN counts one unit on the order's
 * line of that product, and what the order does not call for is refused, counting nothing.
 * The renderer counts with {@link scanCode} and {@link enterQuantity} (no request per scan);
 * the server holds the record it is sent to the order with {@link checkPackingRecord} before
 * the order may become PACKED, so both judge by the same rules.
 *
 * Pure and immutable: each step answers a new state and what happened, which the screen shows.
 */
import { formatMessage } from '../messages';

/** Why a scan counted nothing. */
export const PACKING_REFUSALS = ['notInOrder', 'overScan', 'otherOrder'] as const;
export type PackingRefusal = (typeof PACKING_REFUSALS)[number];

/** The most entries a packing record may hold in each of its lists: a long shift of one order. */
export const MAX_PACKING_ENTRIES = 10_000;
/** The longest reason of a short pick. */
export const MAX_SHORT_PICK_REASON = 500;

/** One unit scanned, or `quantity` units counted at once on the quantity field. */
export interface PackingScan {
  janCode: string;
  /** ISO timestamp. */
  at: string;
  /** Units counted; absent for one scan. */
  quantity?: number;
}

export interface PackingRefused {
  /** What was scanned: a JAN, or another order's id. */
  janCode: string;
  reason: PackingRefusal;
  at: string;
}

/** What PUT /orders/status carries with a change to PACKED. */
export interface PackingRecord {
  scanned: PackingScan[];
  refused: PackingRefused[];
}

/** A line to pack: one order row. `key` is its row id; the JAN is its product's. */
export interface PackLine {
  key: string;
  janCode: string;
  quantity: number;
}

export interface PackState {
  /** The order id the lines belong to (one platform). */
  orderId: string;
  lines: readonly PackLine[];
  /** Units counted per line key. */
  counted: Readonly<Record<string, number>>;
  scanned: readonly PackingScan[];
  refused: readonly PackingRefused[];
}

export type PackOutcome =
  | { kind: 'counted'; line: PackLine; count: number; quantity: number }
  /** `quantity`: a typed quantity refused, more than the `missing` units the line still misses. */
  | {
      kind: 'refused';
      reason: PackingRefusal;
      code: string;
      line?: PackLine;
      quantity?: number;
      missing?: number;
    }
  /** The open order's own id scanned again: nothing to do. */
  | { kind: 'sameOrder' };

const JAN_SHAPE = /^(\d{8}|\d{13})$/;

export function startPack(orderId: string, lines: readonly PackLine[]): PackState {
  return {
    orderId,
    lines,
    counted: Object.fromEntries(lines.map((line) => [line.key, 0])),
    scanned: [],
    refused: [],
  };
}

const countOf = (state: PackState, line: PackLine) => state.counted[line.key] ?? 0;

/** Units still to count on a line. */
export const remainingOf = (state: PackState, line: PackLine) => line.quantity - countOf(state, line);

/** Whether every line has all its units: what enables "Packed". */
export const isComplete = (state: PackState) =>
  state.lines.length > 0 && state.lines.every((line) => remainingOf(state, line) === 0);

/** Whether anything was counted or refused: leaving then loses work, so it asks. */
export const hasProgress = (state: PackState) => state.scanned.length > 0 || state.refused.length > 0;

/** Units counted over the whole order. */
export const countedUnits = (state: PackState) =>
  state.lines.reduce((sum, line) => sum + countOf(state, line), 0);

/** Lines not complete, with what they miss: what a short pick reports. */
export const missingLines = (state: PackState) =>
  state.lines
    .map((line) => ({ line, missing: remainingOf(state, line) }))
    .filter((entry) => entry.missing > 0);

function refuse(
  state: PackState,
  code: string,
  reason: PackingRefusal,
  at: string,
  line?: PackLine,
): { state: PackState; outcome: PackOutcome } {
  // A refusal list at its bound keeps its first entries: the record stays sendable.
  const refused =
    state.refused.length < MAX_PACKING_ENTRIES
      ? [...state.refused, { janCode: code, reason, at }]
      : state.refused;
  return {
    state: { ...state, refused },
    outcome: line ? { kind: 'refused', reason, code, line } : { kind: 'refused', reason, code },
  };
}

function count(
  state: PackState,
  line: PackLine,
  quantity: number,
  at: string,
): { state: PackState; outcome: PackOutcome } {
  const next = countOf(state, line) + quantity;
  const entry: PackingScan =
    quantity === 1 ? { janCode: line.janCode, at } : { janCode: line.janCode, at, quantity };
  return {
    state: { ...state, counted: { ...state.counted, [line.key]: next }, scanned: [...state.scanned, entry] },
    outcome: { kind: 'counted', line, count: next, quantity },
  };
}

/**
 * One scan (or typed code + Enter) while the order is open. A JAN of a line counts one unit on
 * it (the first line of that JAN still short, should two share one); one unit more than a line
 * calls for is an over-scan; a JAN-shaped code of no line is not in the order; any other code
 * is taken for another order's id (the packer scanned the next slip): refused, never switched to.
 */
export function scanCode(
  state: PackState,
  raw: string,
  at: string,
): { state: PackState; outcome: PackOutcome } {
  const code = raw.trim();
  const matching = state.lines.filter((line) => line.janCode !== '' && line.janCode === code);
  if (matching.length > 0) {
    const open = matching.find((line) => remainingOf(state, line) > 0);
    if (!open || state.scanned.length >= MAX_PACKING_ENTRIES)
      return refuse(state, code, 'overScan', at, matching[0]);
    return count(state, open, 1, at);
  }
  if (JAN_SHAPE.test(code)) return refuse(state, code, 'notInOrder', at);
  if (code === state.orderId) return { state, outcome: { kind: 'sameOrder' } };
  return refuse(state, code, 'otherOrder', at);
}

/**
 * Counts `quantity` units on a line at once (a line of 12 is not scanned 12 times). More than
 * the line still misses is an over-scan and counts nothing.
 */
export function enterQuantity(
  state: PackState,
  key: string,
  quantity: number,
  at: string,
): { state: PackState; outcome: PackOutcome } {
  const line = state.lines.find((l) => l.key === key);
  if (!line) throw new RangeError(`no line ${key}`);
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError(`not a quantity: ${quantity}`);
  if (quantity > remainingOf(state, line) || state.scanned.length >= MAX_PACKING_ENTRIES) {
    const { state: next } = refuse(state, line.janCode, 'overScan', at, line);
    const missing = remainingOf(state, line);
    return {
      state: next,
      outcome: { kind: 'refused', reason: 'overScan', code: line.janCode, line, quantity, missing },
    };
  }
  return count(state, line, quantity, at);
}

/** The record PUT /orders/status takes with the change to PACKED. */
export const packingRecordOf = (state: PackState): PackingRecord => ({
  scanned: [...state.scanned],
  refused: [...state.refused],
});

export type PackingCheck =
  | { ok: true }
  | { ok: false; code: 'packingMismatch'; message: string; params: Record<string, string | number> };

/**
 * Whether a record's scans count exactly what the order's lines call for: per JAN, the units
 * scanned equal the units ordered, and nothing else was counted. What the server checks before
 * an order becomes PACKED.
 */
export function checkPackingRecord(
  lines: readonly { janCode: string; quantity: number }[],
  record: PackingRecord,
): PackingCheck {
  const ordered = new Map<string, number>();
  for (const line of lines) ordered.set(line.janCode, (ordered.get(line.janCode) ?? 0) + line.quantity);
  const scanned = new Map<string, number>();
  for (const scan of record.scanned)
    scanned.set(scan.janCode, (scanned.get(scan.janCode) ?? 0) + (scan.quantity ?? 1));
  for (const janCode of new Set([...ordered.keys(), ...scanned.keys()])) {
    const want = ordered.get(janCode) ?? 0;
    const got = scanned.get(janCode) ?? 0;
    if (want !== got) {
      const params = { janCode: janCode || '—', scanned: got, ordered: want };
      return {
        ok: false,
        code: 'packingMismatch',
        message: formatMessage('packingMismatch', params),
        params,
      };
    }
  }
  return { ok: true };
}
