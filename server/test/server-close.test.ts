/**
 * Stopping the server does not wait on a client stuck in the middle of a request: the desktop
 * app quits and test suites tear down within the grace period, not Node's one-minute header timeout.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CLOSE_GRACE_MS } from '../src/server';
import { startTestServer } from './helpers/test-server';

describe('server close', () => {
  it('ends connections still mid-request once the grace period is over', async () => {
    const server = await startTestServer({ dialect: 'sqlite' });
    const { port, hostname } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // Half a request: the headers never end, so the connection is never idle.
    socket.write(`GET /api/v1/health HTTP/1.1\r\nHost: ${hostname}\r\n`);
    const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});

    const started = performance.now();
    await server.close();
    await socketClosed;
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(CLOSE_GRACE_MS - 50);
    expect(took).toBeLessThan(CLOSE_GRACE_MS + 5_000);
  });
});
