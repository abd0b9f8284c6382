/**
 * Live sync: each configured platform connection pulled into orders, by the report import's own
 * rules (order-import.service.ts `applyImportLines`), on a schedule and on demand.
 *
 * A run:
 * 1. takes the connection's lease (connections.repository.ts): one run per connection across
 *    every server process on the database. A second request while one runs answers its run id.
 *    An expired lease (its process died) is taken over, and the dead run is marked failed.
 * 2. reads the stored cursor and asks the source for the pages after it.
 * 3. stores each page in ONE transaction: the connection row first (the new cursor), then the
 *    lease checked still ours and extended, the page's lines applied, its unmatched lines kept
 *    waiting, the run's counters. A run killed at any point leaves the state of its last
 *    committed page: the next run resumes from that page's cursor, and a page applied again
 *    (the source's windows overlap) is absorbed by the import's upsert. A run that lost its
 *    lease (it stalled past the expiry and another took over) cannot commit a page.
 * 4. ends: succeeded (failures in a row back to 0), or failed — the platform refusing the
 *    credentials (`auth`) or secrets that no longer open stop the connection until an admin
 *    saves credentials again; anything else counts a failure in a row, and after
 *    CONNECTION_FAILING_AFTER the connection is `failing` (GET /connections says so, for the
 *    admins' notifications).
 *
 * The lease is renewed by a heartbeat while the run waits on the platform, so a slow page does
 * not lose it; locks are taken in one order everywhere (the connection row, its lease, then the
 * import's products and orders: db/locking.ts).
 *
 * Orders and history entries of a run carry the name of the admin who last saved the connection.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { CONNECTION_FAILING_AFTER, CONNECTION_RUNS_LISTED } from '#shared/schemas/connections';
import type {
  AMAZON_MARKETPLACES,
  AmazonConnectionInput,
  Connection,
  ConnectionRun,
  ShopifyConnectionInput,
} from '#shared/schemas/connections';
import { MESSAGES, formatMessage, type MessageKey, type MessageParams } from '#shared/messages';
import type { SessionUser } from '#shared/schemas/auth';
import type { PlatformEndpoints } from '../config';
import type { Database } from '../db/database';
import { writeTransaction } from '../db/write-transaction';
import { httpError, notFound } from '../http/errors';
import type { InFlight } from '../http/in-flight';
import type { ImportLine } from '../order-import/import-line';
import { applyImportLines } from '../order-import/order-import.service';
import type { OrdersContext } from '../orders/orders.service';
import {
  addRunCounts,
  countWaiting,
  deleteWaiting,
  failAbandonedRuns,
  findConnection,
  findConnections,
  findLease,
  findRun,
  findRuns,
  findUser,
  finishRun,
  insertConnection,
  insertRun,
  lastRuns,
  lockConnection,
  mappingsFor,
  matchKeyOf,
  releaseLease,
  renewLease,
  saveMapping,
  storeUnmatched,
  takeLease,
  updateConnection,
  waitingGroups,
  waitingLines,
  waitingNowMatched,
  type ConnectionRow,
  type RunRow,
} from './connections.repository';
import {
  PlatformError,
  type ConnectionKind,
  type OrderProblem,
  type PlatformSource,
  type SourcePage,
} from './platform-source';
import { SecretUnreadableError, open, seal } from './secret-box';
import { AMAZON_MARKETPLACES as MARKETPLACES, type AmazonRegion } from './amazon/marketplaces';

export interface ShopifySettings {
  shopDomain: string;
  /** A Dev Dashboard app's (client credentials grant); absent: an admin-created app's token. */
  clientId?: string;
}
export interface AmazonSettings {
  clientId: string;
  marketplaceIds: string[];
}
export type ConnectionSettings = ShopifySettings | AmazonSettings;
/**
 * The connection's secrets in clear: Shopify `accessToken` (or `clientSecret`); Amazon
 * `clientSecret`, `refreshToken` and the regions' own refresh tokens (`refreshTokenFe`,
 * `refreshTokenEu`), each present only when stored.
 */
