/**
 * OTZ orders API. The storefront pushes paid orders with an admin token; admins list, search
 * and change their status.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { otzOrdersListSpec, otzOrdersSearchSpec } from '#shared/list-specs';
import { idSchema, listResponse, searchResponse } from '#shared/schemas/common';
import { otzOrderInputSchema, otzOrderSchema, otzOrderUpdateSchema } from '#shared/schemas/otz-order';
import { ADMIN_ONLY, currentUser } from '../http/access';
import { listQuerySchema } from '../http/list';
import {
  changeOtzOrderStatus,
  createOtzOrder,
  getOtzOrder,
  listOtzOrders,
  searchOtzOrders,
} from './otz-orders.service';

const tags = ['otz-orders'];
const one = z.object({ data: otzOrderSchema });
const params = z.object({ id: idSchema });

export const otzOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/otz-orders',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: 'Count only: page=1&limit=1, then read totalCount.',
        querystring: listQuerySchema(otzOrdersListSpec),
        response: { 200: listResponse(otzOrderSchema) },
      },
    },
    async (request) => listOtzOrders(app.db, request.query),
  );

  app.get(
    '/otz-orders/search',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        querystring: listQuerySchema(otzOrdersSearchSpec),
        response: { 200: searchResponse(otzOrderSchema) },
      },
    },
    async (request) => searchOtzOrders(app.db, request.query),
  );

  app.get(
    '/otz-orders/:id',
    { config: { access: ADMIN_ONLY }, schema: { tags, params, response: { 200: one } } },
    async (request) => ({ data: await getOtzOrder(app.db, request.params.id) }),
  );

  app.post(
    '/otz-orders',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: 'The storefront pushes a paid order; the same paypalTransactionId twice is a 409.',
        body: otzOrderInputSchema,
        response: { 201: one },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createOtzOrder(app.db, currentUser(request), request.body) }),
  );

  app.put(
    '/otz-orders/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, params, body: otzOrderUpdateSchema, response: { 200: one } },
    },
    async (request) => ({
      data: await changeOtzOrderStatus(
        app.db,
        currentUser(request),
        request.params.id,
        request.body.shipmentStatus,
      ),
    }),
  );
};
