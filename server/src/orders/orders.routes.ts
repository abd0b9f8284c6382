/**
 * Orders API. Order creators enter orders and search them (order entry) and pack them (the
 * packing station: PACKED with a packing record, a short pick); everything else here is for
 * admins. Order dates are reckoned in the business's time zone, given by the server's
 * configuration when the plugin is registered.
 */
import { ordersListSpec, ordersSearchSpec } from '#shared/list-specs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLATFORMS } from '#shared/constants';
import { dateSchema, idSchema, listResponse, searchResponse, textSchema } from '#shared/schemas/common';
import {
  orderBulkStatusSchema,
  orderCreateSchema,
  orderSchema,
  orderTotalsSchema,
  orderUpdateSchema,
  shortPickSchema,
  type Order,
} from '#shared/schemas/order';
import { MESSAGES } from '#shared/messages';
import { ADMIN_ONLY, currentUser } from '../http/access';
import { HttpError } from '../http/errors';
import { listQuerySchema } from '../http/list';
import {
  changeOrdersStatusRequest,
  createOrdersRequest,
  getOrder,
  listOrders,
  updateOrder,
  type OrdersContext,
} from './orders.service';
import { orderTotals, searchOrders } from './order-search.service';
import { packOrderRequest, shortPickRequest } from './packing.service';

const tags = ['orders'];
const idParams = z.object({ id: idSchema });

export const ordersRoutes: FastifyPluginAsyncZod<OrdersContext> = async (app, ctx) => {
  const context: OrdersContext = { timeZone: ctx.timeZone };

  app.get(
    '/orders',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        querystring: listQuerySchema(ordersListSpec),
        response: { 200: listResponse(orderSchema) },
      },
    },
    async (request) => listOrders(app.db, request.query),
  );

  app.get(
    '/orders/search',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        description: 'Orders whose order id, product name, SKU or JAN contains searchStr.',
        querystring: listQuerySchema(ordersSearchSpec),
        response: { 200: searchResponse(orderSchema) },
      },
    },
    async (request) => searchOrders(app.db, request.query),
  );

  app.get(
    '/orders/total',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          "Order counts by status (the status tabs) under the list's other filters: an order date range, platform, shipment, product and search text (as GET /orders/search matches it).",
        querystring: z.object({
          start_date: dateSchema.optional(),
          end_date: dateSchema.optional(),
          platformCode: z.enum(PLATFORMS).optional(),
          shipmentId: idSchema.optional(),
          product: idSchema.optional(),
          searchStr: textSchema().optional(),
        }),
        response: { 200: orderTotalsSchema },
      },
    },
    async (request) => {
      const { start_date: from, end_date: to, ...filters } = request.query;
      return orderTotals(app.db, { from, to, ...filters });
    },
  );

  app.get(
    '/orders/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, params: idParams, response: { 200: z.object({ data: orderSchema }) } },
    },
    async (request) => ({ data: await getOrder(app.db, request.params.id) }),
  );

  app.post(
    '/orders',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        description: 'One order line, or an array of lines created all or none.',
        body: orderCreateSchema,
        response: { 201: z.object({ data: z.union([orderSchema, z.array(orderSchema)]) }) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const lines = Array.isArray(body) ? body : [body];
      const orders = await createOrdersRequest(app.db, currentUser(request), lines, context);
      return reply.status(201).send({ data: Array.isArray(body) ? orders : (orders[0] as Order) });
    },
  );

  app.put(
    '/orders/status',
    {
      config: { access: 'staff' },
      // Admins only, but for the packing station's change: an order creator's body without a
      // packing record is refused before it is read, as the door refuses a stranger's.
      preValidation: async (request) => {
        const body: unknown = request.body;
        const packing = typeof body === 'object' && body !== null && 'packing' in body;
        if (currentUser(request).role !== 'admin' && !packing) throw new HttpError(403, MESSAGES.forbidden);
      },
      schema: {
        tags,
        description:
          'Changes the status of several orders, all or none (admins). With `packing`, the packing station: every line of one order ACCEPTED → PACKED, its scans counting exactly the ordered quantities (admins and order creators).',
        body: orderBulkStatusSchema,
        response: { 200: z.object({ data: z.array(orderSchema) }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { ids, shipmentStatus, packing } = request.body;
      if (packing) return { data: await packOrderRequest(app.db, user, ids, packing, context) };
      return { data: await changeOrdersStatusRequest(app.db, user, ids, shipmentStatus, context) };
    },
  );

  app.post(
    '/orders/:id/short-pick',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        description:
          'The order (of which `id` is a line) cannot be packed complete: the reason is recorded in the history of each of its lines, and it stays ACCEPTED. 409 unless it is ACCEPTED.',
        params: idParams,
        body: shortPickSchema,
        response: { 200: z.object({ data: z.array(orderSchema) }) },
      },
    },
    async (request) => ({
      data: await shortPickRequest(app.db, currentUser(request), request.params.id, request.body.reason),
    }),
  );

  app.put(
    '/orders/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: 'A status change through the transition table, or edits of the editable fields.',
        params: idParams,
        body: orderUpdateSchema,
        response: { 200: z.object({ data: orderSchema }) },
      },
    },
    async (request) => ({
      data: await updateOrder(app.db, currentUser(request), request.params.id, request.body, context),
    }),
  );
};
