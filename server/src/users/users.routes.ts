import { usersListSpec } from '#shared/list-specs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, listResponse, searchResponse } from '#shared/schemas/common';
import { userSchema, userUpdateSchema } from '#shared/schemas/auth';
import { ADMIN_ONLY, currentUser } from '../http/access';
import { listQuerySchema } from '../http/list';
import { listUsers, searchUsers, updateUser } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['users'],
        querystring: listQuerySchema(usersListSpec),
        response: { 200: listResponse(userSchema) },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.get(
    '/users/search',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['users'],
        querystring: listQuerySchema(usersListSpec),
        response: { 200: searchResponse(userSchema) },
      },
    },
    async (request) => searchUsers(app.db, request.query),
  );

  app.put(
    '/users/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['users'],
        params: z.object({ id: idSchema }),
        body: userUpdateSchema,
        response: { 200: z.object({ data: userSchema }) },
      },
    },
    async (request) => ({
      data: await updateUser(app.db, currentUser(request), request.params.id, request.body),
    }),
  );
};
