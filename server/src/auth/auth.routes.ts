/** Accounts under /api/v1/auth/. Thin: schema, access, one service call. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '#shared/messages';
import {
  forgotPasswordInputSchema,
  loginInputSchema,
  loginResponseSchema,
  meResponseSchema,
  registrationInputSchema,
  registrationResponseSchema,
  resetPasswordInputSchema,
  validateTokenResponseSchema,
} from '#shared/schemas/auth';
import { currentUser } from '../http/access';
import { HttpError } from '../http/errors';
import * as auth from './auth.service';

const messageSchema = z.object({ message: z.string() });

export interface AuthRoutesOptions {
  ctx: auth.AuthContext;
  /** Attempts per minute per client address for registration, login and password resets. */
  loginRateLimit: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { ctx, loginRateLimit }) => {
  const rateLimit = { max: loginRateLimit, timeWindow: '1 minute' };

  app.post(
    '/auth/register',
    {
      // Each registration costs a scrypt hash and an account row: limited like sign-in.
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        body: registrationInputSchema,
        response: { 201: registrationResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await auth.register(ctx, request.body)),
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public', rateLimit },
      schema: { tags: ['auth'], body: loginInputSchema, response: { 200: loginResponseSchema } },
    },
    async (request) => auth.login(ctx, request.body.email, request.body.password),
  );

  app.get(
    '/auth/validate-token',
    {
      config: { access: 'session' },
      schema: { tags: ['auth'], response: { 200: validateTokenResponseSchema } },
    },
    async (request) => ({ valid: true as const, data: currentUser(request) }),
  );

  app.get(
    '/auth/me',
    { config: { access: 'session' }, schema: { tags: ['auth'], response: { 200: meResponseSchema } } },
    async (request) => ({ data: currentUser(request) }),
  );

  app.post(
    '/auth/logout',
    { config: { access: 'session' }, schema: { tags: ['auth'] } },
    async (request, reply) => {
      if (!request.sessionId) throw new HttpError(401, MESSAGES.unauthenticated);
      await auth.logout(ctx, request.sessionId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public', rateLimit },
      schema: { tags: ['auth'], body: forgotPasswordInputSchema, response: { 200: messageSchema } },
    },
    async (request) => auth.forgotPassword(ctx, request.body.email),
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public', rateLimit },
      schema: { tags: ['auth'], body: resetPasswordInputSchema, response: { 200: messageSchema } },
    },
    async (request) => auth.resetPassword(ctx, request.body.token, request.body.password),
  );
};
