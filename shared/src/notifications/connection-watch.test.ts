import { describe, expect, it, vi } from 'vitest';
import { formatMessage } from '../messages';
import {
  CONNECTION_WATCH_MS,
  connectionAlerts,
  createConnectionWatch,
  messageParams,
  type ConnectionAlert,
  type ConnectionWatchDeps,
} from './connection-watch';
import type { PollerSession } from './order-poller';
import { manualTimer } from './manual-timer';

const ADMIN: PollerSession = { token: 'admin-token', role: 'admin' };

/** A connection as GET /connections answers it (the fields the watch reads, and others). */
const connection = (
  kind: string,
  state: string,
  runId: string | null,
  code: string | null = null,
  message: string | null = null,
) => ({
  kind,
  settings: { shopDomain: 'kura.myshopify.com' },
  enabled: true,
  intervalMinutes: 5,
  state,
  stateMessage: message,
  stateMessageCode: code,
  lastRun: runId === null ? null : { runId, status: state === 'idle' ? 'succeeded' : 'failed' },
  consecutiveFailures: state === 'failing' ? 3 : 0,
});

const REFUSED = formatMessage('shopifyTokenRefused');
const SERVER_ERROR = formatMessage('amazonServerError', { status: 503 });

function setup(answer: { current: unknown }, session: PollerSession | null = ADMIN) {
  const timer = manualTimer();
  const state = { session };
  const alerts: ConnectionAlert[] = [];
  const deps = {
    get: vi.fn(async (path: string, init: { token: string; signal: AbortSignal }) => {
      expect(init.token).toBe(state.session?.token);
      if (answer.current instanceof Error) throw answer.current;
      expect(path).toBe('connections');
      return answer.current;
    }),
    getSession: () => state.session,
    onAlert: vi.fn((alert: ConnectionAlert) => void alerts.push(alert)),
    timer,
  } satisfies ConnectionWatchDeps;
  return { watch: createConnectionWatch(deps), deps, timer, alerts, state };
}

