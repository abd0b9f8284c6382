/**
 * Builds the Fastify application: database (connected and migrated), access control,
 * errors, security headers, docs, every route under /api/v1 and the renderer.
 */
import { maxHeaderSize } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX } from '#shared/constants';
import { MESSAGES, formatMessage } from '#shared/messages';
import type { PlatformEndpoints, ServerConfig } from './config';
import { connectionsRoutes } from './connections/connections.routes';
import { ConnectionsEngine, type SourceFactory } from './connections/connections.service';
import { platformSources } from './connections/platform-sources';
import { resolveSecretKey } from './connections/secret-box';
import { createDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { seedDemo } from './demo/seed';
import { authRoutes } from './auth/auth.routes';
import { createLogMailer, createSmtpMailer, type Mailer } from './auth/mailer';
import { registerAccessControl } from './http/access';
import { HttpError, handleClientError, httpError, registerErrorHandling, sendError } from './http/errors';
import { InFlight, trackRequests } from './http/in-flight';
import { checkingSerializerCompiler, fastSerializerCompiler } from './http/responses';
import { registerDocs, registerRendererAndNotFound, registerSecurityHeaders } from './http/web';
import { scheduleDailySalesRefresh } from './orders/sales-refresh';
import { resourceRoutes, zonedRoutes } from './routes';
import { scheduleSyncPrune } from './sync/sync-prune';
import { APP_VERSION, systemRoutes } from './system/system.routes';

export interface BuildAppOptions {
  config: ServerConfig;
  /** A ready pino-compatible logger; by default one is made from config.logLevel. */
  logger?: FastifyBaseLogger;
  /** Where reset links go; by default SMTP when config.smtpUrl is set, else the log. */
  mailer?: Mailer;
  /**
   * The connections' secret key (32 bytes): the desktop app passes one it keeps with the OS's
   * safeStorage. Otherwise KURA_SECRET_KEY, else a key file beside the database (secret-box.ts).
   */
  secretKey?: Buffer;
  /** Makes each connection's platform client; by default every connection is "not available". */
  connectionSources?: SourceFactory;
  /** The live sync's schedule: false runs syncs only on request (tests); timings for tests. */
  connectionSchedule?: false | { tickMs?: number; leaseMs?: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Live sync's runs in this process (connections.service.ts). */
    connections: ConnectionsEngine;
  }
}

const NO_ENDPOINTS: PlatformEndpoints = {
  shopifyApiBase: null,
  spapiEndpointFe: null,
  spapiEndpointEu: null,
  lwaTokenUrl: null,
};

/** Reset links carry a one-time token in the query string: keep it out of request logs. */
const scrubUrl = (url: string) => url.replace(/([?&](?:token|access_token)=)[^&#]*/gi, '$1[redacted]');

export function loggerOptions(config: ServerConfig): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.accessToken',
        '*.clientSecret',
        '*.refreshToken',
        '*.refreshTokens',
        '*.refreshTokenFe',
        '*.refreshTokenEu',
        '*.secretKey',
        'body.password',
        'body.accessToken',
        'body.clientSecret',
        'body.refreshToken',
        'body.refreshTokens',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req) => ({ method: req.method, url: scrubUrl(req.url), remoteAddress: req.ip }),
    },
  };
}

/**
 * The API takes JSON bodies only: anything else (JSON sent as text/plain included) answers 415.
 * An empty body with `Content-Type: application/json` is `{}`, as many clients send the header
 * on every call (a logout has nothing to say). Fastify's parser keeps refusing `__proto__` and
 * `constructor.prototype` keys.
 *
 * The bytes must be UTF-8: decoding them leniently would turn what is not into U+FFFD and
 * store it, so a body that is not is refused as ill-formed text.
 */
function registerJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = typeof body === 'string' ? body : utf8.decode(body);
    } catch {
      done(httpError(400, 'illFormedText', undefined, [{ field: 'body', message: MESSAGES.illFormedText }]));
      return;
    }
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) done(error);
      else if (nestingDepth(value) > MAX_JSON_DEPTH) {
        const params = { max: MAX_JSON_DEPTH };
        done(
          httpError(400, 'nestedTooDeep', params, [
            { field: 'body', message: formatMessage('nestedTooDeep', params), code: 'nestedTooDeep', params },
          ]),
        );
      } else done(null, value);
    });
  });
}

