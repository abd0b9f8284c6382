/**
 * Sales reports API (admin only): the sales list, the summary cards, the chart's days and the
 * CSV export of platform orders, and the OTZ sales. Ranges default to the current month in
 * the business's time zone, given by the server's configuration when the plugin is registered.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { otzSalesListSpec, salesListSpec } from '#shared/list-specs';
import { MESSAGES } from '#shared/messages';
import { listResponse } from '#shared/schemas/common';
import {
  otzSaleRowSchema,
  otzSalesRangeQuerySchema,
  SALES_EXPORT_COLUMNS,
  SALES_EXPORT_FILE_NAME,
  saleRowSchema,
  salesDaySchema,
  salesRangeQuerySchema,
  salesSummarySchema,
} from '#shared/schemas/sales';
import { ADMIN_ONLY } from '../http/access';
import { notFound } from '../http/errors';
import { listQuerySchema } from '../http/list';
import type { ExportLine } from './sales.repository';
import {
  exportSales,
  listOtzSales,
  listSales,
  otzSalesSummary,
  salesDaily,
  salesSummary,
  type SalesContext,
} from './sales.service';

const tags = ['sales'];
const RANGE = 'from and to (YYYY-MM-DD, inclusive) default to the current month in the business time zone.';

/** The BOM (so Excel reads UTF-8) and the header, sent with the first batch. */
const HEADER = Buffer.from(`\uFEFF${SALES_EXPORT_COLUMNS.join(',')}\r\n`);

function csvStream(batches: AsyncIterable<readonly ExportLine[]>): Readable {
  async function* chunks() {
    let first = true;
    for await (const lines of batches) {
      const body =
        typeof lines[0] === 'string'
          ? Buffer.from((lines as string[]).join(''))
          : Buffer.concat(lines as Buffer[]);
      yield first ? Buffer.concat([HEADER, body]) : body;
      first = false;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

export const salesRoutes: FastifyPluginAsyncZod<SalesContext> = async (app, ctx) => {
  const context: SalesContext = { timeZone: ctx.timeZone };

  app.get(
    '/sales',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: `Sales (orders SHIPPED or COMPLETED) by order date, with their yen figures. ${RANGE}`,
        querystring: listQuerySchema(salesListSpec),
        response: { 200: listResponse(saleRowSchema) },
      },
    },
    async (request) => listSales(app.db, request.query, context),
  );

  app.get(
    '/sales/summary',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: `The summary cards over the range (whole yen). ${RANGE}`,
        querystring: salesRangeQuerySchema,
        response: { 200: z.object({ data: salesSummarySchema }) },
      },
    },
    async (request) => ({ data: await salesSummary(app.db, request.query, context) }),
  );

  app.get(
    '/sales/daily',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: `Orders, sales value and profit of each day of the range with sales. ${RANGE}`,
        querystring: salesRangeQuerySchema,
        response: { 200: z.object({ data: z.array(salesDaySchema) }) },
      },
    },
    async (request) => ({ data: await salesDaily(app.db, request.query, context) }),
  );

  app.get(
    '/sales/export',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: `Every sale of the range as CSV (UTF-8 with BOM), ${SALES_EXPORT_FILE_NAME}; 404 listEmpty when there is none. ${RANGE}`,
        querystring: salesRangeQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const batches = exportSales(app.db, request.query, context);
      const first = await batches.next();
      if (first.done) throw notFound(MESSAGES.listEmpty);
      async function* all() {
        yield first.value;
        yield* batches;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${SALES_EXPORT_FILE_NAME}"`)
        .send(csvStream(all()));
    },
  );

  app.get(
    '/otz-sales',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: `OTZ sales (OTZ orders SHIPPED or COMPLETED) by order date, with their yen figures. ${RANGE}`,
        querystring: listQuerySchema(otzSalesListSpec),
        response: { 200: listResponse(otzSaleRowSchema) },
      },
    },
    async (request) => listOtzSales(app.db, request.query, context),
  );

  app.get(
    '/otz-sales/summary',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: `The OTZ sales summary cards over the range (whole yen). ${RANGE}`,
        querystring: otzSalesRangeQuerySchema,
        response: { 200: z.object({ data: salesSummarySchema }) },
      },
    },
    async (request) => ({ data: await otzSalesSummary(app.db, request.query, context) }),
  );
};