describe('connection watch', () => {
  it('tells each failing or stopped connection once per failed run, every minute, keyed on kind and run', async () => {
    const answer = {
      current: {
        data: [
          connection('amazon', 'failing', 'run-a1', 'amazonServerError', SERVER_ERROR),
          connection('shopify', 'idle', 'run-s1'),
        ],
      } as unknown,
    };
    const { watch, timer, alerts, deps } = setup(answer);
    watch.sync();
    expect(timer.lastMs).toBe(CONNECTION_WATCH_MS);
    await watch.poll();
    expect(alerts).toEqual([
      {
        key: 'amazon:run-a1',
        kind: 'amazon',
        state: 'failing',
        messageCode: 'amazonServerError',
        message: SERVER_ERROR,
      },
    ]);

    // The same failure read again is not told again; a running connection is no failure.
    timer.fire();
    await watch.poll();
    answer.current = {
      data: [connection('amazon', 'running', 'run-a1'), connection('shopify', 'idle', 's')],
    };
    timer.fire();
    await watch.poll();
    expect(alerts).toHaveLength(1);

    // Another failed run is a failure of its own; Shopify refusing the token stops its connection.
    answer.current = {
      data: [
        connection('amazon', 'failing', 'run-a2', 'amazonServerError', SERVER_ERROR),
        connection('shopify', 'stopped', 'run-s2', 'shopifyTokenRefused', REFUSED),
      ],
    };
    timer.fire();
    await watch.poll();
    expect(alerts.map((a) => `${a.key} ${a.state}`)).toEqual([
      'amazon:run-a1 failing',
      'amazon:run-a2 failing',
      'shopify:run-s2 stopped',
    ]);
    timer.fire();
    await watch.poll();
    expect(alerts).toHaveLength(3);
    expect(deps.get).toHaveBeenCalledTimes(5);
  });

  it('never reads the connections for a role other than admin, and stops when the session is no admin', async () => {
    const answer = {
      current: { data: [connection('shopify', 'stopped', 'r1', 'shopifyTokenRefused', REFUSED)] },
    };
    for (const role of ['orderCreator', null] as PollerSession['role'][]) {
      const { watch, deps, timer } = setup(answer, { token: 't', role });
      watch.sync();
      await watch.poll();
      timer.fire();
      expect(watch.isRunning()).toBe(false);
      expect(timer.active()).toBe(0);
      expect(deps.get).not.toHaveBeenCalled();
    }
    const { watch, deps, state, timer } = setup(answer, null);
    watch.sync();
    expect(deps.get).not.toHaveBeenCalled();
    state.session = ADMIN;
    watch.sync();
    await watch.poll();
    expect(deps.get).toHaveBeenCalledTimes(1);
    state.session = { token: 'other', role: 'orderCreator' };
    watch.sync();
    timer.fire();
    await watch.poll();
    expect(watch.isRunning()).toBe(false);
    expect(deps.get).toHaveBeenCalledTimes(1);
  });

  it('skips a failed read quietly and tells the failure on the next tick that reads it', async () => {
    const answer = { current: new Error('offline') as unknown };
    const { watch, timer, alerts } = setup(answer);
    watch.sync();
    await watch.poll();
    answer.current = { notTheShape: true };
    timer.fire();
    await watch.poll();
    expect(alerts).toEqual([]);
    answer.current = { data: [connection('shopify', 'stopped', 'r1', 'shopifyTokenRefused', REFUSED)] };
    timer.fire();
    await watch.poll();
    expect(alerts.map((a) => a.key)).toEqual(['shopify:r1']);
  });

  it('does not tell a failure again after signing in again, but does on another server', async () => {
    const answer = {
      current: { data: [connection('shopify', 'stopped', 'r1', 'shopifyTokenRefused', REFUSED)] },
    };
    const { watch, state, alerts } = setup(answer);
    watch.sync();
    await watch.poll();
    state.session = null;
    watch.sync();
    state.session = { token: 'admin-token-2', role: 'admin' };
    watch.sync();
    await watch.poll();
    expect(alerts).toHaveLength(1);
    watch.restart();
    await watch.poll();
    expect(alerts).toHaveLength(2);
  });

  it('drops what a read brings once its session has ended', async () => {
    let release: (value: unknown) => void = () => {};
    const { watch, deps, state, alerts } = setup({ current: null });
    deps.get.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    watch.sync();
    const pending = watch.poll();
    state.session = null;
    watch.sync();
    release({ data: [connection('shopify', 'stopped', 'r1', 'shopifyTokenRefused', REFUSED)] });
    await pending;
    expect(alerts).toEqual([]);
  });
});

describe('connectionAlerts', () => {
  it('lists only failing and stopped connections of the kinds it knows', () => {
    expect(
      connectionAlerts({
        data: [
          connection('shopify', 'idle', 'a'),
          connection('shopify', 'running', 'b'),
          connection('ebay', 'failing', 'c'),
          connection('amazon', 'stopped', null, 'connectionSecretUnreadable', 'x'),
        ],
      }),
    ).toEqual([
      {
        key: 'amazon:none',
        kind: 'amazon',
        state: 'stopped',
        messageCode: 'connectionSecretUnreadable',
        message: 'x',
      },
    ]);
    expect(() => connectionAlerts({ data: 'nope' })).toThrow();
  });
});

describe('messageParams', () => {
  it("reads back the values of a server's English message from its template", () => {
    expect(messageParams('amazonServerError', SERVER_ERROR)).toEqual({ status: '503' });
    const query = formatMessage('shopifyQueryFailed', { message: 'Field (x) is [odd]: $1 *' });
    expect(messageParams('shopifyQueryFailed', query)).toEqual({ message: 'Field (x) is [odd]: $1 *' });
    expect(messageParams('shopifyTokenRefused', REFUSED)).toEqual({});
  });

  it('answers null for an unknown code or a text not of its template', () => {
    expect(messageParams('noSuchCode', 'whatever')).toBeNull();
    expect(messageParams('toString', 'whatever')).toBeNull();
    expect(messageParams('amazonServerError', 'Something else entirely')).toBeNull();
  });
});
