/**
 * Starts the API on a port (0 = any free one): the team server (main.ts), the desktop app's
 * local mode and the end-to-end tests all come through here.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app';
import { loadConfig, type ServerConfig } from './config';
import type { Mailer } from './auth/mailer';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface StartServerOptions extends Pick<
  BuildAppOptions,
  'secretKey' | 'connectionSources' | 'connectionSchedule'
> {
  logger?: FastifyBaseLogger;
  mailer?: Mailer;
}

export async function startServer(
  overrides: Partial<ServerConfig> = {},
  options: StartServerOptions = {},
): Promise<RunningServer> {
  const config = { ...loadConfig(), ...overrides };
  const app = await buildApp({ config, ...options });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return { app, url: app.listeningOrigin, port, close: () => closeWithin(app, CLOSE_GRACE_MS) };
}

/** How long in-flight requests get to finish when the server stops. */
export const CLOSE_GRACE_MS = 2_000;

/**
 * Closes gracefully, but not forever: Fastify already drops idle keep-alive connections, while a
 * connection in the middle of a request (a client that sent half its headers, a slow upload) would
 * hold the close open until Node's header timeout, a minute later. The desktop app quitting and
 * the tests tearing down must not wait for that.
 */
export async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  const timer = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}
