/**
 * Which API the app talks to (the user's choice on the login screen): this computer's
 * built-in server, or a team server. Persisted, so the choice survives restarts.
 */
import { API_PREFIX } from '#shared';
import { connectionSchema, type Connection, type ConnectionInfo } from '#shared/ipc';
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
      store.set(CONNECTION_STORE_KEY, connectionSchema.parse(connection));
      return resolve();
    },
  };
}
