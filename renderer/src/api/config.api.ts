import { z } from 'zod';
import { request } from './http';

/** GET config: public deployment settings the shell needs before anyone signs in. */
export const publicConfigSchema = z.object({
  restrictedBrand: z.boolean(),
  version: z.string(),
  demo: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const fetchConfig = () => request('get', 'config', { schema: publicConfigSchema });
