/**
 * POST /orders/import (admin): a platform's order report as the request body. The file goes as
 * it is (text/csv, text/tab-separated-values, text/plain or application/octet-stream), or as the
 * one file of a multipart/form-data form (a browser's or a script's upload). Its encoding is the
 * reader's business (Shift_JIS or UTF-8), so the body is taken as bytes either way.
 *
 * The body is never held: the route hands the request's stream to the reader, which reads it as
 * the import goes. A report refused by its header is answered after its first line, while the
 * client may still be sending the rest; such an answer (and every streamed one, which starts
 * before the body is all read) closes the connection, so the unread bytes are not taken for the
 * next request, and clients that read the answer as they send (curl, fetch, browsers) stop there.
 */
import { PassThrough, type Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_PROGRESS_TYPE,
  orderImportQuerySchema,
  orderImportResultSchema,
  type OrderImportEvent,
  type OrderImportResult,
} from '#shared/schemas/order-import';
import { ADMIN_ONLY, currentUser } from '../http/access';
import { HttpError, errorBody, httpError } from '../http/errors';
import type { OrdersContext } from '../orders/orders.service';
import type { OpenedReport } from './import-line';
import { importOrderReport, openReport } from './order-import.service';

/** 100,000 report lines are about 30 MB; a whole year of a busy shop fits. */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

/** A form's boundaries and headers around its file, besides the file itself. */
const FORM_OVERHEAD = 64 * 1024;

const REPORT_TYPES = ['text/csv', 'text/tab-separated-values', 'text/plain', 'application/octet-stream'];

/** The raw body of each request whose content type is a report's, still unread. */
const rawBodies = new WeakMap<FastifyRequest, Readable>();

function announcedLength(request: FastifyRequest): number | null {
  const length = Number(request.headers['content-length']);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

const hasNoBody = (request: FastifyRequest) =>
  request.headers['content-type'] === undefined &&
  request.headers['transfer-encoding'] === undefined &&
  (announcedLength(request) ?? 0) === 0;

const NO_BYTES: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: async function* () {} };

/** The report's bytes as they arrive: the raw body, or the form's one file (other fields ignored). */
async function reportChunks(request: FastifyRequest): Promise<AsyncIterable<Uint8Array>> {
  if (!request.isMultipart()) {
    const body = rawBodies.get(request);
    // No body at all (Fastify then runs no parser): an empty file sent without a type. Staff are
    // told the file is empty and which report to choose, not how to send a request.
    if (!body && hasNoBody(request)) return NO_BYTES;
    if (!body) throw httpError(415, 'reportBodyRequired');
    // Not destroyed when reading stops early: the request's socket must still carry the answer.
    return body.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>;
  }
  const length = announcedLength(request);
  if (length !== null && length > IMPORT_BODY_LIMIT + FORM_OVERHEAD) throw httpError(413, 'bodyTooLarge');
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    // One byte over the limit reaches the reader, which refuses it (busboy would cut the file short
    // without a word when streamed).
    file = await request.file({ limits: { fileSize: IMPORT_BODY_LIMIT + 1, files: 1 } });
  } catch (error) {
    // Too large stays a 413; a form cut short or malformed is the client's to mend.
    if ((error as { statusCode?: number }).statusCode === 413) throw error;
    throw httpError(400, 'reportBodyRequired');
  }
  if (!file) throw httpError(400, 'reportBodyRequired');
  // Destroyed when reading stops early: busboy then stops parsing the form.
  return file.file;
}

export const orderImportRoutes: FastifyPluginAsyncZod<OrdersContext> = async (app, ctx) => {
  const context: OrdersContext = { timeZone: ctx.timeZone };
  // Registered in this plugin only: every other route keeps taking JSON alone.
  await app.register(multipart);
  app.addContentTypeParser(REPORT_TYPES, (request, payload, done) => {
    const length = announcedLength(request);
    if (length !== null && length > IMPORT_BODY_LIMIT) {
      done(httpError(413, 'bodyTooLarge'));
      return;
    }
    // Left unread: the route reads it as it imports.
    rawBodies.set(request, payload);
    done(null);
  });

  app.post(
    '/orders/import',
    {
      config: { access: ADMIN_ONLY },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['orders'],
        description:
          'Imports an Amazon All Orders report (TSV) or a Shopify orders export (CSV) sent as the body, ' +
          'or as the one file of a multipart/form-data form. ' +
          `dryRun=true writes nothing. With Accept: ${IMPORT_PROGRESS_TYPE} the answer streams progress lines. ` +
          'A file without the report’s columns is refused after its first line. unmatched and errors list ' +
          'the first 100 rows; unmatchedCount and errorCount count them all.',
        querystring: orderImportQuerySchema,
        response: { 200: orderImportResultSchema },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const closeIfUnread = () => {
        if (!request.raw.complete) reply.header('connection', 'close');
      };
      const counted = { bytes: 0 };
      let report: OpenedReport;
      try {
        const chunks = await reportChunks(request);
        report = await openReport(
          { chunks, limit: IMPORT_BODY_LIMIT, counted },
          request.query.source,
          context.timeZone,
        );
      } catch (error) {
        closeIfUnread();
        throw error;
      }
      const options = { dryRun: request.query.dryRun, counted, size: announcedLength(request) };
      if (!request.headers.accept?.includes(IMPORT_PROGRESS_TYPE)) {
        try {
          return await importOrderReport(app.db, actor, report, options, context);
        } finally {
          // A form may go on after its file, and a failed import stops reading.
          closeIfUnread();
        }
      }
      const stream = new PassThrough();
      const send = (event: OrderImportEvent) => stream.write(`${JSON.stringify(event)}\n`);
      reply.type(IMPORT_PROGRESS_TYPE).header('cache-control', 'no-store');
      closeIfUnread();
      void importOrderReport(
        app.db,
        actor,
        report,
        { ...options, onProgress: (progress) => send({ progress }) },
        context,
      )
        .then((result) => send({ result }))
        .catch((error: unknown) => {
          if (error instanceof HttpError) {
            send({ error: errorBody(error.code, error.message, error.params) });
          } else {
            request.log.error({ err: error }, 'order import failed');
            send({ error: errorBody('somethingWentWrong', 'Something Went Wrong') });
          }
        })
        .finally(() => stream.end());
      // The schema describes the plain JSON answer; this one is a stream of events.
      return reply.send(stream as unknown as OrderImportResult);
    },
  );
};