export type ConnectionSecrets = Record<string, string>;

/** Where a region's own Amazon refresh token is kept among the secrets (its sealing's field). */
export const REGION_TOKEN_FIELD: Readonly<Record<AmazonRegion, string>> = {
  fe: 'refreshTokenFe',
  eu: 'refreshTokenEu',
};

/**
 * Makes the platform client of a connection (platform-sources.ts: Shopify's and Amazon's);
 * `onProblem` hears of each order it skips, counted among the run's errors.
 */
export type SourceFactory = (
  kind: ConnectionKind,
  settings: ConnectionSettings,
  secrets: ConnectionSecrets,
  env: PlatformEndpoints,
  onProblem: (problem: OrderProblem) => void,
) => PlatformSource;

/** An error that names its message (a MESSAGES key), as the run's record and the screen show it. */
export class ConnectionError extends Error {
  constructor(
    readonly code: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(formatMessage(code, params));
    this.name = 'ConnectionError';
  }
}

/**
 * The secrets a connection keeps: Shopify's token, or its app's client secret when it has a
 * client id; Amazon's client secret and its refresh tokens (the shared one, each region's own).
 */
function secretFields(kind: ConnectionKind, settings: ConnectionSettings): readonly string[] {
  if (kind === 'amazon')
    return ['clientSecret', 'refreshToken', REGION_TOKEN_FIELD.fe, REGION_TOKEN_FIELD.eu];
  return (settings as ShopifySettings).clientId ? ['clientSecret'] : ['accessToken'];
}

/** What names the account whose orders a cursor walks: another one starts the cursor over. */
const accountOf = (kind: ConnectionKind, settings: ConnectionSettings) =>
  kind === 'shopify' ? (settings as ShopifySettings).shopDomain : JSON.stringify(settings);

interface SealedSecret {
  sealed: string;
  setAt: string;
}

const parseSecrets = (row: ConnectionRow) => JSON.parse(row.secrets) as Record<string, SealedSecret>;
const parseSettings = (row: ConnectionRow) => JSON.parse(row.settings) as ConnectionSettings;

function openSecrets(key: Buffer, row: ConnectionRow): ConnectionSecrets {
  const sealed = parseSecrets(row);
  const secrets: ConnectionSecrets = {};
  for (const field of secretFields(row.kind, parseSettings(row))) {
    const value = sealed[field];
    if (value) secrets[field] = open(key, row.kind, field, value.sealed);
  }
  return secrets;
}

const runOf = (row: RunRow): ConnectionRun => ({
  runId: row.id,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  status: row.status,
  created: row.created,
  updated: row.updated,
  unmatched: row.unmatched,
  errors: row.errors,
  message: row.message,
  messageCode: row.message_code,
});

/** What GET /connections says of one connection: never a secret, only when each was set. */
function connectionOf(
  row: ConnectionRow,
  extra: {
    lastRun: RunRow | undefined;
    running: boolean;
    waiting: number;
    savedBy: { _id: string; fullname: string } | null;
  },
): Connection {
  const secrets = parseSecrets(row);
  const failing = row.consecutive_failures >= CONNECTION_FAILING_AFTER;
  const state = row.stopped_code ? 'stopped' : extra.running ? 'running' : failing ? 'failing' : 'idle';
  const lastRun = extra.lastRun ? runOf(extra.lastRun) : null;
  const common = {
    enabled: row.enabled === 1,
    intervalMinutes: row.interval_minutes,
    state,
    stateMessage: row.stopped_message ?? (failing ? (lastRun?.message ?? null) : null),
    stateMessageCode: row.stopped_code ?? (failing ? (lastRun?.messageCode ?? null) : null),
    lastRun,
    consecutiveFailures: row.consecutive_failures,
    unmatchedWaiting: extra.waiting,
    savedBy: extra.savedBy,
    updatedAt: row.updated_at,
  } as const;
  const setAt = (field: string) => (secrets[field] ? { [`${field}SetAt`]: secrets[field].setAt } : {});
  if (row.kind === 'shopify') {
    const settings = parseSettings(row) as ShopifySettings;
    return {
      kind: 'shopify',
      settings: { shopDomain: settings.shopDomain, clientId: settings.clientId ?? null },
      ...setAt('accessToken'),
      ...setAt('clientSecret'),
      ...common,
    };
  }
  const settings = parseSettings(row) as AmazonSettings;
  return {
    kind: 'amazon',
    settings: {
      clientId: settings.clientId,
      marketplaceIds: settings.marketplaceIds as (typeof AMAZON_MARKETPLACES)[number][],
    },
    ...setAt('clientSecret'),
    ...setAt('refreshToken'),
    regionTokensSetAt: Object.fromEntries(
      Object.entries(REGION_TOKEN_FIELD).flatMap(([region, field]) => {
        const at = secrets[field]?.setAt;
        return at ? [[region, at]] : [];
      }),
    ),
    ...common,
  };
}

