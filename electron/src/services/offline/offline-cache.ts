/**
 * The desktop app's offline cache of a team server, as one service main wires in: which cache
 * file is open (the signed-in user's on this server), the sync that fills it (every 60 s while
 * the server answers, and on "Sync now"), whether the server answers (backing off from 2 s to
 * 60 s while it does not), the customs outbox, and the state the window shows
 * (`offline:changed` on every change; a sync's progress at most every 200 ms).
 *
 * A session is mapped to its user (`GET auth/me`) once; the mapping is kept in the store, keyed
 * by a hash of server and token, so an app started without the server finds the user's file.
 * Local mode has no cache: its API is on this computer.
 *
 * Everything the server is asked runs one task at a time (a sync, the outbox being sent), so
 * the outbox never races the sync over the same records.
 */
import { createHash } from 'node:crypto';
import {
  NO_OFFLINE_STATE,
  type CacheAnswer,
  type OfflineState,
  type OutboxEntry,
  type StoredSession,
} from '#shared/ipc';
import { IpcError } from '../ipc-error';
import type { KeyValueStore } from '../key-value-store';
import type { SafeStorage } from '../token-vault';
import {
  openCacheFile,
  readMeta,
  wipeCacheFile,
  writeMeta,
  type CacheFile,
  type CacheOwner,
  type Database,
} from './cache-file';
import {
  ApiError,
  backoffDelay,
  createConnectivity,
  createTeamApi,
  ServerUnreachable,
  systemTimer,
  type Connectivity,
  type Fetch,
  type OfflineTimer,
  type TeamApi,
} from './connectivity';
import {
  addToOutbox,
  flushOutbox,
  listOutbox,
  outboxCounts,
  resolveOutbox,
  type OutboxInput,
} from './outbox';
import {
  businessToday,
  defaultCacheRecords,
  META,
  runSync,
  storeStartAnswers,
  type CacheRecords,
  type SyncProgress,
  type SyncRun,
} from './sync';

export const SYNC_INTERVAL_MS = 60_000;
export const PROGRESS_EMIT_MS = 200;
export const SESSIONS_STORE_KEY = 'offline.sessions';

const NO_CACHE: CacheAnswer = { status: 503, body: { code: 'offline', message: 'No offline copy' } };

export interface TeamServer {
  /** Base URL of API v1. */
  apiBaseUrl: string;
  /** The server's origin: with the user, whose cache file it is. */
  origin: string;
}

export interface OfflineCacheDeps {
  dataDir: string;
  store: KeyValueStore;
  safeStorage: SafeStorage;
  fetch: Fetch;
  /** The team server the app is connected to; null in local mode. */
  getTeamServer(): Promise<TeamServer | null>;
  getSession(): StoredSession | null;
  emit(event: 'offline:changed', state: OfflineState): void;
  records?: CacheRecords;
  timer?: OfflineTimer;
  onError?(error: unknown): void;
  syncIntervalMs?: number;
  pageLimit?: number;
}

export interface OfflineCache {
  state(): OfflineState;
  /** After a session or connection change, and at start: the right cache opened and synced. */
  refresh(): Promise<void>;
  /** "Sync now" and Retry: the server tried at once. */
  syncNow(): Promise<OfflineState>;
  get(path: string): CacheAnswer;
  outboxList(): OutboxEntry[];
  outboxAdd(input: OutboxInput): OutboxEntry[];
  outboxResolve(answer: { id: number; keep: 'mine' | 'theirs' }): OutboxEntry[];
  /** Sign-out: the signed-in user's cache file deleted (the window asked first). */
  wipe(): Promise<void>;
  stop(): void;
  /** Resolves once no task is running or queued (tests, the bench). */
  idle(): Promise<void>;
  /** The open cache file, if any (tests, the bench). */
  file(): CacheFile | undefined;
}

interface Session {
  server: TeamServer;
  token: string;
  /** A hash of server and token: the key of its user in the store. */
  tag: string;
  file?: CacheFile;
  api: TeamApi;
  connectivity: Connectivity;
  closed: boolean;
}

type SessionUsers = Record<string, { server: string; userId: string }>;

