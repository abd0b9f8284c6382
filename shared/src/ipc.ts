/**
 * The one typed IPC contract between the renderer and the desktop main process.
 * Channels are `domain:verb`. Every payload has a zod schema: main validates
 * what arrives, because a compromised renderer is hostile input.
 */
import { z } from 'zod';
import { LANGUAGES, ROLES } from './constants';
import { customsInputSchema, type Shipment } from './schemas/shipment';
import type { IpcErrorCode } from './ipc-errors';
import { needsInsecureConsent } from './team-server-url';
import {
  notificationActionSchema,
  notificationStateSchema,
  type NotificationAction,
  type NotificationState,
} from './notifications/notification-state';

/**
 * Where the API lives: in this app (local mode) or on a team server. A plain http team server
 * off this computer is accepted only with `insecure: true`, the user's answer to the warning
 * (team-server-url.ts); main checks this payload, so a page cannot skip the question.
 */
export const connectionSchema = z
  .discriminatedUnion('mode', [
    z.object({ mode: z.literal('local') }),
    z.object({
      mode: z.literal('team'),
      url: z.url({ protocol: /^https?$/ }).max(2048),
      insecure: z.literal(true).optional(),
    }),
  ])
  .refine((c) => c.mode !== 'team' || c.insecure === true || !needsInsecureConsent(c.url), {
    path: ['url'],
    message: 'A plain http address off this computer needs the insecure-connection consent',
  });
export type Connection = z.infer<typeof connectionSchema>;

export const sessionSchema = z.object({
  token: z.string().min(1).max(512),
  role: z.enum(ROLES).nullable(),
});
export type StoredSession = z.infer<typeof sessionSchema>;
export { isStoredSession } from './ipc-errors';