const secretRequired = (field: string) =>
  httpError(400, 'connectionSecretRequired', { field }, [
    {
      field,
      message: formatMessage('connectionSecretRequired', { field }),
      code: 'connectionSecretRequired',
      params: { field },
    },
  ]);

/**
 * Every chosen Amazon marketplace needs a refresh token for its region: the region's own, else
 * the shared one. With none at all the shared one is asked for (as before regions had their
 * own); otherwise each marketplace left without is named, on its region's field.
 */
function checkAmazonTokens(settings: AmazonSettings, secrets: Record<string, SealedSecret>) {
  if (secrets.refreshToken) return;
  const anyRegionToken = Object.values(REGION_TOKEN_FIELD).some((field) => secrets[field]);
  if (!anyRegionToken) throw secretRequired('refreshToken');
  const missing = settings.marketplaceIds
    .map((id) => MARKETPLACES.get(id))
    .filter((market) => market !== undefined && !secrets[REGION_TOKEN_FIELD[market.region]]);
  const [first] = missing;
  if (!first) return;
  throw httpError(
    400,
    'amazonRegionTokenMissing',
    { marketplace: first.channel },
    missing.map((market) => ({
      field: `refreshTokens.${market?.region}`,
      message: formatMessage('amazonRegionTokenMissing', { marketplace: market?.channel ?? '' }),
      code: 'amazonRegionTokenMissing',
      params: { marketplace: market?.channel ?? '' },
    })),
  );
}

export async function listConnections(db: Kysely<Database>): Promise<Connection[]> {
  const [rows, runs, waiting] = await Promise.all([findConnections(db), lastRuns(db), countWaiting(db)]);
  const now = new Date().toISOString();
  const out: Connection[] = [];
  for (const row of rows) {
    const lease = await findLease(db, row.kind);
    const user = row.saved_by ? await findUser(db, row.saved_by) : undefined;
    out.push(
      connectionOf(row, {
        lastRun: runs.get(row.kind),
        running: Boolean(lease?.run_id && lease.expires_at && lease.expires_at >= now),
        waiting: waiting.get(row.kind) ?? 0,
        savedBy: user ? { _id: user.id, fullname: user.fullname } : null,
      }),
    );
  }
  return out;
}

export async function getConnection(db: Kysely<Database>, kind: ConnectionKind): Promise<Connection> {
  const found = (await listConnections(db)).find((c) => c.kind === kind);
  if (!found) throw httpError(404, 'connectionNotConfigured');
  return found;
}

type SaveInput =
  { kind: 'shopify'; input: ShopifyConnectionInput } | { kind: 'amazon'; input: AmazonConnectionInput };

/**
 * PUT /connections/{kind}: settings and schedule, and any secret given (sealed). A secret left
 * out keeps the stored one; the first save must give them all. New credentials clear a stopped
 * state and the failures in a row; other settings (another shop, other marketplaces) start the
 * cursor over, since the stored one is the old account's (the upsert absorbs what comes again).
 */
