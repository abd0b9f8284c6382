import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userPreferenceInputSchema, userPreferenceSchema } from '#shared/schemas/misc';
import { currentUser } from '../http/access';
import { getPreference, getPreferences, savePreference } from './preferences.service';

const responseSchema = z.object({ data: userPreferenceSchema });

export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user-preferences',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['user-preferences'],
        response: { 200: z.object({ data: z.array(userPreferenceSchema) }) },
      },
    },
    async (request) => ({ data: await getPreferences(app.db, currentUser(request)._id) }),
  );

  app.get(
    '/user-preferences/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['user-preferences'],
        params: z.object({ id: userPreferenceInputSchema.shape._id }),
        response: { 200: responseSchema },
      },
    },
    async (request) => ({ data: await getPreference(app.db, currentUser(request)._id, request.params.id) }),
  );

  app.post(
    '/user-preferences',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['user-preferences'],
        body: userPreferenceInputSchema,
        response: { 200: responseSchema },
      },
    },
    async (request) => ({
      data: await savePreference(app.db, currentUser(request)._id, request.body._id, request.body.value),
    }),
  );
};
