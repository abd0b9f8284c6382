import { z } from 'zod';
import { request } from './http';

/** GET config: public deployment settings the shell needs before anyone signs in. */
export const publicConfigSchema = z.object({
  restrictedBrand: z.boolean(),
  version: z.string(),
  demo: z.boolean(),
  /** The business's IANA time zone: dates and times on screen are shown there. */
  timeZone: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const fetchConfig = () => request('get', 'config', { schema: publicConfigSchema });
