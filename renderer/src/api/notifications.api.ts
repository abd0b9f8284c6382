import { z } from 'zod';
import { request } from './http';

/**
 * The order poller's reads in a browser: one API path with its query, the body handed to the
 * shared poller, which checks its shape itself.
 */
export const fetchForPoller = (path: string, signal: AbortSignal) =>
  request('get', path, { schema: z.unknown(), signal });
