/**
 * A file sent to an import route: as it is, as the request body (text/csv,
 * text/tab-separated-values, text/plain or application/octet-stream), or as the one file of a
 * multipart/form-data form (a browser's or a script's upload). Its encoding is the reader's
 * business (Shift_JIS, UTF-8 or UTF-16), so the body is taken as bytes either way, and never
 * held: the route hands the request's stream to the reader, which reads it as the import goes.
 *
 * Each import route's plugin calls {@link acceptFileBodies} once: the parsers are registered in
 * that plugin only, so every other route keeps taking JSON alone.
 */
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError } from '../http/errors';

/** A form's boundaries and headers around its file, besides the file itself. */
const FORM_OVERHEAD = 64 * 1024;

const FILE_TYPES = ['text/csv', 'text/tab-separated-values', 'text/plain', 'application/octet-stream'];

/** The raw body of each request whose content type is a file's, still unread. */
const rawBodies = new WeakMap<FastifyRequest, Readable>();

export function announcedLength(request: FastifyRequest): number | null {
  const length = Number(request.headers['content-length']);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

const hasNoBody = (request: FastifyRequest) =>
  request.headers['content-type'] === undefined &&
  request.headers['transfer-encoding'] === undefined &&
  (announcedLength(request) ?? 0) === 0;

const NO_BYTES: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: async function* () {} };

/** Lets this plugin's routes take a file of at most `limit` bytes as their body (see above). */
export async function acceptFileBodies(app: FastifyInstance, limit: number): Promise<void> {
  await app.register(multipart);
  app.addContentTypeParser(FILE_TYPES, (request, payload, done) => {
    const length = announcedLength(request);
    if (length !== null && length > limit) {
      done(httpError(413, 'bodyTooLarge'));
      return;
    }
    // Left unread: the route reads it as it imports.
    rawBodies.set(request, payload);
    done(null);
  });
}

/** The file's bytes as they arrive: the raw body, or the form's one file (other fields ignored). */
export async function fileChunks(request: FastifyRequest, limit: number): Promise<AsyncIterable<Uint8Array>> {
  if (!request.isMultipart()) {
    const body = rawBodies.get(request);
    // No body at all (Fastify then runs no parser): an empty file sent without a type. Staff are
    // told the file is empty and which file to choose, not how to send a request.
    if (!body && hasNoBody(request)) return NO_BYTES;
    if (!body) throw httpError(415, 'reportBodyRequired');
    // Not destroyed when reading stops early: the request's socket must still carry the answer.
    return body.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>;
  }
  const length = announcedLength(request);
  if (length !== null && length > limit + FORM_OVERHEAD) throw httpError(413, 'bodyTooLarge');
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    // One byte over the limit reaches the reader, which refuses it (busboy would cut the file short
    // without a word when streamed).
    file = await request.file({ limits: { fileSize: limit + 1, files: 1 } });
  } catch (error) {
    // Too large stays a 413; a form cut short or malformed is the client's to mend.
    if ((error as { statusCode?: number }).statusCode === 413) throw error;
    throw httpError(400, 'reportBodyRequired');
  }
  if (!file) throw httpError(400, 'reportBodyRequired');
  // Destroyed when reading stops early: busboy then stops parsing the form.
  return file.file;
}
