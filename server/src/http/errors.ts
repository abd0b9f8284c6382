/**
 * One error shape for the whole API, whoever raised the error (a service, zod, the list-query
 * codec, the database, Fastify itself):
 *
 *   { code, message, params?, errors?: [{ field, code, message, params? }], details? }
 *
 * `code` is stable (a MESSAGES key, shared/src/messages.ts) and is what the renderer translates,
 * with `params` filling the text's placeholders; `message` is the English text. Services throw
 * {@link HttpError} with a MESSAGES text and get its code for free; anything unexpected is a bug
 * and answers 500 without details.
 */
import { STATUS_CODES, maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ListQueryError } from '#shared/query';
import {
  MESSAGES,
  formatMessage,
  messageCodeOf,
  type MessageCode,
  type MessageKey,
  type MessageParams,
} from '#shared/messages';
import { CONTROL_CHARACTERS, issueCode, type ErrorResponse } from '#shared/schemas/common';

export type FieldError = { field: string; message: string; code?: string; params?: MessageParams };

export interface HttpErrorCode {
  /** The stable code when the message is not a MESSAGES text (or to override it). */
  code?: string;
  params?: MessageParams;
}

/** The code a status answers with when its message is not a text we know. */
function codeForStatus(status: number): MessageKey {
  switch (status) {
    case 400:
      return 'invalidRequest';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 405:
      return 'methodNotAllowed';
    case 408:
      return 'requestTimeout';
    case 409:
      return 'conflict';
    case 413:
      return 'bodyTooLarge';
    case 414:
      return 'uriTooLong';
    case 415:
      return 'unsupportedMediaType';
    case 429:
      return 'tooManyRequests';
    case 431:
      return 'headersTooLarge';
    default:
      return status >= 500 ? 'somethingWentWrong' : 'requestFailed';
  }
}

export class HttpError extends Error {
  readonly code: string;
  readonly params?: MessageParams;
  /** Sent as `details`: what the client needs to recover (the record as it is now). */
  details?: Record<string, unknown>;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    explicit: HttpErrorCode = {},
  ) {
    super(message);
    this.name = 'HttpError';
    const known = explicit.code ? undefined : messageCodeOf(message);
    this.code = explicit.code ?? known?.code ?? codeForStatus(statusCode);
    const params = explicit.params ?? known?.params;
    if (params) this.params = params;
  }
}

/** An error whose text is the MESSAGES entry `code` with `params` filled in. */
export const httpError = (status: number, code: MessageKey, params?: MessageParams, errors?: FieldError[]) =>
  new HttpError(status, formatMessage(code, params), errors, { code, params });

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (field?: string) =>
  new HttpError(
    409,
    MESSAGES.duplicateField,
    field ? [{ field, message: MESSAGES.duplicateField }] : undefined,
  );

/**
 * If `err` is a unique-constraint violation (SQLite or PostgreSQL), the API field it concerns:
 * `''` when it cannot be told, `undefined` when it is not a unique violation at all.
 * Index names follow `ux_<table>__<field>`; plain column constraints name `table.column`.
 */
export function uniqueViolationField(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  let name: string | undefined;
  if (e.code === '23505') {
    name = typeof e.constraint === 'string' ? e.constraint : '';
  } else if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const message = String(e.message);
    name = /index '([^']+)'/.exec(message)?.[1] ?? /failed: \w+\.(\w+)/.exec(message)?.[1] ?? '';
  } else {
    return undefined;
  }
  const field = /__(\w+)$/.exec(name)?.[1] ?? name;
  return snakeToCamel(field);
}

const snakeToCamel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Database errors that can only come from a value the schemas should have refused (a number
 * over int4, a NUL byte, a CHECK constraint). They answer 400 rather than 500 and are logged
 * as warnings, because each one is a validation gap to close in the shared schemas.
 */
const INPUT_REFUSED_BY_DATABASE = new Set([
  '22003', // numeric_value_out_of_range
  '22021', // character_not_in_repertoire (NUL in text)
  '22P05', // untranslatable_character
  '23514', // check_violation
  'SQLITE_CONSTRAINT_CHECK',
  'SQLITE_TOOBIG',
]);

const databaseRefusedInput = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  INPUT_REFUSED_BY_DATABASE.has(String((err as { code?: unknown }).code));

/** Fastify's own client errors, by their code. */
const FASTIFY_CODES: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformedJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformedJson',
  FST_ERR_BAD_URL: 'badUrl',
};

