/**
 * The renderer's one HTTP client. Every call goes through `request`, which adds the session
 * token, resolves paths against the API base URL of the current connection and turns every
 * failure into an {@link ApiError} carrying the server's `{code, message, params, errors}`.
 */
import type { z } from 'zod';
import type { MessageParams } from '#shared/messages';
import type { OutboxEntry } from '#shared/ipc';
import { BAD_RESPONSE, NETWORK_ERROR, OFFLINE } from '../i18n/error-message';
import { cacheGet, isOffline, offlineReady, offlineSnapshot, outboxAdd, syncNow } from './offline';

export { BAD_RESPONSE, NETWORK_ERROR, OFFLINE };

export interface FieldError {
  field: string;
  message: string;
  /** The stable code to translate (see i18n/error-message.ts); absent from older servers. */
  code?: string;
  params?: MessageParams;
}

/**
 * status 0: the server could not be reached (code `offline`: nor could the offline cache answer,
 * or a write was refused because the team server is out of reach); -1: it answered something we
 * cannot read.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly code?: string,
    readonly params?: MessageParams,
    /** What the server sent to recover from a conflict (`details`), unread until a screen parses it. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const readParams = (value: unknown): MessageParams | undefined | false => {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return false;
  const ok = Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number');
  return ok ? (value as MessageParams) : false;
};

interface ErrorBody {
  message: string;
  code?: string;
  params?: MessageParams;
  errors?: FieldError[];
  details?: Record<string, unknown>;
}

/**
 * The error shape (`errorResponseSchema`), read leniently: a team server of an older version
 * sends no codes. Written out by hand because this module is on the way to the sign-in form,
 * which loads no schema library; http.test.ts holds it to the shared schema.
 */
export function readErrorBody(data: unknown): ErrorBody | null {
  if (!isRecord(data) || typeof data.message !== 'string') return null;
  if (data.code !== undefined && typeof data.code !== 'string') return null;
  const params = readParams(data.params);
  if (params === false) return null;
  let errors: FieldError[] | undefined;
  if (data.errors !== undefined) {
    if (!Array.isArray(data.errors)) return null;
    errors = [];
    for (const item of data.errors as unknown[]) {
      if (!isRecord(item) || typeof item.field !== 'string' || typeof item.message !== 'string') return null;
      if (item.code !== undefined && typeof item.code !== 'string') return null;
      const itemParams = readParams(item.params);
      if (itemParams === false) return null;
      errors.push({
        field: item.field,
        message: item.message,
        ...(item.code !== undefined && { code: item.code }),
        ...(itemParams !== undefined && { params: itemParams }),
      });
    }
  }
  if (data.details !== undefined && !isRecord(data.details)) return null;
  return {
    message: data.message,
    ...(data.code !== undefined && { code: data.code }),
    ...(params !== undefined && { params }),
    ...(errors !== undefined && { errors }),
    ...(data.details !== undefined && { details: data.details }),
  };
}

interface ApiState {
  apiBaseUrl: string;
  getToken: () => string | undefined;
  onUnauthorized: () => void;
}

const state: ApiState = {
  apiBaseUrl: '',
  getToken: () => undefined,
  onUnauthorized: () => {},
};

/** Called at start and whenever the connection changes (desktop: local ↔ team server). */
export function configureApi(next: Partial<ApiState>): void {
  Object.assign(state, next);
}

/** A 401 here means wrong credentials, not an expired session: never a silent logout. */
const CREDENTIAL_PATHS = ['auth/login', 'auth/register', 'auth/forgot-password', 'auth/reset-password'];

const TIMEOUT_MS = 20_000;
/**
 * With an offline cache to fall back on, a read waits this long for the team server: a
 * warehouse on a dead link should see the cached list in seconds, not after the full limit.
 */
export const CACHED_READ_TIMEOUT_MS = 5_000;

/** What the client reads of an answer: a fetch Response, or the offline cache's. */
interface Answer {
  status: number;
  json(): Promise<unknown>;
  blob?: () => Promise<Blob>;
}

