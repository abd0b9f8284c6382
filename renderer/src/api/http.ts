/**
 * The renderer's one HTTP client. Every call goes through `request`, which adds the session
 * token, resolves paths against the API base URL of the current connection and turns every
 * failure into an {@link ApiError} carrying the server's `{code, message, params, errors}`.
 */
import ky, { isHTTPError } from 'ky';
import { z } from 'zod';
import type { MessageParams } from '#shared/messages';
import { errorResponseSchema } from '#shared/schemas/common';
import { BAD_RESPONSE, NETWORK_ERROR } from '../i18n/error-message';

export { BAD_RESPONSE, NETWORK_ERROR };

export interface FieldError {
  field: string;
  message: string;
  /** The stable code to translate (see i18n/error-message.ts); absent from older servers. */
  code?: string;
  params?: MessageParams;
}

/** status 0: the server could not be reached; -1: it answered something we cannot read. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly code?: string,
    readonly params?: MessageParams,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The error shape, read leniently: a team server of an older version sends no codes. */
const errorBodySchema = errorResponseSchema.extend({
  code: z.string().optional(),
  errors: z
    .array(errorResponseSchema.shape.errors.unwrap().element.extend({ code: z.string().optional() }))
    .optional(),
});

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

const http = ky.create({
  retry: 0,
  timeout: 20_000,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = state.getToken();
        if (token) request.headers.set('Authorization', `Token ${token}`);
      },
    ],
  },
});

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isHTTPError(error)) {
    const body = errorBodySchema.safeParse(error.data);
    return body.success
      ? new ApiError(
          error.response.status,
          body.data.message,
          body.data.errors,
          body.data.code,
          body.data.params,
        )
      : new ApiError(error.response.status, error.response.statusText || BAD_RESPONSE);
  }
  return new ApiError(0, NETWORK_ERROR);
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
  let response: Response;
  try {
    response = await http(path, { method, json, prefix: state.apiBaseUrl, signal });
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
 * A file download (CSV exports): the body as bytes, never decoded to text and encoded again,
 * so a UTF-8 byte order mark survives; errors as {@link request}.
 */
export async function requestBytes(path: string): Promise<Blob> {
  try {
    return await http(path, { method: 'get', prefix: state.apiBaseUrl }).blob();
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.status === 401) state.onUnauthorized();
    throw apiError;
  }
}