const withCode = (field: FieldError): NonNullable<ErrorResponse['errors']>[number] => {
  const known = field.code ? undefined : messageCodeOf(field.message);
  const params = field.params ?? known?.params;
  return {
    field: field.field,
    code: field.code ?? known?.code ?? 'invalidValue',
    message: field.message,
    ...(params ? { params } : {}),
  };
};

/** The response body of an error with a known code. */
export function errorBody(
  code: string,
  message: string,
  params?: MessageParams,
  errors?: FieldError[],
): ErrorResponse {
  return {
    code,
    message,
    ...(params ? { params } : {}),
    ...(errors && errors.length > 0 ? { errors: errors.map(withCode) } : {}),
  };
}

const bodyOf = ({ code, params }: MessageCode, errors?: FieldError[]) =>
  errorBody(code, formatMessage(code, params), params, errors);

/** A zod issue as Fastify reports it, as a field error in our texts. */
function validationFieldError(
  v: { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> },
  context: string | undefined,
): FieldError {
  const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'body';
  const known = v.message ? messageCodeOf(v.message) : undefined;
  if (known && v.message) return { field, message: v.message, code: known.code, params: known.params };
  const derived = issueCode({ ...v.params, code: v.keyword });
  return {
    field,
    message: formatMessage(derived.code, derived.params),
    code: derived.code,
    params: derived.params,
  };
}

function toResponse(
  error: FastifyError | Error,
  request: FastifyRequest,
): { status: number; body: ErrorResponse } {
  if (error instanceof HttpError) {
    const body = errorBody(error.code, error.message, error.params, error.errors);
    return { status: error.statusCode, body: error.details ? { ...body, details: error.details } : body };
  }
  if (error instanceof ListQueryError) {
    // The codec may name its code itself; otherwise its message shape tells it.
    const own = error as unknown as { code?: unknown; params?: MessageParams };
    const known: { code: string; params?: MessageParams } =
      typeof own.code === 'string'
        ? { code: own.code, params: own.params }
        : (messageCodeOf(error.message) ?? { code: 'invalidQuery', params: { field: error.field } });
    const field = { field: error.field, message: error.message, code: known.code, params: known.params };
    return { status: 400, body: errorBody(known.code, error.message, known.params, [field]) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => validationFieldError(v, error.validationContext));
    const first = errors[0];
    return {
      status: 400,
      body: first
        ? errorBody(first.code ?? 'invalidValue', first.message, first.params, errors)
        : bodyOf({ code: 'invalidRequest' }),
    };
  }
  const field = uniqueViolationField(error);
  if (field !== undefined) {
    return {
      status: 409,
      body: bodyOf({ code: 'duplicateField' }, field ? [{ field, message: MESSAGES.duplicateField }] : []),
    };
  }
  if (databaseRefusedInput(error)) {
    request.log.warn({ err: error }, 'input refused by the database: a schema should have caught it');
    return { status: 400, body: bodyOf({ code: 'invalidValue' }) };
  }
  const status = (error as FastifyError).statusCode;
  if (status === 429) return { status, body: bodyOf({ code: 'tooManyRequests' }) };
  // Fastify's own client errors (malformed JSON, wrong content type, body too large, bad URL).
  if (!isResponseSerializationError(error) && status !== undefined && status >= 400 && status < 500) {
    const code =
      FASTIFY_CODES[(error as FastifyError).code] ??
      (error instanceof SyntaxError ? 'malformedJson' : codeForStatus(status));
    return { status, body: bodyOf({ code }) };
  }
  request.log.error({ err: error }, 'request failed');
  return { status: 500, body: bodyOf({ code: 'somethingWentWrong' }) };
}

export function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toResponse(error, request);
  if (status < 500) request.log.info({ status, code: body.code }, 'request rejected');
  return reply.status(status).send(body);
}

type TextFault = 'controlCharacter' | 'illFormedText';

/** What is wrong with a text the API was sent, if anything: the rule of `textSchema()`. */
function textFault(text: string): TextFault | undefined {
  if (CONTROL_CHARACTERS.test(text)) return 'controlCharacter';
  if (!text.isWellFormed()) return 'illFormedText';
  return undefined;
}