export async function saveConnection(
  db: Kysely<Database>,
  actor: SessionUser,
  key: Buffer,
  save: SaveInput,
): Promise<Connection> {
  const { kind } = save;
  const settings: ConnectionSettings =
    save.kind === 'shopify'
      ? {
          shopDomain: save.input.shopDomain,
          ...(save.input.clientId ? { clientId: save.input.clientId } : {}),
        }
      : { clientId: save.input.clientId, marketplaceIds: save.input.marketplaceIds };
  const fields = secretFields(kind, settings);
  // What the request says of each secret: a new value, null to forget it, absent to keep it.
  const given: Record<string, unknown> =
    save.kind === 'amazon'
      ? {
          clientSecret: save.input.clientSecret,
          refreshToken: save.input.refreshToken,
          [REGION_TOKEN_FIELD.fe]: save.input.refreshTokens?.fe,
          [REGION_TOKEN_FIELD.eu]: save.input.refreshTokens?.eu,
        }
      : save.input;
  await writeTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    const existing = await lockConnection(trx, kind);
    const secrets: Record<string, SealedSecret> = {};
    // Only the secrets this way of signing in needs are kept (a token left behind by a switch to
    // a Dev Dashboard app is dropped).
    const stored = existing ? parseSecrets(existing) : {};
    for (const field of fields) if (stored[field]) secrets[field] = stored[field];
    let newSecrets = false;
    for (const field of fields) {
      const value = given[field];
      if (typeof value === 'string') {
        secrets[field] = { sealed: seal(key, kind, field, value), setAt: now };
        newSecrets = true;
      } else if (value === null) {
        // A region's own token forgotten: the region falls back to the shared one, which is
        // a change of credentials as much as a new token.
        if (secrets[field]) newSecrets = true;
        delete secrets[field];
      }
    }
    if (kind === 'amazon') {
      if (!secrets.clientSecret) throw secretRequired('clientSecret');
      checkAmazonTokens(settings as AmazonSettings, secrets);
    } else {
      for (const field of fields) if (!secrets[field]) throw secretRequired(field);
    }
    const values = {
      settings: JSON.stringify(settings),
      secrets: JSON.stringify(secrets),
      enabled: save.input.enabled ? 1 : 0,
      interval_minutes: save.input.intervalMinutes,
      saved_by: actor._id,
      updated_at: now,
    };
    if (!existing) {
      await insertConnection(trx, {
        kind,
        ...values,
        cursor: null,
        consecutive_failures: 0,
        stopped_code: null,
        stopped_message: null,
        created_at: now,
      });
      return;
    }
    const sameAccount = accountOf(kind, parseSettings(existing)) === accountOf(kind, settings);
    await updateConnection(trx, kind, {
      ...values,
      ...(sameAccount ? {} : { cursor: null }),
      ...(newSecrets ? { stopped_code: null, stopped_message: null, consecutive_failures: 0 } : {}),
    });
  });
  return getConnection(db, kind);
}

export async function listRuns(db: Kysely<Database>, kind: ConnectionKind): Promise<ConnectionRun[]> {
  return (await findRuns(db, kind, CONNECTION_RUNS_LISTED)).map(runOf);
}

export function unmatchedGroups(db: Kysely<Database>, kind: ConnectionKind) {
  return waitingGroups(db, kind);
}

/** Lines applied per call of the import within one transaction (its batch size). */
const APPLY_BATCH = 1000;

async function applyWithMappings(
  trx: Transaction<Database>,
  actor: SessionUser,
  kind: ConnectionKind,
  lines: readonly ImportLine[],
  ctx: OrdersContext,
) {
  const keys = lines.flatMap((l) => [
    l.sku ? `sku:${l.sku.toLowerCase()}` : '',
    l.asin ? `asin:${l.asin}` : '',
  ]);
  const mappings = await mappingsFor(trx, kind, keys.filter(Boolean));
  const mapped = (line: ImportLine) =>
    (line.sku ? mappings.get(`sku:${line.sku.toLowerCase()}`) : undefined) ??
    (line.asin ? mappings.get(`asin:${line.asin}`) : undefined);
  return applyImportLines(trx, actor, lines, ctx, { mapped });
}

