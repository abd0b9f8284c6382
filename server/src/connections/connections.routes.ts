/**
 * Live sync's connections (admin only). Secrets go in through PUT and never come out: answers
 * say when each was set. A sync runs in the background: POST …/sync answers 202 with its run id
 * (the run already going, if one is, in this server or another on the same database).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  amazonConnectionInputSchema,
  connectionKindParamsSchema,
  connectionListSchema,
  connectionResponseSchema,
  connectionRunsSchema,
  connectionSyncStartedSchema,
  connectionTestResultSchema,
  shopifyConnectionInputSchema,
  unmatchedGroupsSchema,
  unmatchedMapInputSchema,
  unmatchedMapResultSchema,
} from '#shared/schemas/connections';
import { ADMIN_ONLY, currentUser } from '../http/access';
import type { OrdersContext } from '../orders/orders.service';
import {
  listConnections,
  listRuns,
  mapUnmatched,
  saveConnection,
  unmatchedGroups,
  type ConnectionsEngine,
} from './connections.service';

export interface ConnectionRoutesOptions extends OrdersContext {
  engine: ConnectionsEngine;
  secretKey: Buffer;
}

const tags = ['connections'];

export const connectionsRoutes: FastifyPluginAsyncZod<ConnectionRoutesOptions> = async (app, options) => {
  const { engine, secretKey } = options;
  const ctx: OrdersContext = { timeZone: options.timeZone };

  app.get(
    '/connections',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          'The configured platform connections, without secrets (only when each was set), with their state (idle, running, stopped: the platform refused the credentials, failing: the last three runs failed), last run and lines waiting for a product.',
        response: { 200: connectionListSchema },
      },
    },
    async () => ({ data: await listConnections(app.db) }),
  );

  app.put(
    '/connections/shopify',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          'Saves the Shopify connection. accessToken left out keeps the stored one (required the first time); a new one clears a stopped state. Another shop starts the sync over from its first order.',
        body: shopifyConnectionInputSchema,
        response: { 200: connectionResponseSchema },
      },
    },
    async (request) => ({
      data: await saveConnection(app.db, currentUser(request), secretKey, {
        kind: 'shopify',
        input: request.body,
      }),
    }),
  );

  app.put(
    '/connections/amazon',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          'Saves the Amazon connection (SP-API, marketplaces A1VC38T7YXB528 Japan and A21TJRUUN4KGV India). clientSecret and refreshToken left out keep the stored ones (required the first time); new ones clear a stopped state. refreshTokens { fe, eu } gives a region its own refresh token (its selling account authorized apart), which wins over refreshToken there; null forgets it. Every chosen marketplace needs a token for its region (400 amazonRegionTokenMissing naming it).',
        body: amazonConnectionInputSchema,
        response: { 200: connectionResponseSchema },
      },
    },
    async (request) => ({
      data: await saveConnection(app.db, currentUser(request), secretKey, {
        kind: 'amazon',
        input: request.body,
      }),
    }),
  );

  app.post(
    '/connections/:kind/sync',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          'Starts a sync now and answers 202 with its run id; while one runs (on any server), 202 with that run’s id. 404 connectionNotConfigured, 409 connectionStopped or connectionDisabled.',
        params: connectionKindParamsSchema,
        response: { 202: connectionSyncStartedSchema },
      },
    },
    async (request, reply) => {
      const started = await engine.requestSync(request.params.kind, 'manual');
      // A manual request is never skipped: null only comes from the schedule.
      return reply.code(202).send({ runId: started?.runId ?? '' });
    },
  );

  app.get(
    '/connections/:kind/runs',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: 'The connection’s last 50 runs, newest first.',
        params: connectionKindParamsSchema,
        response: { 200: connectionRunsSchema },
      },
    },
    async (request) => ({ data: await listRuns(app.db, request.params.kind) }),
  );

  app.post(
    '/connections/:kind/test',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          'Test connection: one cheap authenticated call to the platform with the saved settings. 400 with the platform’s message when it fails.',
        params: connectionKindParamsSchema,
        response: { 200: connectionTestResultSchema },
      },
    },
    async (request) => {
      await engine.test(request.params.kind);
      return { ok: true as const };
    },
  );

  app.get(
    '/connections/:kind/unmatched',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          'Lines that found no product, waiting for one: grouped by SKU (or ASIN when they have none), with counts and a product name the platform gave; the 500 largest groups.',
        params: connectionKindParamsSchema,
        response: { 200: unmatchedGroupsSchema },
      },
    },
    async (request) => ({ data: await unmatchedGroups(app.db, request.params.kind) }),
  );

  app.post(
    '/connections/:kind/unmatched/map',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          'Remembers the product of a SKU or an ASIN for this connection and applies the lines waiting for it at once (they leave the waiting list); later lines naming it match it first.',
        params: connectionKindParamsSchema,
        body: unmatchedMapInputSchema,
        response: { 200: unmatchedMapResultSchema },
      },
    },
    async (request) => mapUnmatched(app.db, currentUser(request), request.params.kind, request.body, ctx),
  );
};
