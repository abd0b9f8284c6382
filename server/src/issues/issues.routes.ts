/** Issues API (SPEC §7): staff file and read product requests; admins resolve them. */
import { issuesListSpec } from '#shared/list-specs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, listResponse } from '#shared/schemas/common';
import { issueInputSchema, issueSchema, issueUpdateSchema } from '#shared/schemas/misc';
import { ADMIN_ONLY, currentUser } from '../http/access';
import { listQuerySchema } from '../http/list';
import { createIssue, listIssues, resolveIssue } from './issues.service';

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
};
