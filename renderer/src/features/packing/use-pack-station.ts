/**
 * The packing station's state: the order open (all its lines on one platform), what has been
 * counted, and what the last scan said. Scans are counted here, in the renderer, by the pure
 * rules of shared/src/domain/packing.ts: no request per scan. Each scan is committed at once
 * (flushSync), so its feedback is on screen when the handler returns; the time from the Enter
 * to that is measured as a `kura:pack-scan` performance entry, which a shift's test reads.
 */
import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Platform } from '#shared/constants';
import {
  enterQuantity,
  hasProgress,
  scanCode,
  startPack,
  type PackOutcome,
  type PackState,
} from '#shared/domain/packing';
import type { Order } from '#shared/schemas/order';
import { beepRefusal } from './pack-sound';

/** A performance measure per scan: Enter to its feedback committed. */
export const SCAN_MEASURE = 'kura:pack-scan';

export interface OpenOrder {
  orderId: string;
  platform: Platform;
  lines: Order[];
}

export type Feedback =
  | { kind: 'outcome'; outcome: PackOutcome; complete: boolean }
  | {
      kind: 'message';
      tone: 'success' | 'error' | 'info';
      key: string;
      params: Record<string, string | number>;
    };

const now = () => new Date().toISOString();

export function usePackStation() {
  const [open, setOpen] = useState<OpenOrder | null>(null);
  const [pack, setPackState] = useState<PackState | null>(null);
  const [feedback, setFeedbackState] = useState<Feedback | null>(null);
  /** Bumped with every feedback, so the same refusal twice is announced twice. */
  const [serial, setSerial] = useState(0);
  // The latest state for the next scan: a scanner types faster than React may render.
  const packRef = useRef<PackState | null>(null);

  const setPack = (next: PackState | null) => {
    packRef.current = next;
    setPackState(next);
  };
  const say = useCallback((next: Feedback | null) => {
    setFeedbackState(next);
    setSerial((n) => n + 1);
  }, []);

  const openOrder = useCallback(
    (order: OpenOrder) => {
      setOpen(order);
      setPack(
        startPack(
          order.orderId,
          order.lines.map((line) => ({
            key: line._id,
            janCode: line.product?.janCode ?? '',
            quantity: line.orderQuantity,
          })),
        ),
      );
      say(null);
    },
    [say],
  );

  const close = useCallback(() => {
    setOpen(null);
    setPack(null);
    performance.clearMeasures(SCAN_MEASURE);
  }, []);

  /** Applies one step to the open order and shows what it did; a refusal also beeps. */
  const apply = useCallback(
    (step: (state: PackState) => { state: PackState; outcome: PackOutcome }) => {
      const current = packRef.current;
      if (!current) return;
      const { state, outcome } = step(current);
      setPack(state);
      const complete = state.lines.every((line) => (state.counted[line.key] ?? 0) === line.quantity);
      say({ kind: 'outcome', outcome, complete });
      if (outcome.kind === 'refused') beepRefusal();
    },
    [say],
  );

  /** A scan (or a typed code and Enter) while an order is open. */
  const scan = useCallback(
    (code: string) => {
      const start = performance.now();
      flushSync(() => apply((state) => scanCode(state, code, now())));
      performance.measure(SCAN_MEASURE, { start, end: performance.now() });
    },
    [apply],
  );

  const countQuantity = useCallback(
    (key: string, quantity: number) => {
      flushSync(() => apply((state) => enterQuantity(state, key, quantity, now())));
    },
    [apply],
  );

  return {
    open,
    pack,
    feedback,
    serial,
    dirty: pack !== null && hasProgress(pack),
    openOrder,
    close,
    scan,
    countQuantity,
    say,
  };
}
