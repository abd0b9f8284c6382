/**
 * The desktop app's offline cache of shipments (docs/architecture.md, Sync): a full sync of the
 * sync set in pages, then the records changed since, from the change log (029_sync_changes).
 *
 * The cursor is opaque to the client: base64url JSON, checked against a schema on the way in (a
 * tampered one is a 400, never a 500).
 * - A full sync's cursor holds the phase (orders, shipments, products), the last id answered, the
 *   set's size when it began and the change log's position when it began: its last page hands
 *   over a change cursor at that position, so what changed during the full sync comes after it.
 * - A change cursor holds a log position. Membership is judged when the page is read: a noted
 *   record still in the set is answered as it is now, one deleted or gone from the set is named
 *   under `removed`. Delivery is at least once: a record read newer than its note is sent again
 *   with the next note, in its state then.
 *
 * A noted product also sends the set's orders naming it, and a sent order its shipment and its
 * product: their answers carry each other's names, and an order new to the set needs its product.
 */
import type { Kysely } from 'kysely';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { formatMessage } from '#shared/messages';
import { todayIso } from '#shared/domain/periods';
import {
  SYNC_PAGE,
  SYNC_WINDOW_DAYS,
  toSyncOrder,
  toSyncShipment,
  type SyncChanges,
} from '#shared/schemas/sync';
import type { Order } from '#shared/schemas/order';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';
import { writeTransaction } from '../db/write-transaction';
import { httpError } from '../http/errors';
import {
  comparePositions,
  countSyncSet,
  ordersInSet,
  productIdsOfOrders,
  productsInSet,
  pruneLog,
  readLog,
  setOrderIdsOfProducts,
  shipmentsInSet,
  syncSetPage,
  type Position,
  type SyncPhase,
  type SyncWindow,
} from './sync.repository';

/** How long notes are kept: a client away longer syncs in full. */
export const SYNC_KEEP_DAYS = 35;

export interface SyncContext {
  timeZone: string;
}

/**
 * A full sync's tables in the order it sends them: the orders (most of the set) first, so a client
 * can build their indexes while the shipments and products arrive. A full cursor of version 1
 * (shipments first) is refused as invalid, and its client starts again: followed in this order it
 * would skip the orders.
 */
const PHASES: readonly SyncPhase[] = ['orders', 'shipments', 'products'];

// xid8 is an unsigned 64-bit number.
const MAX_XID8 = 2n ** 64n - 1n;
const positionSchema = z.strictObject({
  t: z
    .string()
    .regex(/^\d{1,20}$/)
    .refine((t) => BigInt(t) <= MAX_XID8),
  s: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
});
const cursorSchema = z.discriminatedUnion('k', [
  z.strictObject({
    v: z.literal(2),
    k: z.literal('full'),
    p: z.enum(PHASES),
    a: z.string().max(100),
    n: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    f: positionSchema,
  }),
  z.strictObject({ v: z.literal(1), k: z.literal('changes'), f: positionSchema }),
]);
type Cursor = z.infer<typeof cursorSchema>;

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

const invalidCursor = () => {
  const message = formatMessage('syncCursorInvalid');
  return httpError(400, 'syncCursorInvalid', undefined, [
    { field: 'cursor', message, code: 'syncCursorInvalid' },
  ]);
};

function decodeCursor(text: string): Cursor {
  if (!/^[A-Za-z0-9_-]{1,1000}$/.test(text)) throw invalidCursor();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = cursorSchema.safeParse(json);
  if (!parsed.success) throw invalidCursor();
  return parsed.data;
}

function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return SYNC_PAGE.default;
  const n = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (n >= 1 && n <= SYNC_PAGE.max) return n;
  const params = { field: 'limit', min: 1, max: SYNC_PAGE.max };
  const message = formatMessage('queryRange', params);
  throw httpError(400, 'queryRange', params, [{ field: 'limit', message, code: 'queryRange', params }]);
}

/** The set's first days, today being `today` (YYYY-MM-DD in the business's time zone). */
export function syncWindow(today: string): SyncWindow {
  const day = DateTime.fromISO(today, { zone: 'UTC' });
  return {
    shipmentsFrom: day.minus({ days: SYNC_WINDOW_DAYS.shipments }).toISODate() as string,
    ordersFrom: day.minus({ days: SYNC_WINDOW_DAYS.orders }).toISODate() as string,
  };
}

/**
 * A position the client could not have been given (later than the log's head, or a PostgreSQL
 * transaction id on SQLite) is a tampered cursor; one below the pruned horizon has lost notes.
 */
function checkPosition(db: Kysely<Database>, at: Position, head: Position, horizon: Position): void {
  if (!isPostgres(db) && at.t !== '0') throw invalidCursor();
  if (comparePositions(at, head) > 0) throw invalidCursor();
  if (comparePositions(at, horizon) < 0) throw httpError(410, 'syncCursorExpired');
}

const emptyData = (): SyncChanges['data'] => ({
  shipments: [],
  orders: [],
  products: [],
  removed: { shipments: [], orders: [], products: [] },
});

