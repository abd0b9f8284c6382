/**
 * Local mode: the API runs inside the desktop app, on loopback only, on a port
 * the OS picks, with its SQLite file in the app's data folder. Started on first use so a
 * team-mode user never opens a database they do not need.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

export interface LocalServerOptions {
  host: string;
  port: number;
  databaseUrl: string;
  corsOrigins: string[];
}

/** What server/src/server.ts's startServer gives back (the part main uses). */
export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** The API's own options beside its configuration (server/src/server.ts). */
export interface LocalServerExtras {
  /** Seals the platform connections' credentials in the local database. */
  secretKey?: Buffer;
}

export type StartServer = (options: LocalServerOptions, extras?: LocalServerExtras) => Promise<RunningServer>;

export interface LocalServer {
  /** Base URL of the running server (no trailing slash), starting it if needed. */
  url(): Promise<string>;
  stop(): Promise<void>;
}

export const LOCAL_DATABASE_FILE = 'kura.sqlite';

export function createLocalServer({
  dataDir,
  startServer,
  corsOrigins,
  secretKey,
}: {
  dataDir: string;
  startServer: StartServer;
  /** Read when the server starts (the OS key store may ask the user). */
  secretKey?: () => Buffer | undefined;
  /** Origins of the pages allowed to call it: the app's own, and the dev server in development. */
  corsOrigins: string[];
}): LocalServer {
  let running: Promise<RunningServer> | undefined;

  const start = async (): Promise<RunningServer> => {
    await mkdir(dataDir, { recursive: true });
    const key = secretKey?.();
    return startServer(
      {
        host: '127.0.0.1',
        port: 0,
        databaseUrl: path.join(dataDir, LOCAL_DATABASE_FILE),
        corsOrigins,
      },
      key ? { secretKey: key } : {},
    );
  };

  return {
    async url() {
      running ??= start().catch((error: unknown) => {
        // Let the next call try again (e.g. after the user freed the file) instead of caching the failure.
        running = undefined;
        throw error;
      });
      return (await running).url.replace(/\/+$/, '');
    },
    async stop() {
      const server = running;
      running = undefined;
      if (!server) return;
      try {
        await (await server).close();
      } catch {
        // It never started, or is already gone: nothing left to stop.
      }
    },
  };
}
