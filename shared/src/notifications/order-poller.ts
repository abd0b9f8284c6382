/**
 * New-order polling for admins: the one implementation behind the desktop app's native
 * notifications (main process) and the bell of a browser on the team server (renderer).
 *
 * At start it takes the newest order of each kind it polls (platform orders, OTZ orders; page
 * 1, size 1) as cursors; every 10 s it asks each resource for what was created after its cursor, newest
 * first, moves the cursor to the newest item and hands the batch out. Only an admin's session
 * polls.
 *
 * A batch is read from at most {@link POLL_BATCH_LIMIT} rows but counts every new order (with
 * the list's totalCount): an import of thousands of orders is one batch, not a hundred ticks of
 * catching up. The rows are order lines: a batch holds one item per order.
 *
 * A failed request (offline, 401 after the token expired, a server without the resource) is
 * skipped without a word and retried on the next tick: a background poller must never
 * interrupt the user with errors. The cursor of a kind is taken only by a successful first
 * request, so nothing that existed before polling began is ever reported as new.
 *
 * `kinds` lists the kinds to poll (both by default): the restricted brand polls platform orders
 * only, as it has no OTZ screen. A function is asked once per session, before any cursor is
 * taken, and retried on the next tick when it throws (desktop main reads the brand from the
 * API); a list is used as given (a browser knows its brand already).
 *
 * I/O is injected: `get` reads one API path (the desktop uses fetch with the stored token;
 * the renderer its one HTTP client), the timer drives the ticks. What a batch does to the
 * bell is the notification state's business (notification-state.ts), not the poller's.
 */
import { z } from 'zod';
import type { Role } from '../constants';
import { TIMINGS } from '../constants';
import { buildListQuery } from '../query';
import {
  ORDER_KIND_RESOURCES,
  ORDER_KINDS,
  POLL_BATCH_LIMIT,
  notificationItemSchema,
  oneItemPerOrder,
  type NotificationItem,
  type OrderKind,
} from './notification-items';
import { createSessionLoop, systemTimer, type SessionLoop } from './session-loop';

export { POLL_BATCH_LIMIT };

export interface PollerSession {
  token: string;
  role: Role | null;
}

export interface OrderBatch {
  kind: OrderKind;
  /** One per order, newest first; from at most {@link POLL_BATCH_LIMIT} rows. */
  items: NotificationItem[];
  /**
   * The orders created after the cursor (≥ items.length): exact when the rows fetched are all
   * there are; past that, each row not fetched counts as an order of its own (the API counts
   * lines, not orders), so a very large import may be counted a little high, never low.
   */
  count: number;
}

export interface Timer {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface OrderPollerDeps {
  /**
   * GET an API v1 path with its query (`orders/?page=1&limit=1&sort=-createdAt`), answering
   * the parsed JSON body; throws on any failure. `token` is the session the poll began with.
   */
  get(path: string, init: { token: string; signal: AbortSignal }): Promise<unknown>;
  getSession(): PollerSession | null;
  /** Called once per kind that brought new orders; a throw here is ignored like a failed request. */
  onBatch(batch: OrderBatch): void | Promise<void>;
  /** The kinds to poll, or how to learn them for a session (see the module comment). */
  kinds?:
    readonly OrderKind[] | ((init: { token: string; signal: AbortSignal }) => Promise<readonly OrderKind[]>);
  timer?: Timer;
  intervalMs?: number;
  /** A hung request must not block polling forever (polls never overlap). */
  requestTimeoutMs?: number;
}

/** Its `restart` forgets the cursors and starts over (another server). */
export type OrderPoller = SessionLoop;

const rowSchemas = {
  platform: z.looseObject({
    _id: z.string(),
    orderId: z.string(),
    platformCode: z.string(),
    createdAt: z.string(),
  }),
  otz: z.looseObject({ _id: z.string(), paypalTransactionId: z.string(), createdAt: z.string() }),
};

function listSchema<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), totalCount: z.number().int().nonnegative().optional() });
}

const LIST_SCHEMAS = { platform: listSchema(rowSchemas.platform), otz: listSchema(rowSchemas.otz) };

