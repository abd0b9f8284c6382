/**
 * Starts the API on a port (0 = any free one): the team server (main.ts), the desktop app's
 * local mode and the end-to-end tests all come through here.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig, type ServerConfig } from './config';
import type { Mailer } from './auth/mailer';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface StartServerOptions {
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
  return { app, url: app.listeningOrigin, port, close: () => app.close() };
}
