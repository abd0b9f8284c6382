/**
 * Access control for every route, declared on the route and enforced by one hook:
 *
 *   config: { access: 'public' | 'session' | 'staff' | Role[] }
 *
 * 'session' is any signed-in account, even one still waiting for a role; 'staff' is any
 * granted role. An API route that declares nothing is admin-only, so forgetting to declare
 * fails closed. Routes outside the API (the renderer's files, the docs page) are public.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { API_PREFIX, type Role } from '#shared/constants';
import { MESSAGES } from '#shared/messages';
import type { SessionUser } from '#shared/schemas/auth';
import { findSessionUser } from '../auth/auth.repository';
import { hashToken } from '../auth/token';
import { HttpError } from './errors';

export type Access = 'public' | 'session' | 'staff' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in account; null on public routes. */
    user: SessionUser | null;
    /** sha256 of the bearer token, to end this very session on logout. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** Every route with its effective access: the role-matrix test walks this. */
    routeAccess: RouteAccess[];
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

export const ADMIN_ONLY: readonly Role[] = ['admin'];

export function effectiveAccess(url: string, declared: Access | undefined): Access {
  if (declared) return declared;
  return url.startsWith(`${API_PREFIX}/`) || url === API_PREFIX ? ADMIN_ONLY : 'public';
}

/** `Authorization: Token <token>` (what the original client sends), or the common `Bearer <token>`. */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^(?:Token|Bearer)\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The signed-in user of a route that requires one (anything but 'public'). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, MESSAGES.unauthenticated);
  return request.user;
}

export function registerAccessControl(app: FastifyInstance): void {
  app.decorate('routeAccess', [] as RouteAccess[]);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    const access = effectiveAccess(route.url, route.config?.access);
    route.config = { ...route.config, access };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) app.routeAccess.push({ method, url: route.url, access });
  });

  // onRequest: before the body is parsed or validated, so strangers learn nothing from 400s.
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access ?? ADMIN_ONLY;
    if (access === 'public') return;
    const token = readToken(request);
    if (!token) throw new HttpError(401, MESSAGES.unauthenticated);
    const sessionId = hashToken(token);
    const user = await findSessionUser(app.db, sessionId);
    if (!user) throw new HttpError(401, MESSAGES.unauthenticated);
    request.user = user;
    request.sessionId = sessionId;
    if (access === 'session') return;
    const allowed =
      access === 'staff' ? user.role !== null : user.role !== null && access.includes(user.role);
    if (!allowed) throw new HttpError(403, user.role ? MESSAGES.forbidden : MESSAGES.accountPending);
  });
}
