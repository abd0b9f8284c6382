/** Memo API: the team's shared notes, for all staff. */
import { memosListSpec } from '#shared/list-specs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, listResponse } from '#shared/schemas/common';
import { memoInputSchema, memoSchema, memoUpdateSchema } from '#shared/schemas/misc';
import { currentUser } from '../http/access';
import { listQuerySchema } from '../http/list';
import { createMemo, editMemo, listMemos, removeMemo } from './memos.service';

const tags = ['memos'];
const idParams = z.object({ id: idSchema });
const one = z.object({ data: memoSchema });

export const memosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/memos',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        querystring: listQuerySchema(memosListSpec),
        response: { 200: listResponse(memoSchema) },
      },
    },
    async (request) => listMemos(app.db, request.query),
  );

  app.post(
    '/memos',
    { config: { access: 'staff' }, schema: { tags, body: memoInputSchema, response: { 201: one } } },
    async (request, reply) =>
      reply.status(201).send({ data: await createMemo(app.db, currentUser(request), request.body) }),
  );

  app.put(
    '/memos/:id',
    {
      config: { access: 'staff' },
      schema: { tags, params: idParams, body: memoUpdateSchema, response: { 200: one } },
    },
    async (request) => ({
      data: await editMemo(app.db, currentUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/memos/:id',
    { config: { access: 'staff' }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await removeMemo(app.db, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