/** GET /sync/changes: the page, its orders naming their product as the client asked. */
export async function syncChanges(
  db: Kysely<Database>,
  query: {
    cursor?: string | undefined;
    limit?: string | undefined;
    orderProduct?: 'record' | 'id' | undefined;
  },
  ctx: SyncContext,
): Promise<SyncChanges> {
  const page = await syncPage(db, query, ctx);
  if (query.orderProduct !== 'id') return page;
  return { ...page, data: { ...page.data, orders: (page.data.orders as Order[]).map(toSyncOrder) } };
}

async function syncPage(
  db: Kysely<Database>,
  query: { cursor?: string | undefined; limit?: string | undefined },
  ctx: SyncContext,
): Promise<SyncChanges> {
  const limit = parseLimit(query.limit);
  const window = syncWindow(todayIso(new Date(), ctx.timeZone));
  if (query.cursor === undefined) {
    // The log's head first: whatever commits after it comes after the full sync.
    const { head } = await readLog(db, { t: '0', s: 0 }, 0, { count: false });
    const total = await countSyncSet(db, window);
    return fullPage(db, window, limit, {
      v: 2,
      k: 'full',
      p: PHASES[0] as SyncPhase,
      a: '',
      n: total,
      f: head,
    });
  }
  const cursor = decodeCursor(query.cursor);
  const log = await readLog(db, cursor.f, cursor.k === 'full' ? 0 : limit, { count: cursor.k !== 'full' });
  checkPosition(db, cursor.f, log.head, log.horizon);
  if (cursor.k === 'full') return fullPage(db, window, limit, cursor);
  return changesPage(db, window, limit, cursor.f, log);
}

/** The next page of a full sync, through the phases in turn. */
async function fullPage(
  db: Kysely<Database>,
  window: SyncWindow,
  limit: number,
  start: Extract<Cursor, { k: 'full' }>,
): Promise<SyncChanges> {
  const data = emptyData();
  let phase = PHASES.indexOf(start.p);
  let after = start.a;
  let room = limit;
  while (room > 0 && phase < PHASES.length) {
    const page = await syncSetPage(db, PHASES[phase] as SyncPhase, window, after, room);
    data.shipments.push(...page.shipments.map(toSyncShipment));
    data.orders.push(...page.orders);
    data.products.push(...page.products);
    room -= page.ids.length;
    if (room > 0) {
      phase += 1;
      after = '';
    } else {
      after = page.ids.at(-1) ?? after;
    }
  }
  if (phase < PHASES.length) {
    const next: Cursor = { ...start, p: PHASES[phase] as SyncPhase, a: after };
    return { data, cursor: encodeCursor(next), more: true, total: start.n };
  }
  // Done: the changes since the full sync began are next.
  const log = await readLog(db, start.f, 0);
  return {
    data,
    cursor: encodeCursor({ v: 1, k: 'changes', f: start.f }),
    more: log.pending > 0,
    total: start.n,
  };
}

/** The records the notes after `from` name, as they are now. */
async function changesPage(
  db: Kysely<Database>,
  window: SyncWindow,
  limit: number,
  from: Position,
  log: Awaited<ReturnType<typeof readLog>>,
): Promise<SyncChanges> {
  const noted = { order: new Set<string>(), shipment: new Set<string>(), product: new Set<string>() };
  for (const note of log.notes) noted[note.entity].add(note.rowId);
  const last = log.notes.at(-1);
  const full = log.notes.length === limit && last !== undefined;
  // A full page stops at its last note; otherwise every note below the head is read.
  const next: Position = full
    ? { t: last.t, s: last.s }
    : comparePositions(log.head, from) > 0
      ? log.head
      : from;

  const productOrders = await setOrderIdsOfProducts(db, window, [...noted.product]);
  const orders = await ordersInSet(db, window, [...new Set([...noted.order, ...productOrders])]);
  const shipments = await shipmentsInSet(
    db,
    window,
    [...noted.shipment],
    [...new Set(orders.flatMap((o) => (o.shipmentId === null ? [] : [o.shipmentId])))],
  );
  // A noted order's product may have joined or left the set with it.
  const candidates = new Set([
    ...noted.product,
    ...orders.map((o) => o.product?._id ?? '').filter((id) => id !== ''),
    ...(await productIdsOfOrders(db, [...noted.order])),
  ]);
  const products = await productsInSet(db, window, [...candidates]);

  const sent = (items: { _id: string }[]) => new Set(items.map((i) => i._id));
  const gone = (ids: Iterable<string>, kept: Set<string>) => [...ids].filter((id) => !kept.has(id)).sort();
  const sentProducts = sent(products);
  return {
    data: {
      shipments: shipments.map(toSyncShipment),
      orders,
      products,
      removed: {
        shipments: gone(noted.shipment, sent(shipments)),
        orders: gone(noted.order, sent(orders)),
        products: gone(candidates, sentProducts),
      },
    },
    cursor: encodeCursor({ v: 1, k: 'changes', f: next }),
    more: full && log.pending > log.notes.length,
    total: log.pending,
  };
}

/** Drops notes older than {@link SYNC_KEEP_DAYS}; answers how many went. */
export function pruneSyncLog(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SYNC_KEEP_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return writeTransaction(db, (trx) => pruneLog(trx, before));
}