/**
 * How deep a body may nest. No request of the API nests more than a few levels; JSON.parse reads
 * any depth, but code that walks a value recursively (JSON.stringify when a preference is saved)
 * overflowed the stack at some thousands of levels and answered 500.
 */
const MAX_JSON_DEPTH = 32;

/** The nesting depth of a parsed JSON value, found without recursion. */
function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * How long closing waits for requests and jobs still running before it closes the database
 * under them (the HTTP server already cut their connections after its own grace).
 */
const IN_FLIGHT_GRACE_MS = 5_000;

export async function buildApp({
  config,
  logger,
  mailer,
  secretKey: givenKey,
  connectionSources,
  connectionSchedule,
}: BuildAppOptions): Promise<FastifyInstance> {
  // Before anything opens: a key file others may read stops the server here.
  const secretKey = resolveSecretKey(givenKey, config.secretKey ?? null, config.databaseUrl);
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: loggerOptions(config) }),
    routerOptions: {
      // The original client sends `categories//{id}` and `shipping-methods/{id}/`.
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      // Every id reaches its route, so a 5,000-character one is refused by the route's schema
      // (400 naming it) like a 65-character one. Fastify's default (100) exists for regular-
      // expression parameters, which no route has; Node's header limit bounds the whole URL.
      maxParamLength: maxHeaderSize,
    },
    trustProxy: config.trustProxy,
    // A URL Fastify cannot decode (`/%c0%ae%c0%ae/`) answers in our error shape too.
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
    // So do requests Node's HTTP parser refuses before Fastify sees them (headers too large).
    clientErrorHandler: handleClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(config.checkResponses ? checkingSerializerCompiler : fastSerializerCompiler);
  registerJsonBodies(app);
  const inFlight = new InFlight();
  trackRequests(app, inFlight);

  const database = createDatabase(config.databaseUrl);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.addHook('onClose', async () => {
    // The HTTP server's close waits for connections, not for the handlers of clients that left.
    if (!(await inFlight.idle(IN_FLIGHT_GRACE_MS))) {
      app.log.warn({ running: inFlight.count }, 'closing the database under requests still running');
    }
    await database.destroy();
  });
  try {
    await migrateToLatest(database.db);
    // seedDemo only fills an empty database, so restarting with KURA_DEMO=1 keeps real data.
    if (config.demo && (await seedDemo(database.db, { timeZone: config.timeZone }))) {
      app.log.info('seeded the demo data set (KURA_DEMO=1)');
    }
  } catch (err) {
    await database.destroy();
    throw err;
  }

  registerAccessControl(app);
  registerErrorHandling(app);
  await registerSecurityHeaders(app, config.corsOrigins);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyRequests),
  });
  await registerDocs(app, APP_VERSION);

  const connections = new ConnectionsEngine({
    db: database.db,
    timeZone: config.timeZone,
    secretKey,
    sources: connectionSources ?? platformSources(config.timeZone),
    endpoints: config.platformEndpoints ?? NO_ENDPOINTS,
    log: app.log,
    inFlight,
    ...(connectionSchedule ? connectionSchedule : {}),
  });
  app.decorate('connections', connections);

  const authContext = {
    db: database.db,
    dialect: database.dialect,
    mailer: mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl) : createLogMailer(app.log)),
    publicUrl: () => config.publicUrl ?? app.listeningOrigin,
  };
  await app.register(
    async (api) => {
      await api.register(systemRoutes, {
        restrictedBrand: config.restrictedBrand,
        demo: config.demo,
        timeZone: config.timeZone,
      });
      await api.register(authRoutes, { ctx: authContext, loginRateLimit: config.loginRateLimit });
      for (const routes of resourceRoutes) await api.register(routes);
      for (const routes of zonedRoutes) await api.register(routes, { timeZone: config.timeZone });
      await api.register(connectionsRoutes, { timeZone: config.timeZone, engine: connections, secretKey });
    },
    { prefix: API_PREFIX },
  );
  await registerRendererAndNotFound(app, config.rendererDir);
  scheduleDailySalesRefresh(app, config.timeZone, inFlight);
  scheduleSyncPrune(app, inFlight);
  // Live sync runs in local mode too: the desktop app is this same server.
  if (connectionSchedule !== false) app.addHook('onReady', async () => connections.startSchedule());
  // Before the database's own close waits for work in flight: runs stop at once, recorded.
  app.addHook('preClose', async () => connections.close());
  return app;
}