/**
 * POST /connections/{kind}/unmatched/map: remembers the product of a SKU (or ASIN) and applies
 * the lines waiting for it at once, in one transaction; they leave the waiting list. The orders
 * carry the name of the admin who mapped them.
 */
export async function mapUnmatched(
  db: Kysely<Database>,
  actor: SessionUser,
  kind: ConnectionKind,
  input: { sku?: string | undefined; asin?: string | undefined; productId: string },
  ctx: OrdersContext,
) {
  const matchKey = matchKeyOf({ sku: input.sku ?? '', asin: input.asin ?? '' }) as string;
  return writeTransaction(db, async (trx) => {
    if (!(await lockConnection(trx, kind))) throw httpError(404, 'connectionNotConfigured');
    const product = await trx
      .selectFrom('products')
      .select('id')
      .where('id', '=', input.productId)
      .executeTakeFirst();
    if (!product) throw notFound();
    const now = new Date().toISOString();
    await saveMapping(trx, kind, matchKey, input.productId, actor._id, now);
    const waiting = await waitingLines(
      trx,
      kind,
      input.sku !== undefined ? { sku: input.sku } : { asin: input.asin },
    );
    const result = { applied: 0, created: 0, updated: 0, errors: 0 };
    for (let i = 0; i < waiting.length; i += APPLY_BATCH) {
      const part = waiting.slice(i, i + APPLY_BATCH);
      const applied = await applyWithMappings(
        trx,
        actor,
        kind,
        part.map((w) => w.line),
        ctx,
      );
      const left = new Set(applied.unmatched);
      const done = part.filter((w) => !left.has(w.line));
      await deleteWaiting(
        trx,
        kind,
        done.map((w) => w.lineKey),
      );
      result.applied += done.length;
      result.created += applied.created;
      result.updated += applied.updated;
      result.errors += applied.errors.length;
    }
    return result;
  });
}

export interface ConnectionsEngineOptions {
  db: Kysely<Database>;
  timeZone: string;
  secretKey: Buffer;
  sources: SourceFactory;
  endpoints: PlatformEndpoints;
  log: FastifyBaseLogger;
  inFlight: InFlight;
  /** How long a lease holds without renewal (default 2 minutes); renewed every third of it. */
  leaseMs?: number;
  /** How often the schedule looks for connections due (default 15 s). */
  tickMs?: number;
  /** Tests: runs inside a page's (or the run's last) transaction just before it commits. */
  beforeCommit?: (stage: 'page' | 'finish', kind: ConnectionKind) => void | Promise<void>;
}

export interface SyncStarted {
  runId: string;
  /** False: a run was already going (this process's or another's), and this is its id. */
  started: boolean;
  /** This process's run, to await (tests, the schedule); absent when another process runs it. */
  done?: Promise<RunRow>;
}

class LeaseLost extends ConnectionError {
  constructor() {
    super('connectionLeaseLost');
  }
}

/** The platform's refusal, or secrets that no longer open: an admin must save credentials. */
const stopsConnection = (error: unknown) =>
  (error instanceof PlatformError && error.kind === 'auth') || error instanceof SecretUnreadableError;

function failureOf(error: unknown): { code: MessageKey; message: string } {
  if (error instanceof SecretUnreadableError) {
    return { code: 'connectionSecretUnreadable', message: MESSAGES.connectionSecretUnreadable };
  }
  if (error instanceof PlatformError || error instanceof ConnectionError) {
    return { code: error.code, message: error.message };
  }
  return { code: 'connectionSyncFailed', message: MESSAGES.connectionSyncFailed };
}

