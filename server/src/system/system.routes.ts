import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import packageJson from '../../../package.json' with { type: 'json' };

export const APP_VERSION: string = packageJson.version;

export interface SystemRoutesOptions {
  restrictedBrand: boolean;
  demo: boolean;
  timeZone: string;
}

/** Public facts the signed-out screens and load balancers need. */
export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (
  app,
  { restrictedBrand, demo, timeZone },
) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        response: {
          200: z.object({
            status: z.literal('ok'),
            version: z.string(),
            database: z.enum(['sqlite', 'postgres']),
          }),
        },
      },
    },
    async () => {
      // A health check that does not touch the database would report a dead one as healthy.
      await app.db.selectFrom('users').select('id').limit(1).execute();
      return { status: 'ok' as const, version: APP_VERSION, database: app.dialect };
    },
  );

  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        response: {
          200: z.object({
            restrictedBrand: z.boolean(),
            version: z.string(),
            demo: z.boolean(),
            timeZone: z.string(),
          }),
        },
      },
    },
    async () => ({ restrictedBrand, version: APP_VERSION, demo, timeZone }),
  );
};
