import { z } from 'zod';
import type { LoginInput, RegistrationInput } from '#shared/schemas/auth';
import {
  loginResponseSchema,
  meResponseSchema,
  registrationResponseSchema,
  validateTokenResponseSchema,
} from '#shared/schemas/auth';
import { ApiError, OFFLINE, request } from './http';

const messageSchema = z.object({ message: z.string() });

export const login = (input: LoginInput) =>
  request('post', 'auth/login', { json: input, schema: loginResponseSchema });

export const register = (input: RegistrationInput) =>
  request('post', 'auth/register', { json: input, schema: registrationResponseSchema });

export const fetchMe = async () => (await request('get', 'auth/me', { schema: meResponseSchema })).data;

/**
 * The session checked by the server. With the team server out of reach (desktop) it cannot be:
 * the user as the offline cache last saw them stands in, and the check runs again once the
 * server answers (a revoked token then signs out).
 */
export const validateToken = async () => {
  try {
    return (await request('get', 'auth/validate-token', { schema: validateTokenResponseSchema })).data;
  } catch (error) {
    if (error instanceof ApiError && error.code === OFFLINE) return fetchMe();
    throw error;
  }
};

export const logout = () => request('post', 'auth/logout');

export const forgotPassword = (email: string) =>
  request('post', 'auth/forgot-password', { json: { email }, schema: messageSchema });

export const resetPassword = (token: string, password: string) =>
  request('post', 'auth/reset-password', { json: { token, password } });