/** Runs connections' syncs in this process, on demand and on the schedule. */
export class ConnectionsEngine {
  readonly #o: ConnectionsEngineOptions;
  readonly #leaseMs: number;
  readonly #runs = new Map<
    ConnectionKind,
    { runId: string; abort: AbortController; done: Promise<RunRow> }
  >();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: ConnectionsEngineOptions) {
    this.#o = options;
    this.#leaseMs = options.leaseMs ?? 120_000;
  }

  get #ctx(): OrdersContext {
    return { timeZone: this.#o.timeZone };
  }

  /**
   * Starts a run of the connection unless one is going (here or in another process): answers
   * the run's id either way. `schedule`: only when the connection is enabled and due.
   */
  async requestSync(
    kind: ConnectionKind,
    trigger: 'manual' | 'schedule' = 'manual',
  ): Promise<SyncStarted | null> {
    if (this.#closed) throw new ConnectionError('connectionInterrupted');
    const local = this.#runs.get(kind);
    if (local) return { runId: local.runId, started: false, done: local.done };
    const runId = crypto.randomUUID();
    const begun = await writeTransaction(this.#o.db, async (trx) => {
      const row = await lockConnection(trx, kind);
      if (!row) {
        if (trigger === 'schedule') return null;
        throw httpError(404, 'connectionNotConfigured');
      }
      if (row.stopped_code) {
        if (trigger === 'schedule') return null;
        throw httpError(409, 'connectionStopped');
      }
      if (row.enabled !== 1) {
        if (trigger === 'schedule') return null;
        throw httpError(409, 'connectionDisabled');
      }
      const now = new Date();
      if (trigger === 'schedule') {
        // Read under the connection's lock: another server's schedule that just ran it is seen.
        const [last] = await findRuns(trx, kind, 1);
        if (last && Date.parse(last.started_at) + row.interval_minutes * 60_000 > now.getTime()) return null;
      }
      const expires = new Date(now.getTime() + this.#leaseMs).toISOString();
      if (!(await takeLease(trx, kind, runId, now.toISOString(), expires))) {
        const lease = await findLease(trx, kind);
        return trigger === 'schedule' ? null : { runId: lease?.run_id ?? runId, row, started: false };
      }
      await failAbandonedRuns(
        trx,
        kind,
        runId,
        now.toISOString(),
        'connectionInterrupted',
        MESSAGES.connectionInterrupted,
      );
      await insertRun(trx, {
        id: runId,
        kind,
        started_at: now.toISOString(),
        finished_at: null,
        status: 'running',
        created: 0,
        updated: 0,
        unmatched: 0,
        errors: 0,
        message_code: null,
        message: null,
      });
      return { runId, row, started: true };
    });
    if (!begun) return null;
    if (!begun.started) return { runId: begun.runId, started: false };
    const abort = new AbortController();
    const done = this.#o.inFlight.run(() => this.#execute(kind, runId, begun.row, abort));
    this.#runs.set(kind, { runId, abort, done });
    void done.finally(() => {
      if (this.#runs.get(kind)?.runId === runId) this.#runs.delete(kind);
    });
    return { runId, started: true, done };
  }

  async #execute(
    kind: ConnectionKind,
    runId: string,
    row: ConnectionRow,
    abort: AbortController,
  ): Promise<RunRow> {
    const { db, log } = this.#o;
    const renew = async () => {
      try {
        const expires = new Date(Date.now() + this.#leaseMs).toISOString();
        if (!(await renewLease(db, kind, runId, expires))) abort.abort(new LeaseLost());
      } catch (err) {
        log.warn({ err, kind }, 'connections: renewing the lease failed');
      }
    };
    const heartbeat = setInterval(() => void renew(), Math.max(10, Math.floor(this.#leaseMs / 3))).unref();
    let failure: unknown = null;
    try {
      if (!row.saved_by) throw new ConnectionError('connectionNotConfigured');
      const user = await findUser(db, row.saved_by);
      if (!user) throw new ConnectionError('connectionNotConfigured');
      const actor: SessionUser = {
        _id: user.id,
        fullname: user.fullname,
        email: user.email,
        username: user.username,
        role: user.role,
      };
      // Orders the source skipped while fetching a page, counted with that page.
      const problems: OrderProblem[] = [];
      const source = this.#o.sources(
        kind,
        parseSettings(row),
        openSecrets(this.#o.secretKey, row),
        this.#o.endpoints,
        (problem) => problems.push(problem),
      );
      await this.#applyNowMatched(kind, runId, actor, abort.signal);
      for await (const page of source.pages(row.cursor, abort.signal)) {
        abort.signal.throwIfAborted();
        await this.#storePage(kind, runId, actor, page, problems.splice(0));
        // SQLite's driver is synchronous: let other requests in between pages.
        await new Promise((resolve) => setImmediate(resolve));
      }
      abort.signal.throwIfAborted();
    } catch (error) {
      failure = abort.signal.aborted ? (abort.signal.reason ?? error) : error;
    } finally {
      clearInterval(heartbeat);
    }
    return this.#finish(kind, runId, failure);
  }

  /**
   * Lines left waiting because no product had their SKU, applied now that one has (created or
   * edited since): staff add the missing product and the next run brings its orders in, with
   * no mapping to make. A batch a transaction, under the run's lease like a page.
   */
  async #applyNowMatched(kind: ConnectionKind, runId: string, actor: SessionUser, signal: AbortSignal) {
    for (;;) {
      signal.throwIfAborted();
      const removed = await writeTransaction(this.#o.db, async (trx) => {
        await lockConnection(trx, kind);
        const expires = new Date(Date.now() + this.#leaseMs).toISOString();
        if (!(await renewLease(trx, kind, runId, expires))) throw new LeaseLost();
        const waiting = await waitingNowMatched(trx, kind, APPLY_BATCH);
        if (waiting.length === 0) return 0;
        const applied = await applyWithMappings(
          trx,
          actor,
          kind,
          waiting.map((w) => w.line),
          this.#ctx,
        );
        const left = new Set(applied.unmatched);
        const done = waiting.filter((w) => !left.has(w.line));
        await deleteWaiting(
          trx,
          kind,
          done.map((w) => w.lineKey),
        );
        await addRunCounts(trx, runId, {
          created: applied.created,
          updated: applied.updated,
          unmatched: 0,
          errors: applied.errors.length,
        });
        if (applied.errors.length > 0) {
          this.#o.log.warn(
            { kind, runId, errors: applied.errors.slice(0, 10) },
            'connections: waiting lines not applied',
          );
        }
        return done.length;
      });
      // Nothing left, or nothing more this run can apply (it would only ask again).
      if (removed < APPLY_BATCH) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async #storePage(
    kind: ConnectionKind,
    runId: string,
    actor: SessionUser,
    page: SourcePage,
    skipped: OrderProblem[],
  ): Promise<void> {
    await writeTransaction(this.#o.db, async (trx) => {
      // The connection row first, as every writer of it locks it first (db/locking.ts).
      await updateConnection(trx, kind, { cursor: page.cursor });
      const expires = new Date(Date.now() + this.#leaseMs).toISOString();
      if (!(await renewLease(trx, kind, runId, expires))) throw new LeaseLost();
      const applied = await applyWithMappings(trx, actor, kind, page.lines, this.#ctx);
      const now = new Date().toISOString();
      const waiting = await storeUnmatched(trx, kind, applied.unmatched, now);
      await addRunCounts(trx, runId, {
        created: applied.created,
        updated: applied.updated,
        unmatched: applied.unmatched.length,
        errors: applied.errors.length + skipped.length,
      });
      if (applied.errors.length > 0 || skipped.length > 0) {
        this.#o.log.warn(
          { kind, runId, errors: applied.errors.slice(0, 10), skipped: skipped.slice(0, 10), kept: waiting },
          'connections: lines not applied',
        );
      }
      await this.#o.beforeCommit?.('page', kind);
    });
  }

  async #finish(kind: ConnectionKind, runId: string, failure: unknown): Promise<RunRow> {
    const { db, log } = this.#o;
    const lost = failure instanceof LeaseLost;
    // Closing the server is no failure of the connection: the next run resumes.
    const interrupted = failure instanceof ConnectionError && failure.code === 'connectionInterrupted';
    const outcome = failure === null ? null : failureOf(failure);
    if (failure !== null && !interrupted && !lost) {
      if (stopsConnection(failure))
        log.warn(
          { kind, runId, code: outcome?.code },
          'connections: credentials refused; the connection is stopped',
        );
      else if (failure instanceof PlatformError || failure instanceof ConnectionError)
        log.warn({ kind, runId, code: outcome?.code, message: outcome?.message }, 'connections: run failed');
      else log.error({ err: failure, kind, runId }, 'connections: run failed');
    }
    try {
      await writeTransaction(db, async (trx) => {
        const now = new Date().toISOString();
        const row = await lockConnection(trx, kind);
        await finishRun(trx, runId, {
          status: failure === null ? 'succeeded' : 'failed',
          finished_at: now,
          message_code: outcome?.code ?? null,
          message: outcome?.message ?? null,
        });
        // A run that lost its lease leaves the connection to the run that took it.
        if (row && !lost) {
          if (failure === null) {
            await updateConnection(trx, kind, { consecutive_failures: 0 });
          } else if (stopsConnection(failure)) {
            await updateConnection(trx, kind, {
              stopped_code: outcome?.code ?? null,
              stopped_message: outcome?.message ?? null,
            });
          } else if (!interrupted) {
            const failures = row.consecutive_failures + 1;
            await updateConnection(trx, kind, { consecutive_failures: failures });
            if (failures === CONNECTION_FAILING_AFTER) {
              log.error(
                { kind, failures, code: outcome?.code },
                'connections: failing: the last runs all failed',
              );
            }
          }
          await releaseLease(trx, kind, runId);
        }
        await this.#o.beforeCommit?.('finish', kind);
      });
    } catch (err) {
      // The lease then expires by itself and the next run marks this one failed.
      log.error({ err, kind, runId }, 'connections: recording the end of a run failed');
    }
    return (await findRun(db, runId).catch(() => undefined)) ?? ({ id: runId } as RunRow);
  }

  /** "Test connection": the source's one cheap call, within 30 seconds. */
  async test(kind: ConnectionKind): Promise<void> {
    const row = await findConnection(this.#o.db, kind);
    if (!row) throw httpError(404, 'connectionNotConfigured');
    try {
      const source = this.#o.sources(
        kind,
        parseSettings(row),
        openSecrets(this.#o.secretKey, row),
        this.#o.endpoints,
        () => {},
      );
      await source.test(AbortSignal.timeout(30_000));
    } catch (error) {
      const { code } = failureOf(error);
      const params =
        error instanceof PlatformError || error instanceof ConnectionError ? error.params : undefined;
      throw httpError(400, code, params);
    }
  }

  /** Starts every enabled connection that is due, every `tickMs`, until closed. */
  startSchedule(): void {
    const tick = async () => {
      try {
        const rows = await findConnections(this.#o.db);
        for (const row of rows) {
          if (this.#closed) break;
          if (row.enabled !== 1 || row.stopped_code) continue;
          await this.requestSync(row.kind, 'schedule');
        }
      } catch (err) {
        if (!this.#closed) this.#o.log.error({ err }, 'connections: the schedule failed');
      }
      if (!this.#closed) this.#timer = setTimeout(() => void tick(), this.#o.tickMs ?? 15_000).unref();
    };
    this.#timer = setTimeout(() => void tick(), 0).unref();
  }

  /** Resolves once the runs going in this process have ended (a test counting what a request wrote). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.#runs.values()].map((run) => run.done));
  }

  /** Stops the schedule and the runs going: each records itself interrupted and frees its lease. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    const runs = [...this.#runs.values()];
    for (const run of runs) run.abort.abort(new ConnectionError('connectionInterrupted'));
    await Promise.allSettled(runs.map((run) => run.done));
  }
}
