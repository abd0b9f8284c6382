/**
 * Customs entered while the team server cannot be reached, kept in the cache file (they survive
 * a restart) and sent strictly in the order they were entered, each as the conditional save the
 * screen would have made (`PUT shipments/{id}` with the version it was entered on).
 *
 * Nothing is overwritten silently: a shipment changed meanwhile (409 `shipmentChanged`) puts
 * the entry in `conflict` beside the server's shipment as it is now, and the user keeps one.
 * Keeping mine sends it again over their version, or, when their shipment already has customs,
 * through the administrators' correction route (anyone else's entry is refused: only an
 * administrator may overwrite saved customs). Later entries of the same shipment wait behind a
 * conflict; other shipments' go on. Another refusal (4xx) is `refused` with the server's code.
 */
import { MESSAGES } from '#shared/messages';
import type { OutboxEntry } from '#shared/ipc';
import { shipmentSchema, type Shipment } from '#shared/schemas/shipment';
import { toSyncShipment } from '#shared/schemas/sync';
import type { Database } from './cache-file';
import { ApiError, type TeamApi } from './connectivity';
import type { CacheRecords } from './sync';

interface OutboxRow {
  id: number;
  shipment: string;
  shipment_label: string;
  custom_id: string;
  total_custom_fee: string;
  received_date: string;
  version: number;
  entered_at: string;
  state: OutboxEntry['state'];
  correction: number;
  theirs: string | null;
  error_code: string | null;
  error_message: string | null;
}

export interface OutboxInput {
  shipment: string;
  customs: { customId: string; totalCustomFee: number; receivedDate: string; version: number };
}

const rows = (db: Database): OutboxRow[] =>
  db.prepare('select * from outbox order by id').all() as OutboxRow[];

function toEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    shipment: { _id: row.shipment, shipmentId: row.shipment_label },
    customs: {
      customId: row.custom_id,
      totalCustomFee: Number(row.total_custom_fee),
      receivedDate: row.received_date,
    },
    version: row.version,
    enteredAt: row.entered_at,
    state: row.state,
    theirs: row.theirs === null ? null : (JSON.parse(row.theirs) as Shipment),
    error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
  };
}

export function listOutbox(db: Database): OutboxEntry[] {
  return rows(db).map(toEntry);
}

export function outboxCounts(db: Database): { pending: number; conflicts: number } {
  const row = db
    .prepare("select count(*) as pending, coalesce(sum(state = 'conflict'), 0) as conflicts from outbox")
    .get() as { pending: number; conflicts: number };
  return { pending: row.pending, conflicts: row.conflicts };
}

export function addToOutbox(db: Database, input: OutboxInput, label: string, enteredAt: string): void {
  db.prepare(
    `insert into outbox (shipment, shipment_label, custom_id, total_custom_fee, received_date, version, entered_at, state)
     values (?, ?, ?, ?, ?, ?, ?, 'pending')`,
  ).run(
    input.shipment,
    label,
    input.customs.customId,
    String(input.customs.totalCustomFee),
    input.customs.receivedDate,
    input.customs.version,
    enteredAt,
  );
}

const emptyRemoved = () => ({ shipments: [], orders: [], products: [] });

/** The shipment as the server answered it, stored as a record so the screens show it. */
function storeShipment(db: Database, records: CacheRecords, shipment: Shipment): void {
  records.applyRecords(db, {
    shipments: [toSyncShipment(shipment)],
    orders: [],
    products: [],
    removed: emptyRemoved(),
  });
}

async function theirShipment(api: TeamApi, id: string, error: ApiError): Promise<Shipment> {
  // The 409 carries the shipment as it is now; asked for again if it does not.
  const given = shipmentSchema.safeParse(error.body.details?.shipment);
  if (given.success) return given.data;
  const body = (await api.get(`shipments/${encodeURIComponent(id)}`)) as { data?: unknown };
  return shipmentSchema.parse(body.data);
}

/**
 * Sends the pending entries in order. Answers how many were saved. Throws ServerUnreachable
 * (the rest stay pending) when the server cannot be reached.
 */
export async function flushOutbox(
  db: Database,
  api: TeamApi,
  records: CacheRecords,
  isCurrent: () => boolean,
): Promise<number> {
  const blocked = new Set<string>();
  let saved = 0;
  for (const row of rows(db)) {
    if (!isCurrent()) break;
    if (row.state === 'conflict') blocked.add(row.shipment);
    if (row.state !== 'pending' || blocked.has(row.shipment)) continue;
    const id = encodeURIComponent(row.shipment);
    try {
      const body = (await api.put(row.correction ? `shipments/${id}/customs` : `shipments/${id}`, {
        customId: row.custom_id,
        totalCustomFee: Number(row.total_custom_fee),
        receivedDate: row.received_date,
        version: row.version,
      })) as { data?: unknown };
      const shipment = shipmentSchema.safeParse(body.data);
      db.transaction(() => {
        db.prepare('delete from outbox where id = ?').run(row.id);
        if (shipment.success) storeShipment(db, records, shipment.data);
      })();
      saved += 1;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // An expired session or a server error short of "unreachable": try again later, as it is.
      if (error.status === 401 || error.status >= 500) break;
      if (error.status === 409 && error.code === 'shipmentChanged') {
        const theirs = await theirShipment(api, row.shipment, error);
        db.prepare(
          "update outbox set state = 'conflict', theirs = ?, error_code = null, error_message = null where id = ?",
        ).run(JSON.stringify(theirs), row.id);
        blocked.add(row.shipment);
        continue;
      }
      const message = typeof error.body.message === 'string' ? error.body.message : error.message;
      db.prepare("update outbox set state = 'refused', error_code = ?, error_message = ? where id = ?").run(
        error.code,
        message,
        row.id,
      );
    }
  }
  return saved;
}

/**
 * The user's answer to a conflict (or to a refusal): `theirs` drops the entry and keeps the
 * server's shipment; `mine` sends it again over the server's version. Answers whether anything
 * is to be sent.
 */
export function resolveOutbox(
  db: Database,
  records: CacheRecords,
  answer: { id: number; keep: 'mine' | 'theirs' },
  role: string | null,
): boolean {
  const row = db.prepare('select * from outbox where id = ?').get(answer.id) as OutboxRow | undefined;
  if (!row) return false;
  const theirs = row.theirs === null ? null : (JSON.parse(row.theirs) as Shipment);
  if (answer.keep === 'theirs') {
    db.transaction(() => {
      db.prepare('delete from outbox where id = ?').run(row.id);
      if (theirs) storeShipment(db, records, theirs);
    })();
    return false;
  }
  if (row.state === 'pending') return true;
  if (!theirs) {
    // A refusal the user wants to try again, as it was.
    db.prepare(
      "update outbox set state = 'pending', error_code = null, error_message = null where id = ?",
    ).run(row.id);
    return true;
  }
  if (theirs.status === 'RECEIVED' && role !== 'admin') {
    // Their shipment has customs already: only an administrator's correction may replace them.
    db.prepare("update outbox set state = 'refused', error_code = ?, error_message = ? where id = ?").run(
      'customsAlreadySaved',
      MESSAGES.customsAlreadySaved,
      row.id,
    );
    return false;
  }
  db.prepare(
    `update outbox set state = 'pending', version = ?, correction = ?, error_code = null, error_message = null
     where id = ?`,
  ).run(theirs.version, theirs.status === 'RECEIVED' ? 1 : 0, row.id);
  return true;
}
