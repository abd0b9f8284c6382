/**
 * Shipments API. Order creators read shipments and save customs (the shipment screen); admins
 * combine orders into shipments, add or take out orders before customs and correct saved
 * customs. Order statuses move with the shipment, reckoned in the business's time zone given
 * when the plugin is registered.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shipmentsListSpec, shipmentsSearchSpec } from '#shared/list-specs';
import { idSchema, listResponse, searchResponse } from '#shared/schemas/common';
import {
  customsInputSchema,
  shipmentAddOrdersSchema,
  shipmentCreateSchema,
  shipmentSchema,
} from '#shared/schemas/shipment';
import { ADMIN_ONLY, currentUser } from '../http/access';
import { listQuerySchema } from '../http/list';
import type { OrdersContext } from '../orders/orders.service';
import {
  addShipmentOrders,
  correctCustoms,
  createShipment,
  getShipment,
  listShipments,
  removeShipmentOrder,
  saveCustoms,
  searchShipments,
} from './shipments.service';

const tags = ['shipments'];
const one = z.object({ data: shipmentSchema });
const params = z.object({ id: idSchema });

export const shipmentsRoutes: FastifyPluginAsyncZod<OrdersContext> = async (app, ctx) => {
  const context: OrdersContext = { timeZone: ctx.timeZone };

  app.get(
    '/shipments',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        description: 'Shipments with their orders (each with its shares of the fees).',
        querystring: listQuerySchema(shipmentsListSpec),
        response: { 200: listResponse(shipmentSchema) },
      },
    },
    async (request) => listShipments(app.db, request.query),
  );

  app.get(
    '/shipments/search',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        description:
          'Shipments whose shipment id (searchBy=shipmentId, the default) or one of whose order ids (searchBy=orderId) contains searchStr, within the list filters.',
        querystring: listQuerySchema(shipmentsSearchSpec),
        response: { 200: searchResponse(shipmentSchema) },
      },
    },
    async (request) => searchShipments(app.db, request.query),
  );

  app.get(
    '/shipments/:id',
    { config: { access: 'staff' }, schema: { tags, params, response: { 200: one } } },
    async (request) => ({ data: await getShipment(app.db, request.params.id) }),
  );

  app.post(
    '/shipments',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          'Combines packed Amazon India and own-shop orders into a shipment: they become SHIPPED and share its shipping fee by quantity, in the order of orderIds.',
        body: shipmentCreateSchema,
        response: { 201: one },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await createShipment(app.db, currentUser(request), request.body, context) }),
  );

  app.put(
    '/shipments/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        description:
          'Saves customs once: the shipment becomes RECEIVED, its orders COMPLETED, and they share the custom fee by declared value.',
        params,
        body: customsInputSchema,
        response: { 200: one },
      },
    },
    async (request) => ({
      data: await saveCustoms(app.db, currentUser(request), request.params.id, request.body, context),
    }),
  );

  app.put(
    '/shipments/:id/customs',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: 'Corrects saved customs; the custom fee shares are recomputed.',
        params,
        body: customsInputSchema,
        response: { 200: one },
      },
    },
    async (request) => ({
      data: await correctCustoms(app.db, currentUser(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/shipments/:id/orders',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: 'Adds packed India orders before customs; the shipping fee shares are recomputed.',
        params,
        body: shipmentAddOrdersSchema,
        response: { 200: one },
      },
    },
    async (request) => ({
      data: await addShipmentOrders(app.db, currentUser(request), request.params.id, request.body, context),
    }),
  );

  app.delete(
    '/shipments/:id/orders/:orderId',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          'Takes an order (its _id) out before customs: it goes back to PACKED with no shipping fee share. The last order cannot be taken out.',
        params: z.object({ id: idSchema, orderId: idSchema }),
        response: { 200: one },
      },
    },
    async (request) => ({
      data: await removeShipmentOrder(
        app.db,
        currentUser(request),
        request.params.id,
        request.params.orderId,
        context,
      ),
    }),
  );
};
