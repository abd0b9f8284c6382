/**
 * Orders API. Order creators enter orders and search them (order entry); everything else here
 * is for admins. Order dates are reckoned in the business's time zone, given by the server's
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
  type Order,
} from '#shared/schemas/order';
import { ADMIN_ONLY, currentUser } from '../http/access';
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
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: 'Changes the status of several orders, all or none.',
        body: orderBulkStatusSchema,
        response: { 200: z.object({ data: z.array(orderSchema) }) },
      },
    },
    async (request) => ({
      data: await changeOrdersStatusRequest(
        app.db,
        currentUser(request),
        request.body.ids,
        request.body.shipmentStatus,
        context,
      ),
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
