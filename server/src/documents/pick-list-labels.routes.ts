/**
 * What the warehouse prints: the pick list of accepted orders (a JSON grouping for the printable
 * screen and the same grouping as a PDF) and sheets of product labels. The pick list is for
 * whoever packs orders (admins and order creators); labels are printed from the products list,
 * which is the admins'.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pickListQuerySchema, pickListSchema, productLabelsQuerySchema } from '#shared/schemas/labels';
import { ADMIN_ONLY } from '../http/access';
import type { OrdersContext } from '../orders/orders.service';
import { PICK_LIST_LANGUAGES, pickListPdf } from './pick-list.pdf';
import { pickList } from './pick-list.service';
import { productLabels } from './product-labels.service';
import { sendPdf } from './pdf';

const tags = ['documents'];
const PICKERS = ['admin', 'orderCreator'] as const;

export const pickListLabelsRoutes: FastifyPluginAsyncZod<OrdersContext> = async (app, ctx) => {
  const context = { timeZone: ctx.timeZone };

  app.get(
    '/pick-list',
    {
      config: { access: PICKERS },
      schema: {
        tags,
        description:
          'The pick list of the given accepted orders (or of every accepted order): products grouped by shelf in natural order, no shelf last, each with its total and the orders it goes to. 404 naming unknown ids, 409 naming orders that are not accepted.',
        querystring: pickListQuerySchema,
        response: { 200: z.object({ data: pickListSchema }) },
      },
    },
    async (request) => ({ data: await pickList(app.db, request.query.orderIds, context) }),
  );

  app.get(
    '/pick-list.pdf',
    {
      config: { access: PICKERS },
      schema: {
        tags,
        description: 'GET /pick-list as an A4 PDF with a box to tick per product; lang sets its headings.',
        querystring: pickListQuerySchema.extend({ lang: z.enum(PICK_LIST_LANGUAGES).default('en') }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const list = await pickList(app.db, request.query.orderIds, context);
      return sendPdf(reply, `pick-list-${list.date}.pdf`, await pickListPdf(list, request.query.lang));
    },
  );

  app.get(
    '/labels/products.pdf',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          'A4 sheets of product labels (name, SKU, JAN as EAN-13/EAN-8). 404 naming unknown products, 409 naming products without a valid JAN (details.products).',
        querystring: productLabelsQuerySchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) =>
      sendPdf(reply, 'product-labels.pdf', await productLabels(app.db, request.query)),
  );
};
