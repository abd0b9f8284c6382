/**
 * Live sync's SQL: connections, their leases and runs, waiting lines and remembered mappings.
 * The lease is one row per connection taken by a conditional UPDATE (free or expired → ours):
 * on PostgreSQL the UPDATE's row lock makes two servers' attempts queue and the second re-read
 * the row the first wrote (READ COMMITTED re-checks the WHERE on the new row version), so one
 * wins; on SQLite the one writer runs them one after the other. Same statement on both.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';
import type { ImportLine } from '../order-import/import-line';
import type { ConnectionRunsTable, ConnectionsTable } from './connections.table';
import type { ConnectionKind } from './platform-source';

export type ConnectionRow = ConnectionsTable;
export type RunRow = ConnectionRunsTable;

export function findConnections(db: Kysely<Database>): Promise<ConnectionRow[]> {
  return db.selectFrom('connections').selectAll().orderBy('kind').execute();
}

export function findConnection(
  db: Kysely<Database>,
  kind: ConnectionKind,
): Promise<ConnectionRow | undefined> {
  return db.selectFrom('connections').selectAll().where('kind', '=', kind).executeTakeFirst();
}

/** The connection's row, locked until the transaction ends (PostgreSQL; SQLite has one writer). */
export function lockConnection(
  trx: Transaction<Database>,
  kind: ConnectionKind,
): Promise<ConnectionRow | undefined> {
  const query = trx.selectFrom('connections').selectAll().where('kind', '=', kind);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertConnection(trx: Kysely<Database>, row: ConnectionRow): Promise<void> {
  await trx.insertInto('connections').values(row).execute();
  await trx
    .insertInto('connection_leases')
    .values({ kind: row.kind, run_id: null, expires_at: null })
    .execute();
}

export async function updateConnection(
  trx: Kysely<Database>,
  kind: ConnectionKind,
  values: Partial<Omit<ConnectionRow, 'kind'>>,
): Promise<void> {
  await trx.updateTable('connections').set(values).where('kind', '=', kind).execute();
}

/**
 * Takes the connection's lease for `runId` until `expiresAt` when it is free or expired; true
 * when taken. `now` and `expiresAt` are ISO timestamps (compared as text).
 */
export async function takeLease(
  trx: Kysely<Database>,
  kind: ConnectionKind,
  runId: string,
  now: string,
  expiresAt: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('connection_leases')
    .set({ run_id: runId, expires_at: expiresAt })
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('run_id', 'is', null), eb('expires_at', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extends the lease while `runId` holds it; false when it does not any more. */
export async function renewLease(
  trx: Kysely<Database>,
  kind: ConnectionKind,
  runId: string,
  expiresAt: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('connection_leases')
    .set({ expires_at: expiresAt })
    .where('kind', '=', kind)
    .where('run_id', '=', runId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseLease(
  trx: Kysely<Database>,
  kind: ConnectionKind,
  runId: string,
): Promise<void> {
  await trx
    .updateTable('connection_leases')
    .set({ run_id: null, expires_at: null })
    .where('kind', '=', kind)
    .where('run_id', '=', runId)
    .execute();
}

export function findLease(db: Kysely<Database>, kind: ConnectionKind) {
  return db.selectFrom('connection_leases').selectAll().where('kind', '=', kind).executeTakeFirst();
}

export async function insertRun(trx: Kysely<Database>, run: RunRow): Promise<void> {
  await trx.insertInto('connection_runs').values(run).execute();
}

/** Runs left `running` by a process that died: failed with `message`, except `keep`. */
export async function failAbandonedRuns(
  trx: Kysely<Database>,
  kind: ConnectionKind,
  keep: string,
  finishedAt: string,
  code: string,
  message: string,
): Promise<number> {
  const result = await trx
    .updateTable('connection_runs')
    .set({ status: 'failed', finished_at: finishedAt, message_code: code, message })
    .where('kind', '=', kind)
    .where('status', '=', 'running')
    .where('id', '!=', keep)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function addRunCounts(
  trx: Kysely<Database>,
  runId: string,
  counts: { created: number; updated: number; unmatched: number; errors: number },
): Promise<void> {
  await trx
    .updateTable('connection_runs')
    .set((eb) => ({
      created: eb('created', '+', counts.created),
      updated: eb('updated', '+', counts.updated),
      unmatched: eb('unmatched', '+', counts.unmatched),
      errors: eb('errors', '+', counts.errors),
    }))
    .where('id', '=', runId)
    .execute();
}

export async function finishRun(
  trx: Kysely<Database>,
  runId: string,
  values: Pick<RunRow, 'status' | 'finished_at' | 'message_code' | 'message'>,
): Promise<void> {
  await trx.updateTable('connection_runs').set(values).where('id', '=', runId).execute();
}

export function findRun(db: Kysely<Database>, runId: string): Promise<RunRow | undefined> {
  return db.selectFrom('connection_runs').selectAll().where('id', '=', runId).executeTakeFirst();
}

export function findRuns(db: Kysely<Database>, kind: ConnectionKind, limit: number): Promise<RunRow[]> {
  return db
    .selectFrom('connection_runs')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Each connection's newest run. */
export async function lastRuns(db: Kysely<Database>): Promise<Map<ConnectionKind, RunRow>> {
  const found = new Map<ConnectionKind, RunRow>();
  for (const kind of ['shopify', 'amazon'] as const) {
    const [run] = await findRuns(db, kind, 1);
    if (run) found.set(kind, run);
  }
  return found;
}

/** What a waiting line is grouped and mapped by: its SKU (any case), else its ASIN. */
export const matchKeyOf = (line: Pick<ImportLine, 'sku' | 'asin'>): string | null =>
  line.sku ? `sku:${line.sku.toLowerCase()}` : line.asin ? `asin:${line.asin}` : null;

// JSON, not a separator character: PostgreSQL refuses NUL in text, and any other may be in an id.
const lineKeyOf = (line: ImportLine, matchKey: string) =>
  JSON.stringify([line.platformCode, line.orderId, matchKey]);

/**
 * Keeps lines without a product until one is mapped; a line the platform answers again (now
 * cancelled, say) replaces its earlier self. Lines naming neither SKU nor ASIN are not kept:
 * nothing could ever be mapped to them. Answers how many were kept.
 */
export async function storeUnmatched(
  trx: Kysely<Database>,
  kind: ConnectionKind,
  lines: readonly ImportLine[],
  now: string,
): Promise<number> {
  const rows = new Map<string, Database['connection_unmatched']>();
  for (const line of lines) {
    const matchKey = matchKeyOf(line);
    if (!matchKey) continue;
    const lineKey = lineKeyOf(line, matchKey);
    rows.set(lineKey, {
      kind,
      line_key: lineKey,
      match_key: matchKey,
      platform_code: line.platformCode,
      order_id: line.orderId,
      sku: line.sku,
      asin: line.asin,
      name: line.name,
      line: JSON.stringify(line),
      created_at: now,
      updated_at: now,
    });
  }
  const values = [...rows.values()];
  // 11 columns a row: 200 rows stay far below both databases' bound on parameters.
  for (let i = 0; i < values.length; i += 200) {
    await trx
      .insertInto('connection_unmatched')
      .values(values.slice(i, i + 200))
      .onConflict((oc) =>
        oc.columns(['kind', 'line_key']).doUpdateSet((eb) => ({
          line: eb.ref('excluded.line'),
          name: eb.ref('excluded.name'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
  return values.length;
}

/** Waiting lines whose SKU or ASIN is one of these match keys, oldest first. */
export async function waitingLines(
  db: Kysely<Database>,
  kind: ConnectionKind,
  where: { matchKey?: string; sku?: string; asin?: string },
): Promise<{ lineKey: string; line: ImportLine }[]> {
  let query = db.selectFrom('connection_unmatched').select(['line_key', 'line']).where('kind', '=', kind);
  if (where.sku !== undefined) query = query.where(sql<string>`lower(sku)`, '=', where.sku.toLowerCase());
  if (where.asin !== undefined) query = query.where('asin', '=', where.asin);
  const rows = await query.orderBy('created_at').orderBy('line_key').execute();
  return rows.map((row) => ({ lineKey: row.line_key, line: JSON.parse(row.line) as ImportLine }));
}

/**
 * Waiting lines that a product now matches by its SKU or by a listing's ASIN on the line's
 * platform (the product was created, or its SKU or listing set, after the line arrived), the
 * oldest first. Both look-ups are served by the indexes the importer uses.
 */
export async function waitingNowMatched(
  db: Kysely<Database>,
  kind: ConnectionKind,
  limit: number,
): Promise<{ lineKey: string; line: ImportLine }[]> {
  const rows = await db
    .selectFrom('connection_unmatched as u')
    .select(['u.line_key', 'u.line'])
    .where('u.kind', '=', kind)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('products as p')
            .select(sql`1`.as('one'))
            .where(sql<string>`lower(p.sku_code)`, '=', sql<string>`lower(u.sku)`),
        ),
        eb.and([
          eb('u.asin', '<>', ''),
          eb.exists(
            eb
              .selectFrom('product_platforms as pp')
              .select(sql`1`.as('one'))
              .whereRef('pp.code', '=', 'u.platform_code')
              .whereRef('pp.asin', '=', 'u.asin'),
          ),
        ]),
      ]),
    )
    .orderBy('u.created_at')
    .orderBy('u.line_key')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ lineKey: row.line_key, line: JSON.parse(row.line) as ImportLine }));
}

export async function deleteWaiting(
  trx: Kysely<Database>,
  kind: ConnectionKind,
  lineKeys: readonly string[],
): Promise<void> {
  for (let i = 0; i < lineKeys.length; i += 500) {
    await trx
      .deleteFrom('connection_unmatched')
      .where('kind', '=', kind)
      .where('line_key', 'in', lineKeys.slice(i, i + 500))
      .execute();
  }
}

export async function countWaiting(db: Kysely<Database>): Promise<Map<ConnectionKind, number>> {
  const rows = await db
    .selectFrom('connection_unmatched')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('kind')
    .execute();
  return new Map(rows.map((row) => [row.kind, Number(row.count)]));
}

/** Waiting lines grouped by what they would be mapped by, the most lines first. */
export async function waitingGroups(db: Kysely<Database>, kind: ConnectionKind) {
  const rows = await db
    .selectFrom('connection_unmatched')
    .select((eb) => [
      'match_key',
      eb.fn.max('sku').as('sku'),
      eb.fn.max('asin').as('asin'),
      eb.fn.max('name').as('name'),
      eb.fn.countAll<number>().as('lines'),
      eb.fn.count<number>(sql`distinct order_id`).as('orders'),
    ])
    .where('kind', '=', kind)
    .groupBy('match_key')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('match_key')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    sku: row.sku ?? '',
    asin: row.asin ?? '',
    name: row.name ?? '',
    lines: Number(row.lines),
    orders: Number(row.orders),
  }));
}

/** Remembered mappings of these match keys, by match key. */
export async function mappingsFor(
  db: Kysely<Database>,
  kind: ConnectionKind,
  matchKeys: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const keys = [...new Set(matchKeys)];
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('connection_mappings')
      .select(['match_key', 'product_id'])
      .where('kind', '=', kind)
      .where('match_key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.match_key, row.product_id);
  }
  return found;
}

export async function saveMapping(
  trx: Kysely<Database>,
  kind: ConnectionKind,
  matchKey: string,
  productId: string,
  userId: string,
  now: string,
): Promise<void> {
  await trx
    .insertInto('connection_mappings')
    .values({
      kind,
      match_key: matchKey,
      product_id: productId,
      saved_by: userId,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['kind', 'match_key'])
        .doUpdateSet({ product_id: productId, saved_by: userId, updated_at: now }),
    )
    .execute();
}

export function findUser(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'fullname', 'email', 'username', 'role'])
    .where('id', '=', id)
    .executeTakeFirst();
}
