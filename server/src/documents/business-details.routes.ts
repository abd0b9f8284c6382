/** Business details (Settings): every member of staff reads them, admins set them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessDetailsInputSchema, businessDetailsSchema } from '#shared/schemas/shipment-documents';
import { ADMIN_ONLY, currentUser } from '../http/access';
import { getBusinessDetails, setBusinessDetails } from './business-details.service';

const tags = ['business-details'];
const one = z.object({ data: businessDetailsSchema });

export const businessDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/business-details',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        description:
          'The business as the customs papers print it (the exporter); texts are empty until an administrator sets them.',
        response: { 200: one },
      },
    },
    async () => ({ data: await getBusinessDetails(app.db) }),
  );

  app.put(
    '/business-details',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          'Sets the business details: name, address (several lines), phone, email, an optional tax id.',
        body: businessDetailsInputSchema,
        response: { 200: one },
      },
    },
    async (request) => ({ data: await setBusinessDetails(app.db, currentUser(request), request.body) }),
  );
};
