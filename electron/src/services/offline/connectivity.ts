/**
 * Whether the team server can be reached, judged from the cache's own requests: a network
 * error or no answer within 5 s makes it unreachable at once; server errors (5xx) only after 3
 * in a row, so one failing request does not switch every screen to the cache. While
 * unreachable, main tries again after 2 s, then 4, 8, … up to 60 s between tries; "Sync now"
 * tries at once.
 */

/** Timers the cache runs on; tests pass a fake clock. */
export interface OfflineTimer {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export const systemTimer: OfflineTimer = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export const REQUEST_TIMEOUT_MS = 5_000;
export const SERVER_ERRORS_OFFLINE = 3;
export const BACKOFF_MS = { first: 2_000, max: 60_000 } as const;

/** The delay before the try after `failures` failed tries in a row (1 → 2 s, 2 → 4 s, …). */
export function backoffDelay(failures: number): number {
  return Math.min(BACKOFF_MS.max, BACKOFF_MS.first * 2 ** Math.max(0, failures - 1));
}

export type Fetch = (
  url: string,
  init: { method?: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<Response>;

/** The server cannot be reached (network, timeout, or server errors in a row). */
export class ServerUnreachable extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`The team server cannot be reached: ${reason}`, options);
    this.name = 'ServerUnreachable';
  }
}

/** An answer of the API that is not 2xx and not a server error: its status and error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { code?: string; message?: string; details?: Record<string, unknown> } & Record<
      string,
      unknown
    >,
  ) {
    super(`HTTP ${status} ${body.code ?? ''}`.trim());
    this.name = 'ApiError';
  }
  get code(): string {
    return typeof this.body.code === 'string' ? this.body.code : `http${this.status}`;
  }
}

export interface TeamApi {
  get(path: string): Promise<unknown>;
  /**
   * A GET's successful answer as its text, to parse when it is used: a sync page asked for ahead
   * is held as one string rather than as thousands of objects that outlive the young generation.
   */
  getText(path: string): Promise<string>;
  put(path: string, body: unknown): Promise<unknown>;
}

export interface Connectivity {
  online(): boolean;
  /** A request succeeded: the server answers. */
  reached(): void;
  /** A request failed: a network error, a timeout, or a server error (only 3 in a row count). */
  failed(kind: 'network' | 'serverError'): boolean;
  /** Failed tries in a row since the server was last reached. */
  failures(): number;
}

export function createConnectivity(): Connectivity {
  let online = true;
  let serverErrors = 0;
  let failures = 0;
  return {
    online: () => online,
    reached() {
      online = true;
      serverErrors = 0;
      failures = 0;
    },
    failed(kind) {
      if (kind === 'serverError') {
        serverErrors += 1;
        if (serverErrors < SERVER_ERRORS_OFFLINE && online) return false;
      }
      online = false;
      failures += 1;
      return true;
    },
    failures: () => failures,
  };
}

/**
 * The API as the cache calls it: JSON in and out with the session token, each request given up
 * after 5 s. A network error, a timeout or the third server error in a row throws
 * {@link ServerUnreachable} and marks the server unreachable; another failing status throws
 * {@link ApiError}.
 */
export function createTeamApi(deps: {
  fetch: Fetch;
  baseUrl: string;
  token: string;
  timer: OfflineTimer;
  connectivity: Connectivity;
  timeoutMs?: number;
}): TeamApi {
  const base = deps.baseUrl.replace(/\/+$/, '');
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;

  const request = async (method: string, apiPath: string, body?: unknown): Promise<string> => {
    const controller = new AbortController();
    let timedOut = false;
    const timeout = deps.timer.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    // Removed once the request is over: fetch keeps each request's signal alive (undici holds it
    // in a FinalizationRegistry until its request is collected), and a listener left on it keeps
    // the race and the response it settled with alive too. In `npm run bench:desktop`, whose
    // fetch re-wraps each answer's text, a first full sync held 60 MB of its pages that way
    // (heap after a full GC at its end: 82 MB, 34 MB without the listener).
    let onAbort: (() => void) | undefined;
    try {
      let response: Response;
      let text: string;
      try {
        response = await Promise.race([
          deps.fetch(`${base}/${apiPath}`, {
            method,
            headers: {
              Authorization: `Token ${deps.token}`,
              Accept: 'application/json',
              ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
            signal: controller.signal,
          }),
          // A fetch that ignores its signal must not hold the cache up past the timeout either.
          new Promise<never>((_, reject) => {
            onAbort = () => reject(new Error('aborted'));
            controller.signal.addEventListener('abort', onAbort, { once: true });
          }),
        ]);
        text = await response.text();
      } catch (error) {
        deps.connectivity.failed('network');
        throw new ServerUnreachable(timedOut ? `no answer within ${timeoutMs} ms` : String(error), {
          cause: error,
        });
      }
      if (response.status >= 500) {
        if (deps.connectivity.failed('serverError')) {
          throw new ServerUnreachable(`HTTP ${response.status}`);
        }
        throw new ApiError(response.status, parseBody(text));
      }
      deps.connectivity.reached();
      if (!response.ok) throw new ApiError(response.status, parseBody(text));
      return text;
    } finally {
      deps.timer.clearTimeout(timeout);
      if (onAbort) controller.signal.removeEventListener('abort', onAbort);
    }
  };

  return {
    get: async (apiPath) => parseBody(await request('GET', apiPath)),
    getText: (apiPath) => request('GET', apiPath),
    put: async (apiPath, body) => parseBody(await request('PUT', apiPath, body)),
  };
}

function parseBody(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
