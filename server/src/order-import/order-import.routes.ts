/**
 * POST /orders/import (admin): a platform's order report as the request body. The file goes as
 * it is (text/csv, text/tab-separated-values, text/plain or application/octet-stream), or as the
 * one file of a multipart/form-data form (a browser's or a script's upload). Its encoding is the
 * reader's business (Shift_JIS or UTF-8), so the body is taken as bytes either way.
 */
import { PassThrough } from 'node:stream';
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
import { importOrderReport } from './order-import.service';

/** 100,000 report lines are about 30 MB; a whole year of a busy shop fits. */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

const REPORT_TYPES = ['text/csv', 'text/tab-separated-values', 'text/plain', 'application/octet-stream'];

/** The report's bytes: the raw body, or the form's one file (its other fields are ignored). */
async function reportBytes(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (!Buffer.isBuffer(body) || body.length === 0) throw httpError(415, 'reportBodyRequired');
    return body;
  }
  let bytes: Buffer | undefined;
  try {
    const file = await request.file({ limits: { fileSize: IMPORT_BODY_LIMIT, files: 1 } });
    bytes = await file?.toBuffer();
  } catch (error) {
    // Too large stays a 413; a form cut short or malformed is the client's to mend.
    if ((error as { statusCode?: number }).statusCode === 413) throw error;
    throw httpError(400, 'reportBodyRequired');
  }
  if (!bytes || bytes.length === 0) throw httpError(400, 'reportBodyRequired');
  return bytes;
}

export const orderImportRoutes: FastifyPluginAsyncZod<OrdersContext> = async (app, ctx) => {
  const context: OrdersContext = { timeZone: ctx.timeZone };
  // Registered in this plugin only: every other route keeps taking JSON alone.
  await app.register(multipart);
  app.addContentTypeParser(
    REPORT_TYPES,
    { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

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
          `dryRun=true writes nothing. With Accept: ${IMPORT_PROGRESS_TYPE} the answer streams progress lines.`,
        querystring: orderImportQuerySchema,
        response: { 200: orderImportResultSchema },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const body = await reportBytes(request);
      const options = { source: request.query.source, dryRun: request.query.dryRun };
      if (!request.headers.accept?.includes(IMPORT_PROGRESS_TYPE)) {
        return importOrderReport(app.db, actor, body, options, context);
      }
      const stream = new PassThrough();
      const send = (event: OrderImportEvent) => stream.write(`${JSON.stringify(event)}\n`);
      reply.type(IMPORT_PROGRESS_TYPE).header('cache-control', 'no-store');
      // Started on the next turn, once the answer's headers are on their way: reading a big
      // report takes a few seconds of CPU, and the screen should know it has been received.
      void new Promise((resolve) => setImmediate(resolve))
        .then(() =>
          importOrderReport(
            app.db,
            actor,
            body,
            { ...options, onProgress: (done, total) => send({ progress: { done, total } }) },
            context,
          ),
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