function toItems(kind: OrderKind, body: unknown): { items: NotificationItem[]; totalCount?: number } {
  if (kind === 'platform') {
    const list = LIST_SCHEMAS.platform.parse(body);
    const items = list.data.map((row) =>
      notificationItemSchema.parse({
        kind,
        id: row._id,
        orderId: row.orderId,
        platformCode: row.platformCode,
        createdAt: row.createdAt,
      }),
    );
    return { items, totalCount: list.totalCount };
  }
  const list = LIST_SCHEMAS.otz.parse(body);
  const items = list.data.map((row) =>
    notificationItemSchema.parse({
      kind,
      id: row._id,
      paypalTransactionId: row.paypalTransactionId,
      createdAt: row.createdAt,
    }),
  );
  return { items, totalCount: list.totalCount };
}

/** Where a kind's cursor stands: not known yet (the first fetch has not succeeded), or known. */
type Cursor = { known: false } | { known: true; createdAt: string | null };
const unknownCursors = (): Record<OrderKind, Cursor> => ({
  platform: { known: false },
  otz: { known: false },
});

export function createOrderPoller(deps: OrderPollerDeps): OrderPoller {
  const requestTimeoutMs = deps.requestTimeoutMs ?? 30_000;

  // Bumped on every stop: results of a poll begun before it are thrown away.
  let generation = 0;
  let cursors = unknownCursors();
  // The kinds of this session, once known (a list option is known at once).
  let sessionKinds: readonly OrderKind[] | undefined;

  const fetchList = async (kind: OrderKind, query: string, sessionToken: string, signal: AbortSignal) =>
    toItems(
      kind,
      await deps.get(`${ORDER_KIND_RESOURCES[kind].apiPath}?${query}`, {
        token: sessionToken,
        signal: AbortSignal.any([signal, AbortSignal.timeout(requestTimeoutMs)]),
      }),
    );

  const pollKind = async (kind: OrderKind, gen: number, sessionToken: string, signal: AbortSignal) => {
    const cursor = cursors[kind];
    if (!cursor.known) {
      const query = buildListQuery({ page: 1, limit: 1, sort: '-createdAt' });
      const { items } = await fetchList(kind, query, sessionToken, signal);
      if (gen === generation) cursors[kind] = { known: true, createdAt: items[0]?.createdAt ?? null };
      return;
    }
    // No cursor means there were no orders at all when polling began: every order is new.
    const query = buildListQuery({
      page: 1,
      limit: POLL_BATCH_LIMIT,
      sort: '-createdAt',
      filters: cursor.createdAt === null ? {} : { createdAt: { gt: cursor.createdAt } },
    });
    const { items: rows, totalCount } = await fetchList(kind, query, sessionToken, signal);
    const newest = rows[0];
    if (gen !== generation || !newest) return;
    cursors[kind] = { known: true, createdAt: newest.createdAt };
    // A platform order of several lines is several rows: one notification, counted once.
    const items = oneItemPerOrder(rows);
    const notFetched = Math.max((totalCount ?? 0) - rows.length, 0);
    await deps.onBatch({ kind, items, count: items.length + notFetched });
  };

  const kindsOf = async (gen: number, sessionToken: string, signal: AbortSignal) => {
    if (sessionKinds) return sessionKinds;
    const option = deps.kinds ?? ORDER_KINDS;
    const kinds =
      typeof option === 'function'
        ? await option({
            token: sessionToken,
            signal: AbortSignal.any([signal, AbortSignal.timeout(requestTimeoutMs)]),
          })
        : option;
    if (gen === generation) sessionKinds = kinds;
    return kinds;
  };

  const runPoll = async (sessionToken: string, signal: AbortSignal) => {
    const gen = generation;
    let kinds: readonly OrderKind[];
    try {
      kinds = await kindsOf(gen, sessionToken, signal);
    } catch {
      return; // Quietly skipped like a failed request: no cursor is taken before the kinds are known.
    }
    for (const kind of ORDER_KINDS) {
      if (gen !== generation) return;
      if (!kinds.includes(kind)) continue;
      try {
        await pollKind(kind, gen, sessionToken, signal);
      } catch {
        // Quietly skipped; the next tick retries (see the module comment).
      }
    }
  };

  return createSessionLoop({
    getSession: deps.getSession,
    timer: deps.timer ?? systemTimer,
    intervalMs: deps.intervalMs ?? TIMINGS.notificationPollMs,
    read: runPoll,
    onStop: () => {
      generation += 1;
      cursors = unknownCursors();
      sessionKinds = undefined;
    },
  });
}
