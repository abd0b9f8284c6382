/**
 * What the server adds around the API: security headers, CORS for the desktop renderer,
 * the OpenAPI document and docs page, and the renderer's files for browsers (team mode).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { MESSAGES } from '#shared/messages';
import { errorBody } from './errors';

const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      // Fluent UI (Griffel) injects <style> elements at run time.
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      // A team server is often plain http on a LAN: upgrading would break every asset.
      'upgrade-insecure-requests': null,
    },
  },
};

/**
 * The headers helmet sets with {@link HELMET_OPTIONS}, computed once: helmet rebuilds them
 * (CSP parsing included) on every response, a measurable share of a fast request. They are
 * read from one request to a throwaway instance, less what a plain Fastify response has.
 */
async function helmetHeaders(): Promise<Record<string, string>> {
  const headersOf = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, HELMET_OPTIONS);
    probe.get('/', () => ({}));
    try {
      return (await probe.inject({ method: 'GET', url: '/' })).headers;
    } finally {
      await probe.close();
    }
  };
  const plain = await headersOf(false);
  const secured = await headersOf(true);
  const added: Record<string, string> = {};
  for (const [name, value] of Object.entries(secured)) {
    if (!(name in plain) && value !== undefined) added[name] = String(value);
  }
  return added;
}

export async function registerSecurityHeaders(app: FastifyInstance, corsOrigins: string[]): Promise<void> {
  const headers = await helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // The desktop renderer (app://kura) edits and deletes too: without PUT and DELETE here the
  // browser refuses every update after its preflight.
  await app.register(cors, {
    origin: corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    maxAge: 600,
  });
}

export async function registerDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kura API', version, description: 'REST API v1 of the Kura back-office.' },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <token>' },
        },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

const wantsHtml = (accept: string | undefined) => !!accept && /text\/html|\*\/\*/.test(accept);

/**
 * Serves the built renderer if it is there, with index.html for any other browser GET so
 * client-side routes (/auth/login, /settings/category) survive a reload. Everything else,
 * and every unknown /api path, is a JSON 404.
 */
export async function registerRendererAndNotFound(app: FastifyInstance, rendererDir: string): Promise<void> {
  const root = resolve(rendererDir);
  const hasRenderer = existsSync(resolve(root, 'index.html'));
  if (hasRenderer) await app.register(fastifyStatic, { root, prefix: '/' });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (hasRenderer && !isApi && request.method === 'GET' && wantsHtml(request.headers.accept)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('notFound', MESSAGES.notFound));
  });
}
