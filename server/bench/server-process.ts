/**
 * The bench's server in its own process, so its CPU time and peak memory are its own (not the
 * load generator's): `node --import tsx server/bench/server-process.ts <database>` starts it
 * with the demo data set and prints `{"url": …}` once listening; SIGTERM stops it.
 */
import { startServer } from '../src/server';

const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: server-process.ts <database url or SQLite path>');
const server = await startServer({
  port: 0,
  databaseUrl,
  demo: true,
  logLevel: 'warn',
  loginRateLimit: 1000,
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