/** The first text in `value` (keys included) that no text field takes, as a field path. */
function findBadText(value: unknown, path: string): { field: string; code: TextFault } | undefined {
  const stack: [unknown, string, number][] = [[value, path, 0]];
  while (stack.length > 0) {
    const [current, at, depth] = stack.pop() as [unknown, string, number];
    if (typeof current === 'string') {
      const code = textFault(current);
      if (code) return { field: at, code };
    } else if (ArrayBuffer.isView(current)) {
      // A file sent as the raw body (an order report): its reader decodes and checks its text,
      // and walking 30 MB byte by byte here would take longer than the import.
      continue;
    } else if (current !== null && typeof current === 'object' && depth < 100) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = at ? `${at}.${key}` : key;
        const code = textFault(key);
        if (code) return { field: at || 'body', code };
        stack.push([child, childPath, depth + 1]);
      }
    }
  }
  return undefined;
}

const HEX_ESCAPES = /%(?![0-9A-Fa-f]{2})/;

/**
 * The first query key or value whose percent-encoding is not UTF-8 text. The query parser keeps
 * such text as it came (`%ED%A0%80`, a lone surrogate's bytes, would be searched for literally),
 * so it is checked here, where a path with the same bytes is already refused as a bad URL.
 */
function findUndecodableQuery(url: string): { field: string; code: MessageKey } | undefined {
  const start = url.indexOf('?');
  if (start === -1 || !url.includes('%', start)) return undefined;
  for (const pair of url.slice(start + 1).split('&')) {
    if (!pair.includes('%')) continue;
    const eq = pair.indexOf('=');
    const [rawKey, rawValue] = eq === -1 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
    let field = rawKey;
    for (const [raw, isKey] of [
      [rawKey, true],
      [rawValue, false],
    ] as const) {
      try {
        const text = decodeURIComponent(raw.replaceAll('+', ' '));
        if (isKey) field = text;
      } catch {
        return { field, code: HEX_ESCAPES.test(raw) ? 'badUrl' : 'illFormedText' };
      }
    }
  }
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    sendError(error, request, reply),
  );

  // The shared text schemas refuse control characters and ill-formed text; this covers what they
  // do not see (path ids, list filters, free-form JSON such as preferences, fields a schema
  // would refuse for another reason first), on every route at once.
  app.addHook('preValidation', async (request) => {
    // An unknown address answers 404 (or 405) whatever it holds.
    if (request.is404) return;
    const query = findUndecodableQuery(request.url);
    if (query) {
      throw httpError(400, query.code, undefined, [{ field: query.field, message: MESSAGES[query.code] }]);
    }
    for (const value of [request.params, request.query, request.body]) {
      const bad = findBadText(value, '');
      if (bad) {
        throw httpError(400, bad.code, undefined, [
          { field: bad.field || 'body', message: MESSAGES[bad.code] },
        ]);
      }
    }
  });
}

/** The status and code of an error Node's HTTP parser meets before any request exists. */
function clientErrorAnswer(code: string | undefined, packet: unknown): { status: number; code: MessageKey } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'requestTimeout' };
  if (code !== 'HPE_HEADER_OVERFLOW') return { status: 400, code: 'invalidRequest' };
  // Node counts the request line in its header limit: a packet that starts a request line that
  // alone is over the limit is an address too long. A request whose start came in an earlier
  // packet cannot be told apart and answers 431, as do too many or too large headers.
  if (Buffer.isBuffer(packet) && /^[A-Z]+ /.test(packet.toString('latin1', 0, 16))) {
    const lineEnd = packet.indexOf('\n');
    if (lineEnd === -1 || lineEnd >= maxHeaderSize) return { status: 414, code: 'uriTooLong' };
  }
  return { status: 431, code: 'headersTooLarge' };
}

/**
 * Fastify's `clientErrorHandler`. Node's HTTP server refuses a request it cannot parse (headers
 * or address over its limit, a malformed request line, a request too slow to arrive) before
 * Fastify ever sees it, and would answer in its own shape: this answers in the API's.
 */
export function handleClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // A reset connection has no one to answer; an ended one was answered, and the parser still
  // reports the rest of the refused request as it arrives.
  if (error.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return;
  const { status, code } = clientErrorAnswer(error.code, (error as { rawPacket?: unknown }).rawPacket);
  this.log.info({ status, code, reason: error.code }, 'request refused by the HTTP parser');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(code, MESSAGES[code]));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  // Once the answer is flushed: the client may still be sending what the parser refused.
  socket.destroySoon();
}
