/**
 * POST /orders/import (admin): a platform's order report as the request body, as it is or as
 * the one file of a multipart/form-data form (report-upload.ts).
 *
 * The body is never held: the route hands the request's stream to the reader, which reads it as
 * the import goes. A report refused by its header is answered after its first line, while the
 * client may still be sending the rest; such an answer (and every streamed one, which starts
 * before the body is all read) closes the connection, so the unread bytes are not taken for the
 * next request, and clients that read the answer as they send (curl, fetch, browsers) stop there.
 */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_PROGRESS_TYPE,
  orderImportQuerySchema,
  orderImportResultSchema,
  type OrderImportEvent,
  type OrderImportResult,
} from '#shared/schemas/order-import';
import { ADMIN_ONLY, currentUser } from '../http/access';
import { HttpError, errorBody } from '../http/errors';
import type { OrdersContext } from '../orders/orders.service';
import type { OpenedReport } from './import-line';
import { importOrderReport, openReport } from './order-import.service';
import { acceptFileBodies, announcedLength, fileChunks } from './report-upload';

/** 100,000 report lines are about 30 MB; a whole year of a busy shop fits. */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

export const orderImportRoutes: FastifyPluginAsyncZod<OrdersContext> = async (app, ctx) => {
  const context: OrdersContext = { timeZone: ctx.timeZone };
  await acceptFileBodies(app, IMPORT_BODY_LIMIT);

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
        const chunks = await fileChunks(request, IMPORT_BODY_LIMIT);
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
