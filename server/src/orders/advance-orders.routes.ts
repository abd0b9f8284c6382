/** Advance orders API (admins): the list, entry, and booking, cancelling or releasing one. */
import { advanceOrdersListSpec } from '#shared/list-specs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, listResponse } from '#shared/schemas/common';
import { advanceOrderInputSchema, advanceOrderSchema, advanceOrderUpdateSchema } from '#shared/schemas/order';
import { ADMIN_ONLY, currentUser } from '../http/access';
import { listQuerySchema } from '../http/list';
import { createAdvanceOrder, listAdvanceOrders, updateAdvanceOrder } from './advance-orders.service';
import type { OrdersContext } from './orders.service';

const tags = ['advance orders'];
const one = z.object({ data: advanceOrderSchema });

export const advanceOrdersRoutes: FastifyPluginAsyncZod<OrdersContext> = async (app, ctx) => {
  const context: OrdersContext = { timeZone: ctx.timeZone };

  app.get(
    '/advance-orders',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        querystring: listQuerySchema(advanceOrdersListSpec),
        response: { 200: listResponse(advanceOrderSchema) },
      },
    },
    async (request) => listAdvanceOrders(app.db, request.query),
  );

  app.post(
    '/advance-orders',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, body: advanceOrderInputSchema, response: { 201: one } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await createAdvanceOrder(app.db, currentUser(request), request.body, context) }),
  );

  app.put(
    '/advance-orders/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          'BOOKED or CANCELLED while AWAITING; RECEIVED releases a BOOKED one into a normal order.',
        params: z.object({ id: idSchema }),
        body: advanceOrderUpdateSchema,
        response: { 200: one },
      },
    },
    async (request) => ({
      data: await updateAdvanceOrder(
        app.db,
        currentUser(request),
        request.params.id,
        request.body.status,
        context,
      ),
    }),
  );
};