/** Refused offline: a write other than customs, or a read the cache cannot answer. */
export const offlineError = () => new ApiError(0, OFFLINE, [], OFFLINE);

/** An answer that is not 200 becomes the ApiError its body describes. */
async function checked(answer: Answer, statusText = ''): Promise<Answer> {
  if (answer.status >= 200 && answer.status < 300) return answer;
  const data: unknown = await answer.json().catch(() => undefined);
  const error = readErrorBody(data);
  // The cache's "I do not hold this" is no answer of the server: the server could not be reached.
  if (error?.code === OFFLINE) throw offlineError();
  throw error
    ? new ApiError(answer.status, error.message, error.errors, error.code, error.params, error.details)
    : new ApiError(answer.status, statusText || BAD_RESPONSE);
}

/** A read answered by the offline cache, handled exactly as the server's answer would be. */
async function fromCache(path: string): Promise<Answer> {
  const { status, body } = await cacheGet(path.replace(/^\/+/, ''));
  return checked({ status, json: async () => body });
}

/**
 * One call over fetch: the token, the base URL, a JSON body, a time limit, and every failure
 * as an {@link ApiError}. Plain fetch rather than a client library: this module is on the
 * way to the sign-in form.
 */
async function fetchApi(
  method: Method,
  path: string,
  json: unknown,
  signal: AbortSignal | undefined,
  timeout: number,
): Promise<Response> {
  const url = `${state.apiBaseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const headers = new Headers({ accept: 'application/json' });
  const token = state.getToken();
  if (token) headers.set('Authorization', `Token ${token}`);
  let body: string | undefined;
  if (json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(json);
  }
  // A timer of the page's own rather than AbortSignal.timeout: the routing's tests run it on
  // fake timers. Left to fire: it also bounds the reading of the body, as the call's limit.
  const limit = new AbortController();
  setTimeout(() => limit.abort(), timeout);
  let response: Response;
  try {
    response = await fetch(url, {
      method: method.toUpperCase(),
      headers,
      body,
      signal: signal ? AbortSignal.any([signal, limit.signal]) : limit.signal,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  return (await checked(response, response.statusText)) as Response;
}

/**
 * Where a call goes in the desktop app with a team server (elsewhere: to the server). Offline,
 * a read goes straight to the cache and a write is refused. Online, a read that cannot reach
 * the server within {@link CACHED_READ_TIMEOUT_MS} asks main to check the server and, when main
 * finds it gone, is answered by the cache; a write's failure only asks main to check (the write
 * may have reached the server: sending it again is the user's choice).
 */
async function send(method: Method, path: string, json?: unknown, signal?: AbortSignal): Promise<Answer> {
  await offlineReady();
  const { state: offline } = offlineSnapshot();
  if (!offline.available) return fetchApi(method, path, json, signal, TIMEOUT_MS);
  if (isOffline(offline)) {
    if (method === 'get') return fromCache(path);
    throw offlineError();
  }
  try {
    return await fetchApi(method, path, json, signal, method === 'get' ? CACHED_READ_TIMEOUT_MS : TIMEOUT_MS);
  } catch (error) {
    // A caller's cancellation is not the server's silence.
    if (!(error instanceof ApiError) || error.status !== 0 || signal?.aborted) throw error;
    if (method !== 'get') {
      void syncNow().catch(() => {});
      throw error;
    }
    const now = await syncNow().catch(() => null);
    if (now && isOffline(now)) return fromCache(path);
    throw error;
  }
}

export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, NETWORK_ERROR);
}

type Method = 'get' | 'post' | 'put' | 'delete';

interface RequestOptions<S extends z.ZodType> {
  json?: unknown;
  /** Parses the body: a server answering off-contract fails here, not deep in a screen. */
  schema?: S;
  /** Cancels the request (a background poll that was stopped). */
  signal?: AbortSignal;
}

export async function request<S extends z.ZodType = z.ZodUnknown>(
  method: Method,
  path: string,
  { json, schema, signal }: RequestOptions<S> = {},
): Promise<z.output<S>> {
  let response: Answer;
  try {
    response = await send(method, path, json, signal);
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.status === 401 && !CREDENTIAL_PATHS.some((p) => path.startsWith(p))) {
      state.onUnauthorized();
    }
    throw apiError;
  }
  if (response.status === 204 || !schema) return undefined as z.output<S>;
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    console.error(`Unexpected response from ${method.toUpperCase()} ${path}`, parsed.error.issues);
    throw new ApiError(-1, BAD_RESPONSE);
  }
  return parsed.data;
}

/**
 * Customs entry, the one write that works offline: sent to the server while it answers, kept in
 * main's outbox (with the version of the shipment it was entered on, which guards its sending)
 * while it does not. The web screens send no version, so a save online goes ahead as before.
 */
export async function requestOrQueue<S extends z.ZodType>(
  path: string,
  {
    json,
    schema,
    queue,
  }: {
    json: { customId: string; totalCustomFee: number; receivedDate: string };
    schema: S;
    queue: { shipment: string; version: number };
  },
): Promise<{ sent: z.output<S> } | { queued: OutboxEntry[] }> {
  await offlineReady();
  if (isOffline()) {
    return {
      queued: await outboxAdd({ shipment: queue.shipment, customs: { ...json, version: queue.version } }),
    };
  }
  return { sent: await request('put', path, { json, schema }) };
}

/**
 * A file download (CSV exports): the body as bytes, never decoded to text and encoded again,
 * so a UTF-8 byte order mark survives; errors as {@link request}.
 */
export async function requestBytes(path: string): Promise<Blob> {
  try {
    // A file is not kept offline: the cache answers JSON reads only.
    if (isOffline()) throw offlineError();
    const answer = await send('get', path);
    if (!answer.blob) throw offlineError();
    return await answer.blob();
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.status === 401) state.onUnauthorized();
    throw apiError;
  }
}

export interface UploadOptions {
  /** The file's content type as sent (the server takes the bytes as they are). */
  contentType: string;
  /** Asks for an answer in lines (NDJSON) and hands over each one as it arrives. */
  accept?: string;
  onUploadProgress?: (sent: number, total: number) => void;
  /** Each complete line of the answer, parsed as JSON, as soon as it has arrived. */
  onLine?: (line: unknown) => void;
}

/**
 * Sends a file as the raw request body and reads the answer as it streams. XMLHttpRequest rather
 * than fetch: it reports upload progress over HTTP/1.1 (a streamed fetch body needs HTTP/2),
 * and its `progress` events expose the answer so far, so a long import can show real progress
 * both ways. No timeout: a big report takes as long as it takes. Errors as {@link request}.
 */
export function uploadFile(path: string, file: Blob, options: UploadOptions): Promise<void> {
  if (isOffline()) return Promise.reject(offlineError());
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${state.apiBaseUrl.replace(/\/+$/, '')}/${path}`);
    xhr.setRequestHeader('Content-Type', options.contentType);
    if (options.accept) xhr.setRequestHeader('Accept', options.accept);
    const token = state.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    let consumed = 0;
    const drain = (final: boolean) => {
      if (xhr.status < 200 || xhr.status >= 300 || !options.onLine) return;
      const text = xhr.responseText;
      let end = text.indexOf('\n', consumed);
      while (end !== -1 || (final && consumed < text.length)) {
        const stop = end === -1 ? text.length : end;
        const line = text.slice(consumed, stop).trim();
        consumed = stop + 1;
        if (line) options.onLine(JSON.parse(line));
        end = text.indexOf('\n', consumed);
      }
    };
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onUploadProgress?.(event.loaded, event.total);
    };
    xhr.onprogress = () => drain(false);
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          drain(true);
          resolve();
        } catch {
          reject(new ApiError(-1, BAD_RESPONSE));
        }
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      const error = readErrorBody(body);
      if (xhr.status === 401) state.onUnauthorized();
      reject(
        error
          ? new ApiError(xhr.status, error.message, error.errors, error.code, error.params)
          : new ApiError(xhr.status, xhr.statusText || BAD_RESPONSE),
      );
    };
    xhr.send(file);
  });
}