export const csvSaveSchema = z.object({
  /** Suggested file name without folder, e.g. sales-management.csv. */
  defaultName: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[^/\\:*?"<>|\0]+$/, 'A file name, not a path'),
  /**
   * The export's API path with its query, relative to the API base URL
   * (e.g. `products/csv-products?sort=name`): main fetches it and streams the bytes to disk.
   */
  path: z
    .string()
    .min(1)
    .max(8192)
    .regex(/^[a-z0-9][a-z0-9/_-]*(\?[^#\s]*)?$/i, 'An API path, not an address'),
});

/**
 * A document (a PDF the API makes) saved where the user chooses, as a CSV export is. Its path
 * ends in a file name (`shipments/<id>/documents/label.pdf`, `pick-list.pdf?orderIds=…`), so a
 * dot is allowed, never a `..` segment; main also refuses any path outside the API (exportUrl).
 */
export const pdfSaveSchema = csvSaveSchema.extend({
  path: z
    .string()
    .min(1)
    .max(8192)
    .regex(/^[a-z0-9][a-z0-9/_.-]*(\?[^#\s]*)?$/i, 'An API path, not an address')
    .refine((path) => !path.split('?')[0]?.split('/').includes('..'), 'An API path, not an address'),
});

export const unsavedChangesSchema = z.object({ unsaved: z.boolean() });

export const externalUrlSchema = z.object({ url: z.string().max(4096) });

/**
 * A read the window could not get from the team server, asked of the offline cache instead: an
 * API path with its query, relative to the API base URL (`shipments?page=1&limit=50`).
 */
export const cacheGetSchema = z.object({
  path: z
    .string()
    .min(1)
    .max(8192)
    .regex(/^[a-z0-9][a-z0-9/_.-]*(\?[^#\s]*)?$/i, 'An API path, not an address'),
});

/** Customs entered while the team server cannot be reached: kept in the outbox, sent in order. */
export const outboxAddSchema = z.object({
  /** The shipment's `_id`. */
  shipment: z.string().min(1).max(64),
  /** With the `version` of the shipment the entry was made on (required: it guards the save). */
  customs: customsInputSchema.required({ version: true }),
});

export const outboxResolveSchema = z.object({
  id: z.number().int().positive(),
  /** A conflict's answer: send mine over the server's shipment now, or drop mine. */
  keep: z.enum(['mine', 'theirs']),
});

/** Each channel: its payload schema and its result type. */
export const ipcChannels = {
  'app:info': { payload: z.void() },
  'connection:get': { payload: z.void() },
  'connection:set': { payload: connectionSchema },
  'session:get': { payload: z.void() },
  'session:set': { payload: sessionSchema },
  'session:clear': { payload: z.void() },
  'csv:save': { payload: csvSaveSchema },
  'csv:cancel': { payload: z.void() },
  'pdf:save': { payload: pdfSaveSchema },
  'window:unsaved': { payload: unsavedChangesSchema },
  'external:open': { payload: externalUrlSchema },
  'language:set': { payload: z.object({ lang: z.enum(LANGUAGES) }) },
  'notifications:get': { payload: z.void() },
  'notifications:update': { payload: notificationActionSchema },
  'backup:info': { payload: z.void() },
  'backup:now': { payload: z.void() },
  'backup:restore': { payload: z.void() },
  'offline:state': { payload: z.void() },
  'offline:sync': { payload: z.void() },
  'cache:get': { payload: cacheGetSchema },
  'outbox:list': { payload: z.void() },
  'outbox:add': { payload: outboxAddSchema },
  'outbox:resolve': { payload: outboxResolveSchema },
} as const;
export type IpcChannel = keyof typeof ipcChannels;

export interface AppInfo {
  version: string;
  platform: string;
  /** True in the desktop app; false for the browser implementation. */
  desktop: boolean;
}

/** The resolved API address the renderer should talk to. */
export interface ConnectionInfo {
  connection: Connection;
  /** Base URL of API v1, e.g. http://127.0.0.1:53122/api/v1 */
  apiBaseUrl: string;
}

/** Local mode's backups: whether they apply here, where the automatic copies are, the newest one. */
export interface BackupInfo {
  /** True in local mode (a team server keeps its own database). */
  available: boolean;
  folder: string | null;
  /** The day of the newest automatic copy (YYYY-MM-DD), null before the first. */
  latest: string | null;
}

/** Why a restore did not happen: the user's choice, the role or mode, or the file chosen. */
export type RestoreRefusal =
  'canceled' | 'notAllowed' | 'notLocal' | 'notKura' | 'corrupt' | 'newer' | 'missing';
export type RestoreAnswer = { restored: true } | { restored: false; reason: RestoreRefusal };

/**
 * The desktop app's offline cache of a team server, as the window shows it (the banner, the
 * first sync's progress, the pending customs). Local mode has no cache: its API is on this
 * computer.
 */
export const offlineStateSchema = z.object({
  /** A cache applies: a team server and a signed-in user. */
  available: z.boolean(),
  /**
   * The team server answers. False: the cached screens answer from the cache and every write is
   * off except customs entry, which goes to the outbox.
   */
  online: z.boolean(),
  /** When the cache last caught up with the server (ISO), null before its first full sync ends. */
  syncedAt: z.string().nullable(),
  /** A sync running: the first full one (records n of m) or the changes since the last. */
  syncing: z
    .object({
      kind: z.enum(['full', 'changes']),
      done: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
    })
    .nullable(),
  /** While offline: when main tries the server again (ISO); backs off from 2 s to 60 s. */
  retryAt: z.string().nullable(),
  /** Customs entries not sent yet, and how many of them wait for the user's choice. */
  outbox: z.object({ pending: z.number().int().nonnegative(), conflicts: z.number().int().nonnegative() }),
});
export type OfflineState = z.infer<typeof offlineStateSchema>;

export const NO_OFFLINE_STATE: OfflineState = {
  available: false,
  online: true,
  syncedAt: null,
  syncing: null,
  retryAt: null,
  outbox: { pending: 0, conflicts: 0 },
};

/** The cache's answer to a read: the API's own status and body (its error shape when not 200). */
export interface CacheAnswer {
  status: number;
  body: unknown;
}

/** A customs entry in the outbox. */
export interface OutboxEntry {
  /** Its place in the outbox: entries are sent in this order. */
  id: number;
  shipment: { _id: string; shipmentId: string };
  customs: { customId: string; totalCustomFee: number; receivedDate: string };
  /** The version of the shipment it was entered on. */
  version: number;
  /** When it was entered (ISO). */
  enteredAt: string;
  /**
   * `pending`: waiting to be sent. `conflict`: the shipment changed since it was entered (the
   * server's `theirs` beside it); the user keeps one. `refused`: the server refused it for
   * another reason (`error`); the user drops it.
   */
  state: 'pending' | 'conflict' | 'refused';
  theirs: Shipment | null;
  error: { code: string; message: string } | null;
}

export interface IpcResults {
  'app:info': AppInfo;
  'connection:get': ConnectionInfo;
  'connection:set': ConnectionInfo;
  'session:get': StoredSession | null;
  'session:set': void;
  'session:clear': void;
  'csv:save': { saved: boolean; path?: string; canceled?: boolean };
  'csv:cancel': { canceled: boolean };
  'pdf:save': { saved: boolean; path?: string };
  'window:unsaved': void;
  'external:open': { opened: boolean };
  'language:set': void;
  'notifications:get': NotificationState;
  'notifications:update': NotificationState;
  'backup:info': BackupInfo;
  'backup:now': { saved: boolean; path?: string };
  'backup:restore': RestoreAnswer;
  'offline:state': OfflineState;
  'offline:sync': OfflineState;
  'cache:get': CacheAnswer;
  'outbox:list': OutboxEntry[];
  'outbox:add': OutboxEntry[];
  'outbox:resolve': OutboxEntry[];
}

export type IpcPayload<C extends IpcChannel> = z.input<(typeof ipcChannels)[C]['payload']>;
export type IpcResult<C extends IpcChannel> = IpcResults[C];

/** Main → renderer events. */
export const ipcEvents = {
  /** A native notification was clicked: show this route. */
  navigate: z.object({
    path: z.enum(['/shipping-management', '/otz', '/sales-management', '/settings/connections']),
    /** A dialog of that screen to open on arrival (File → Export sales CSV…). */
    open: z.enum(['salesExport']).optional(),
  }),
  /**
   * Main's notification state changed (a poll batch, an action, another session): the whole
   * state, which the window mirrors.
   */
  'notifications:changed': notificationStateSchema,
  /** The export being saved: CSV records and bytes written so far; `done` once it is saved. */
  'csv:progress': z.object({
    rows: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    done: z.boolean(),
  }),
  /** The offline cache's state changed (online or not, a sync's progress, the outbox). */
  'offline:changed': offlineStateSchema,
} as const;
export type IpcEvent = keyof typeof ipcEvents;
export type IpcEventPayload<E extends IpcEvent> = z.infer<(typeof ipcEvents)[E]>;

/**
 * What the preload exposes on `window.kura`: one method per capability, nothing else.
 * The renderer's platform module has a browser implementation of the same interface.
 */
export interface KuraBridge {
  appInfo(): Promise<AppInfo>;
  getConnection(): Promise<ConnectionInfo>;
  setConnection(connection: Connection): Promise<ConnectionInfo>;
  getSession(): Promise<StoredSession | null>;
  setSession(session: StoredSession): Promise<void>;
  clearSession(): Promise<void>;
  saveCsv(
    request: z.input<typeof csvSaveSchema>,
  ): Promise<{ saved: boolean; path?: string; canceled?: boolean }>;
  /** Stops the export being saved; its file is not left behind. */
  cancelCsv(): Promise<{ canceled: boolean }>;
  /** A PDF from the API (customs papers, pick list, labels): the save dialog, or a download. */
  savePdf(request: z.input<typeof pdfSaveSchema>): Promise<{ saved: boolean; path?: string }>;
  /** A form holds unsaved changes: closing the window asks first. */
  setUnsavedChanges(unsaved: boolean): Promise<void>;
  openExternal(url: string): Promise<{ opened: boolean }>;
  setLanguage(lang: (typeof LANGUAGES)[number]): Promise<void>;
  /** Main's notification state (the bell, its ring, the menu dots), e.g. after a reload. */
  getNotifications(): Promise<NotificationState>;
  /** The bell opened or a menu entry followed: main applies it and answers the new state. */
  updateNotifications(action: NotificationAction): Promise<NotificationState>;
  /** Local mode's backups (the browser has none). */
  backupInfo(): Promise<BackupInfo>;
  /** A copy of the local database to a file the user chooses. */
  backupNow(): Promise<{ saved: boolean; path?: string }>;
  /** An administrator swaps in a backup the user chooses (the current data is kept as a backup). */
  restoreBackup(): Promise<RestoreAnswer>;
  /** The offline cache's state (the browser has no cache: {@link NO_OFFLINE_STATE}). */
  offlineState(): Promise<OfflineState>;
  /** Retry, and "Sync now": try the team server now and catch up. */
  syncNow(): Promise<OfflineState>;
  /** A read answered by the offline cache, as the API would answer it. */
  cacheGet(path: string): Promise<CacheAnswer>;
  outboxList(): Promise<OutboxEntry[]>;
  /** Customs entered offline; answers the outbox. */
  outboxAdd(entry: z.input<typeof outboxAddSchema>): Promise<OutboxEntry[]>;
  outboxResolve(answer: z.input<typeof outboxResolveSchema>): Promise<OutboxEntry[]>;
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void;
}

export { IPC_ERROR_MESSAGES, ipcErrorCode, type IpcErrorCode } from './ipc-errors';

export type IpcResponse<T = unknown> =
  { ok: true; value: T } | { ok: false; error: { code: IpcErrorCode; message: string } };
