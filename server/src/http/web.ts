/**
 * What the server adds around the API: security headers, CORS for the desktop renderer,
 * the OpenAPI document and docs page, and the renderer's files for browsers (team mode).
 */
import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
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
    // An OPTIONS that is no preflight is answered like one (204) rather than with the plugin's
    // plain-text 400, which would be the one answer under /api outside the API's error shape.
    strictPreflight: false,
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

/** Vite's output folder for content-hashed files: a new build gives them new names. */
export const HASHED_ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed files (favicon, splash) are checked on every visit (ETag → 304). */
const REVALIDATE = 'no-cache';

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
const pathOf = (url: string) => url.split('?')[0] ?? '';

/** Methods a client may try on an address; HEAD and OPTIONS follow from GET and CORS. */
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/**
 * The methods some route takes at `path`, for a 405. Wildcard routes (the renderer's files,
 * the CORS preflight) take any path and say nothing about this one.
 */
function allowedMethods(app: FastifyInstance, path: string): string[] {
  const allowed = METHODS.filter((method) => {
    const route = app.findRoute({ method, url: path });
    return route !== null && !('*' in (route.params as object));
  });
  return allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
}

/**
 * Serves the built renderer if it is there, with index.html for any other browser GET so
 * client-side routes (/auth/login, /settings/category) survive a reload. Everything else,
 * every unknown /api path and every missing file under /assets, is a JSON 404; an /api path
 * some route takes with another method is a 405 naming them in `Allow`.
 *
 * No /api path reaches the renderer's files: the files' catch-all route would answer a path
 * no API route matched (an unknown one, a doubled slash, `..`) with its own 403 or 404.
 *
 * The build writes a brotli and a gzip copy next to each text file; the one the browser
 * accepts is sent as it is (no compression per request). Hashed files are cached for a year
 * without a check, so a repeat visit fetches none of them; index.html revalidates and so
 * names the current build's files.
 */
export async function registerRendererAndNotFound(app: FastifyInstance, rendererDir: string): Promise<void> {
  const root = resolve(rendererDir);
  const hasRenderer = existsSync(resolve(root, 'index.html'));
  if (hasRenderer) {
    app.addHook('onRoute', (route) => {
      if (route.url !== '/*') return;
      const serveFile = route.handler;
      route.handler = function serveRendererFile(request, reply) {
        if (isApiPath(pathOf(request.url))) return reply.callNotFound();
        return serveFile.call(this, request, reply);
      };
    });
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      preCompressed: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders: (reply, file) => {
        const hashed = relative(root, file).split(sep)[0] === HASHED_ASSETS_PREFIX.slice(1, -1);
        reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    if (isApiPath(path)) {
      const allowed = allowedMethods(app, path);
      if (allowed.length > 0) {
        return reply
          .status(405)
          .header('allow', allowed.join(', '))
          .send(errorBody('methodNotAllowed', MESSAGES.methodNotAllowed));
      }
      return reply.status(404).send(errorBody('notFound', MESSAGES.notFound));
    }
    // A missing script is an old page asking for a file of a previous build: answering with
    // index.html would fail as "not JavaScript" instead of a plain 404 the page can handle.
    const isAsset = path.startsWith(HASHED_ASSETS_PREFIX);
    if (hasRenderer && !isAsset && request.method === 'GET' && wantsHtml(request.headers.accept)) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send(errorBody('notFound', MESSAGES.notFound));
  });
}
