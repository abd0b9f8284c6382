/**
 * The offline cache's sync (any account with a role: warehouse staff read shipments): a full
 * sync in pages, then the changes since, through one opaque cursor. Dates of the sync set are
 * reckoned in the business's time zone given when the plugin is registered.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { syncChangesQuerySchema, syncChangesSchema } from '#shared/schemas/sync';
import type { OrdersContext } from '../orders/orders.service';
import { syncChanges } from './sync.service';

export const syncRoutes: FastifyPluginAsyncZod<OrdersContext> = async (app, ctx) => {
  const context = { timeZone: ctx.timeZone };
  app.get(
    '/sync/changes',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['sync'],
        description:
          'Without cursor, a full sync of the offline cache (shipments of the last 365 days with their orders, orders of the last 90 days, the products they name) in pages; with the returned cursor, the next page, then the records changed since (removed: ids deleted or gone from the set). 400 syncCursorInvalid, 410 syncCursorExpired (start a full sync).',
        querystring: syncChangesQuerySchema,
        response: { 200: syncChangesSchema },
      },
    },
    async (request) => syncChanges(app.db, request.query, context),
  );
};
