import { I18N_NAMESPACES } from '#shared/constants';

/** The spec's namespaces plus the shell's own. */
export const NAMESPACES = [
  ...I18N_NAMESPACES,
  'shell',
  'auth',
  'users',
  'memo',
  'orderimport',
  'simulator',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** What the signed-out screens read: loaded first, in a small chunk per language. */
export const SIGN_IN_NAMESPACES = [
  'common',
  'auth',
  'errors',
  'shell',
] as const satisfies readonly Namespace[];
