/**
 * Cost simulator API: saved simulations under `simulation` (the integrations' singular path),
 * admins only; the per-platform fee defaults under `platform-fees`, read by staff and set by
 * admins.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { simulationsListSpec } from '#shared/list-specs';
import { idSchema, listResponse } from '#shared/schemas/common';
import {
  platformFeeInputSchema,
  platformFeeSchema,
  simulationInputSchema,
  simulationSchema,
  simulatorPlatformSchema,
} from '#shared/schemas/simulation';
import { ADMIN_ONLY, currentUser } from '../http/access';
import { listQuerySchema } from '../http/list';
import {
  createSimulation,
  editSimulation,
  getSimulation,
  listPlatformFees,
  listSimulations,
  setPlatformFee,
} from './simulations.service';

const tags = ['simulation'];
const idParams = z.object({ id: idSchema });
const one = z.object({ data: simulationSchema });

export const simulationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/simulation',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        querystring: listQuerySchema(simulationsListSpec),
        response: { 200: listResponse(simulationSchema) },
      },
    },
    async (request) => listSimulations(app.db, request.query),
  );

  app.get(
    '/simulation/:id',
    { config: { access: ADMIN_ONLY }, schema: { tags, params: idParams, response: { 200: one } } },
    async (request) => ({ data: await getSimulation(app.db, request.params.id) }),
  );

  app.post(
    '/simulation',
    { config: { access: ADMIN_ONLY }, schema: { tags, body: simulationInputSchema, response: { 201: one } } },
    async (request, reply) =>
      reply.status(201).send({ data: await createSimulation(app.db, currentUser(request), request.body) }),
  );

  app.put(
    '/simulation/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, params: idParams, body: simulationInputSchema, response: { 200: one } },
    },
    async (request) => ({
      data: await editSimulation(app.db, currentUser(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/platform-fees',
    {
      config: { access: 'staff' },
      schema: { tags: ['platform-fees'], response: { 200: z.object({ data: z.array(platformFeeSchema) }) } },
    },
    async () => ({ data: await listPlatformFees(app.db) }),
  );

  app.put(
    '/platform-fees/:platformCode',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['platform-fees'],
        params: z.object({ platformCode: simulatorPlatformSchema }),
        body: platformFeeInputSchema,
        response: { 200: z.object({ data: platformFeeSchema }) },
      },
    },
    async (request) => ({
      data: await setPlatformFee(app.db, currentUser(request), request.params.platformCode, request.body),
    }),
  );
};
