/** `npm run server`: the team server (API + renderer). Configuration: README, config.ts. */
import { ConfigError, loadConfig } from './config';
import { startServer } from './server';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`kura: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const server = await startServer(config);
  console.log(`Kura is listening on ${server.url} (API ${server.url}/api/v1, docs ${server.url}/api/docs)`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('kura: the server could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
