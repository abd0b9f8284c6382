/**
 * Live sync's failures for admins: every minute an admin's session reads GET /connections and
 * hands out one alert per connection that is `failing` (its last runs all failed) or `stopped`
 * (the platform refused the credentials), once per failure: an alert is keyed on the connection's
 * kind and its last run's id, so the same failed run is announced once however often it is read,
 * and a later run that fails again is a failure of its own. A connection already failing when the
 * watch starts is announced on its first read: the admin has not been told yet.
 *
 * GET /connections is for admins only: the watch never calls it for another role. A failed read
 * (offline, an expired token, a server without live sync) is skipped without a word and tried
 * again on the next tick, as the order poller does. I/O is injected (`get`, the timer); what an
 * alert looks like is the caller's business (the desktop's native notification).
 */
import { z } from 'zod';
import { MESSAGES, type MessageKey } from '../messages';
import type { PollerSession, Timer } from './order-poller';
import { createSessionLoop, systemTimer, type SessionLoop } from './session-loop';

/** How often an admin's session reads the connections: a failure waits at most this long. */
export const CONNECTION_WATCH_MS = 60_000;

/** Where an alert leads: Settings → Connections. */
export const CONNECTIONS_ROUTE = '/settings/connections';

export const CONNECTION_KINDS = ['shopify', 'amazon'] as const;
export type WatchedKind = (typeof CONNECTION_KINDS)[number];

export interface ConnectionAlert {
  /** `<kind>:<last run id>`: what "once per failure" counts. */
  key: string;
  kind: WatchedKind;
  state: 'failing' | 'stopped';
  /** The reason's message key (shared/src/messages.ts), when the server gave one. */
  messageCode: string | null;
  /** The reason in English, as the server wrote it. */
  message: string | null;
}

// Loose: only what the watch needs; a server's newer fields are no reason to stay silent.
const connectionsAnswer = z.object({
  data: z.array(
    z.looseObject({
      kind: z.string(),
      state: z.string(),
      stateMessage: z.string().nullable().optional(),
      stateMessageCode: z.string().nullable().optional(),
      lastRun: z.looseObject({ runId: z.string() }).nullable().optional(),
    }),
  ),
});

/** The connections of a GET /connections answer that are failing or stopped, as alerts. */
export function connectionAlerts(body: unknown): ConnectionAlert[] {
  const alerts: ConnectionAlert[] = [];
  for (const c of connectionsAnswer.parse(body).data) {
    if (c.state !== 'failing' && c.state !== 'stopped') continue;
    if (!(CONNECTION_KINDS as readonly string[]).includes(c.kind)) continue;
    alerts.push({
      key: `${c.kind}:${c.lastRun?.runId ?? 'none'}`,
      kind: c.kind as WatchedKind,
      state: c.state,
      messageCode: c.stateMessageCode ?? null,
      message: c.stateMessage ?? null,
    });
  }
  return alerts;
}

/**
 * The parameters a server's English message was made with, read back from its template
 * (`Shopify answered HTTP {{status}}…` and `Shopify answered HTTP 503…` → `{ status: '503' }`),
 * so the message can be shown in another language with the same values. Null when the code is
 * unknown or the text is not of its template (a server of another version).
 */
export function messageParams(code: string, message: string): Record<string, string> | null {
  if (!Object.hasOwn(MESSAGES, code)) return null;
  const template = MESSAGES[code as MessageKey];
  const names: string[] = [];
  const pattern = template
    .split(/{{(\w+)}}/)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part);
      return '([\\s\\S]*?)';
    })
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(message);
  if (!match) return null;
  return Object.fromEntries(names.map((name, i) => [name, match[i + 1] as string]));
}

export interface ConnectionWatchDeps {
  /** GET an API v1 path (`connections`), answering the parsed JSON body; throws on any failure. */
  get(path: string, init: { token: string; signal: AbortSignal }): Promise<unknown>;
  getSession(): PollerSession | null;
  /** Once per failure; a throw here is ignored like a failed read. */
  onAlert(alert: ConnectionAlert): void | Promise<void>;
  timer?: Timer;
  intervalMs?: number;
  requestTimeoutMs?: number;
}

/** Its `restart` (another server) forgets what was announced. */
export type ConnectionWatch = SessionLoop;

export function createConnectionWatch(deps: ConnectionWatchDeps): ConnectionWatch {
  const requestTimeoutMs = deps.requestTimeoutMs ?? 30_000;
  // Failures announced on this server, kept across sessions: signing in again is no new failure.
  const announced = new Set<string>();

  const read = async (sessionToken: string, signal: AbortSignal) => {
    let alerts: ConnectionAlert[];
    try {
      alerts = connectionAlerts(
        await deps.get('connections', {
          token: sessionToken,
          signal: AbortSignal.any([signal, AbortSignal.timeout(requestTimeoutMs)]),
        }),
      );
    } catch {
      return; // Quietly skipped; the next tick tries again.
    }
    for (const alert of alerts) {
      // Stopped (another session, another server) while the read was out: not this one's to tell.
      if (signal.aborted || announced.has(alert.key)) continue;
      announced.add(alert.key);
      try {
        await deps.onAlert(alert);
      } catch {
        // An alert that could not be shown is not shown again: it was this failure's one chance.
      }
    }
  };

  return createSessionLoop({
    getSession: deps.getSession,
    timer: deps.timer ?? systemTimer,
    intervalMs: deps.intervalMs ?? CONNECTION_WATCH_MS,
    read,
    onRestart: () => announced.clear(),
  });
}
