/**
 * Issues API: staff file and read product requests; admins resolve them, or turn one into a
 * product in one call (the product and the resolution commit together or not at all).
 */
import { issuesListSpec } from '#shared/list-specs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, listResponse } from '#shared/schemas/common';
import { issueInputSchema, issueSchema, issueUpdateSchema } from '#shared/schemas/misc';
import { ADMIN_ONLY, currentUser } from '../http/access';
import { listQuerySchema } from '../http/list';
import { productInputSchema, productSchema } from '#shared/schemas/product';
import { createIssue, createProductFromIssue, listIssues, resolveIssue } from './issues.service';

const tags = ['issues'];
const one = z.object({ data: issueSchema });

export const issuesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/issues',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        querystring: listQuerySchema(issuesListSpec),
        response: { 200: listResponse(issueSchema) },
      },
    },
    async (request) => listIssues(app.db, request.query),
  );

  app.post(
    '/issues',
    {
      config: { access: 'staff' },
      schema: { tags, body: issueInputSchema, response: { 201: one } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createIssue(app.db, currentUser(request), request.body) }),
  );

  app.put(
    '/issues/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, params: z.object({ id: idSchema }), body: issueUpdateSchema, response: { 200: one } },
    },
    async (request) => ({
      data: await resolveIssue(app.db, currentUser(request), request.params.id, request.body.resolved),
    }),
  );

  app.post(
    '/issues/:id/product',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: 'Creates the requested product and resolves the request, in one transaction.',
        params: z.object({ id: idSchema }),
        body: productInputSchema,
        response: { 201: z.object({ data: productSchema, issue: issueSchema }) },
      },
    },
    async (request, reply) => {
      const { product, issue } = await createProductFromIssue(
        app.db,
        currentUser(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ data: product, issue });
    },
  );
};
