/**
 * The one typed IPC contract between the renderer and the desktop main process.
 * Channels are `domain:verb`. Every payload has a zod schema: main validates
 * what arrives, because a compromised renderer is hostile input.
 */
import { z } from 'zod';
import { LANGUAGES, ROLES } from './constants';
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

export const unsavedChangesSchema = z.object({ unsaved: z.boolean() });

export const externalUrlSchema = z.object({ url: z.string().max(4096) });

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
  'window:unsaved': { payload: unsavedChangesSchema },
  'external:open': { payload: externalUrlSchema },
  'language:set': { payload: z.object({ lang: z.enum(LANGUAGES) }) },
  'notifications:get': { payload: z.void() },
  'notifications:update': { payload: notificationActionSchema },
  'backup:info': { payload: z.void() },
  'backup:now': { payload: z.void() },
  'backup:restore': { payload: z.void() },
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

export interface IpcResults {
  'app:info': AppInfo;
  'connection:get': ConnectionInfo;
  'connection:set': ConnectionInfo;
  'session:get': StoredSession | null;
  'session:set': void;
  'session:clear': void;
  'csv:save': { saved: boolean; path?: string; canceled?: boolean };
  'csv:cancel': { canceled: boolean };
  'window:unsaved': void;
  'external:open': { opened: boolean };
  'language:set': void;
  'notifications:get': NotificationState;
  'notifications:update': NotificationState;
  'backup:info': BackupInfo;
  'backup:now': { saved: boolean; path?: string };
  'backup:restore': RestoreAnswer;
}

export type IpcPayload<C extends IpcChannel> = z.input<(typeof ipcChannels)[C]['payload']>;
export type IpcResult<C extends IpcChannel> = IpcResults[C];

/** Main → renderer events. */
export const ipcEvents = {
  /** A native notification was clicked: show this route. */
  navigate: z.object({
    path: z.enum(['/shipping-management', '/otz', '/sales-management']),
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
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void;
}

export { IPC_ERROR_MESSAGES, ipcErrorCode, type IpcErrorCode } from './ipc-errors';

export type IpcResponse<T = unknown> =
  { ok: true; value: T } | { ok: false; error: { code: IpcErrorCode; message: string } };
