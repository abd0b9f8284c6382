/**
 * One error shape for the whole API (DESIGN §2): `{ message, errors?: [{ field, message }] }`.
 * Services throw {@link HttpError}; validation, list-query, unique-constraint and rate-limit
 * errors are translated here; anything else is a bug and answers 500 without details.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ListQueryError } from '#shared/query';
import { MESSAGES } from '#shared/messages';
import type { ErrorResponse } from '#shared/schemas/common';

export type FieldError = { field: string; message: string };

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

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

function toResponse(
  error: FastifyError | Error,
  request: FastifyRequest,
): { status: number; body: ErrorResponse } {
  if (error instanceof HttpError) {
    return { status: error.statusCode, body: { message: error.message, errors: error.errors } };
  }
  if (error instanceof ListQueryError) {
    return {
      status: 400,
      body: { message: error.message, errors: [{ field: error.field, message: error.message }] },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => ({
      field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body',
      message: v.message ?? 'Invalid value',
    }));
    return { status: 400, body: { message: errors[0]?.message ?? 'Invalid request', errors } };
  }
  const field = uniqueViolationField(error);
  if (field !== undefined) {
    return {
      status: 409,
      body: {
        message: MESSAGES.duplicateField,
        errors: field ? [{ field, message: MESSAGES.duplicateField }] : undefined,
      },
    };
  }
  const status = (error as FastifyError).statusCode;
  if (status === 429) return { status, body: { message: MESSAGES.tooManyRequests } };
  // Fastify's own client errors (malformed JSON, wrong content type, body too large) are safe to show.
  if (!isResponseSerializationError(error) && status !== undefined && status >= 400 && status < 500) {
    return { status, body: { message: error.message } };
  }
  request.log.error({ err: error }, 'request failed');
  return { status: 500, body: { message: MESSAGES.somethingWentWrong } };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toResponse(error, request);
    if (status < 500) request.log.info({ status, message: body.message }, 'request rejected');
    return reply.status(status).send(body);
  });
}