export function createOfflineCache(deps: OfflineCacheDeps): OfflineCache {
  const records = deps.records ?? defaultCacheRecords;
  const timer = deps.timer ?? systemTimer;
  const interval = deps.syncIntervalMs ?? SYNC_INTERVAL_MS;
  const fileDeps = {
    dataDir: deps.dataDir,
    store: deps.store,
    safeStorage: deps.safeStorage,
    tables: records,
    onError: deps.onError,
  };

  let session: Session | undefined;
  let syncing: SyncProgress | null = null;
  let retryAt: string | null = null;
  let scheduled: unknown;
  let queue: Promise<void> = Promise.resolve();
  let cycleQueued = false;
  let lastEmitted = '';
  let progressSentAt = Number.NEGATIVE_INFINITY;
  let stopped = false;

  const state = (): OfflineState => {
    const db = session?.file?.db;
    if (!session || !db) {
      return session
        ? { ...NO_OFFLINE_STATE, online: session.connectivity.online(), retryAt }
        : NO_OFFLINE_STATE;
    }
    return {
      available: true,
      online: session.connectivity.online(),
      syncedAt: readMeta(db, META.syncedAt) ?? null,
      syncing,
      retryAt,
      outbox: outboxCounts(db),
    };
  };

  const emit = () => {
    const next = state();
    const text = JSON.stringify(next);
    if (text === lastEmitted) return;
    lastEmitted = text;
    deps.emit('offline:changed', next);
  };

  const onProgress = (progress: SyncProgress | null) => {
    syncing = progress;
    // The window sees the count move, not every page; the start and the end always.
    const now = timer.now();
    if (progress && progress.done > 0 && now - progressSentAt < PROGRESS_EMIT_MS) return;
    progressSentAt = now;
    emit();
  };

  /** A sync of the session's cache, for as long as that session is the current one. */
  const syncRun = (s: Session, db: Database, current: () => boolean): SyncRun => ({
    db,
    api: s.api,
    records,
    now: timer.now,
    onProgress,
    isCurrent: current,
    pageLimit: deps.pageLimit,
  });

  const sessionUsers = (): SessionUsers => {
    const raw = deps.store.get(SESSIONS_STORE_KEY);
    return typeof raw === 'object' && raw !== null ? (raw as SessionUsers) : {};
  };
  const ownerOf = (s: Session): CacheOwner | undefined => {
    const known = sessionUsers()[s.tag];
    return known && known.server === s.server.origin ? known : undefined;
  };
  const rememberUser = (s: Session, userId: string) => {
    // One entry per user and server: a new sign-in replaces the tags of the user's old tokens.
    const users = Object.fromEntries(
      Object.entries(sessionUsers()).filter(
        ([, u]) => !(u.server === s.server.origin && u.userId === userId),
      ),
    );
    users[s.tag] = { server: s.server.origin, userId };
    deps.store.set(SESSIONS_STORE_KEY, users);
  };

  const openFor = (s: Session, owner: CacheOwner) => {
    s.file = openCacheFile(fileDeps, owner);
    const db = s.file.db;
    db.transaction(() => {
      writeMeta(db, META.userId, owner.userId);
      writeMeta(db, META.server, owner.server);
    })();
  };

  const unschedule = () => {
    if (scheduled !== undefined) timer.clearTimeout(scheduled);
    scheduled = undefined;
  };
  const schedule = (ms: number) => {
    unschedule();
    if (stopped) return;
    scheduled = timer.setTimeout(() => {
      scheduled = undefined;
      void enqueueCycle();
    }, ms);
  };

  /** Runs `task` after every task before it. */
  const enqueue = (task: () => Promise<void>): Promise<void> => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return queue;
  };

  const unreachable = (s: Session) => {
    const delay = backoffDelay(Math.max(1, s.connectivity.failures()));
    retryAt = new Date(timer.now() + delay).toISOString();
    schedule(delay);
  };

  /** One round with the server: the user known, the start answers, a sync, the outbox. */
  const cycle = async () => {
    cycleQueued = false;
    const s = session;
    if (!s || s.closed) return;
    const current = () => session === s && !s.closed;
    try {
      const me = await s.api.get('auth/me');
      if (!current()) return;
      retryAt = null;
      const userId = (me as { data?: { _id?: unknown } }).data?._id;
      if (typeof userId !== 'string') throw new Error('auth/me answered no user');
      if (!s.file || ownerOf(s)?.userId !== userId) {
        rememberUser(s, userId);
        s.file?.close();
        openFor(s, { server: s.server.origin, userId });
      }
      emit();
      const db = s.file!.db;
      await storeStartAnswers(db, s.api, records, me);
      const run = syncRun(s, db, current);
      if (!current()) return;
      await runSync(run);
      if (!current()) return;
      emit();
      const saved = await flushOutbox(db, s.api, records, current);
      emit();
      // The saved customs changed their orders too: those come with the changes.
      if (saved > 0 && current()) await runSync(run);
      if (current()) schedule(interval);
    } catch (error) {
      if (!current()) return;
      if (error instanceof ServerUnreachable) unreachable(s);
      else if (error instanceof ApiError && error.status >= 500) {
        // A server error short of the third in a row: asked again soon, so three take seconds.
        schedule(backoffDelay(1));
      } else {
        deps.onError?.(error);
        schedule(interval);
      }
    } finally {
      if (current()) emit();
    }
  };

  const enqueueCycle = () => {
    if (cycleQueued) return queue;
    cycleQueued = true;
    return enqueue(cycle);
  };

  /** Sends the outbox now if the server answers; a failure sends the cache offline like a sync's. */
  const enqueueFlush = () =>
    enqueue(async () => {
      const s = session;
      const db = s?.file?.db;
      if (!s || !db || !s.connectivity.online()) return;
      const current = () => session === s && !s.closed;
      try {
        const saved = await flushOutbox(db, s.api, records, current);
        if (saved > 0 && current()) {
          await runSync(syncRun(s, db, current));
        }
      } catch (error) {
        if (!current()) return;
        if (error instanceof ServerUnreachable) unreachable(s);
        else deps.onError?.(error);
      } finally {
        if (current()) emit();
      }
    });

  const close = () => {
    unschedule();
    if (session) {
      session.closed = true;
      session.file?.close();
    }
    session = undefined;
    syncing = null;
    retryAt = null;
  };

  const tagOf = (server: TeamServer, token: string) =>
    createHash('sha256').update(`${server.origin}\n${token}`).digest('hex');

  const refresh = async () => {
    const stored = deps.getSession();
    const server = stored && !stopped ? await deps.getTeamServer() : null;
    if (!server || !stored) {
      close();
      emit();
      return;
    }
    const tag = tagOf(server, stored.token);
    if (session && session.tag === tag && session.server.apiBaseUrl === server.apiBaseUrl) return;
    close();
    const connectivity = createConnectivity();
    const s: Session = {
      server,
      token: stored.token,
      tag,
      api: createTeamApi({
        fetch: deps.fetch,
        baseUrl: server.apiBaseUrl,
        token: stored.token,
        timer,
        connectivity,
      }),
      connectivity,
      closed: false,
    };
    session = s;
    const owner = ownerOf(s);
    // A known user's cache opens at once: it answers even before (or without) the server.
    if (owner) {
      try {
        openFor(s, owner);
      } catch (error) {
        deps.onError?.(error);
      }
    }
    emit();
    void enqueueCycle();
  };

  const requireDb = () => {
    const db = session?.file?.db;
    // The window offers the outbox only while a cache is open; anything else is a stray request.
    if (!db) throw new IpcError('failed');
    return db;
  };

  return {
    state,
    refresh,
    async syncNow() {
      const s = session;
      if (!s) return state();
      unschedule();
      retryAt = null;
      await enqueueCycle();
      return state();
    },
    get(path) {
      const db = session?.file?.db;
      if (!db) return NO_CACHE;
      return records.answerGet(db, path, { today: businessToday(db, timer.now()) });
    },
    outboxList: () => {
      const db = session?.file?.db;
      return db ? listOutbox(db) : [];
    },
    outboxAdd(input) {
      const db = requireDb();
      const found = records.answerGet(db, `shipments/${encodeURIComponent(input.shipment)}`, {
        today: businessToday(db, timer.now()),
      });
      const label = (found.body as { data?: { shipmentId?: unknown } } | null)?.data?.shipmentId;
      // Customs are entered on a shipment the cache shows; one it does not know is a stray request.
      if (found.status !== 200 || typeof label !== 'string') throw new IpcError('invalid-payload');
      addToOutbox(db, input, label, new Date(timer.now()).toISOString());
      emit();
      void enqueueFlush();
      return listOutbox(db);
    },
    outboxResolve(answer) {
      const db = requireDb();
      const send = resolveOutbox(db, records, answer, deps.getSession()?.role ?? null);
      emit();
      if (send) void enqueueFlush();
      return listOutbox(db);
    },
    async wipe() {
      const stored = deps.getSession();
      const server = await deps.getTeamServer();
      const owner =
        session && stored && session.token === stored.token
          ? ownerOf(session)
          : stored && server
            ? sessionUsers()[tagOf(server, stored.token)]
            : undefined;
      close();
      if (owner) {
        wipeCacheFile(deps, owner);
        const users = Object.fromEntries(
          Object.entries(sessionUsers()).filter(
            ([, u]) => !(u.server === owner.server && u.userId === owner.userId),
          ),
        );
        deps.store.set(SESSIONS_STORE_KEY, users);
      }
      emit();
    },
    stop() {
      stopped = true;
      close();
    },
    idle: async () => {
      let seen: Promise<void> | undefined;
      while (seen !== queue) {
        seen = queue;
        await queue;
      }
    },
    file: () => session?.file,
  };
}
