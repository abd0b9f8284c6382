/**
 * Which API the app talks to (the user's choice on the login screen): this computer's
 * built-in server, or a team server. Persisted, so the choice survives restarts.
 */
import { API_PREFIX } from '#shared';
import { connectionSchema, type Connection, type ConnectionInfo } from '#shared/ipc';
import { needsInsecureConsent } from '#shared/team-server-url';
import type { KeyValueStore } from './key-value-store';

export const CONNECTION_STORE_KEY = 'connection';
const DEFAULT_CONNECTION: Connection = { mode: 'local' };

export interface ConnectionService {
  get(): Connection;
  set(connection: Connection): Promise<ConnectionInfo>;
  resolve(): Promise<ConnectionInfo>;
}

/** The team URL is the server's address; the API lives under API_PREFIX (accepted if typed too). */
export function teamApiBaseUrl(url: string): string {
  const base = url.replace(/\/+$/, '');
  return base.endsWith(API_PREFIX) ? base : `${base}${API_PREFIX}`;
}

export function createConnectionService({
  store,
  localServer,
}: {
  store: KeyValueStore;
  localServer: { url(): Promise<string> };
}): ConnectionService {
  const get = (): Connection => {
    const parsed = connectionSchema.safeParse(store.get(CONNECTION_STORE_KEY));
    return parsed.success ? parsed.data : DEFAULT_CONNECTION;
  };
  const resolve = async (): Promise<ConnectionInfo> => {
    const connection = get();
    const apiBaseUrl =
      connection.mode === 'local'
        ? `${await localServer.url()}${API_PREFIX}`
        : teamApiBaseUrl(connection.url);
    return { connection, apiBaseUrl };
  };
  return {
    get,
    resolve,
    async set(connection) {
      const parsed = connectionSchema.parse(connection);
      // The flag means "the user accepted a plain http server": it is kept only where it applies,
      // so the top bar's warning never shows for an https or loopback server.
      const stored =
        parsed.mode === 'team' && !needsInsecureConsent(parsed.url)
          ? { mode: parsed.mode, url: parsed.url }
          : parsed;
      store.set(CONNECTION_STORE_KEY, stored);
      return resolve();
    },
  };
}
