import { I18N_NAMESPACES } from '#shared/constants';

/** The original system's namespaces plus Kura's own (docs/product.md, "Constants"). */
export const NAMESPACES = [
  ...I18N_NAMESPACES,
  'shell',
  'auth',
  'users',
  'memo',
  'orderimport',
  'simulator',
  'packing',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** What the signed-out screens read: loaded first, in a small chunk per language. */
export const SIGN_IN_NAMESPACES = [
  'common',
  'auth',
  'errors',
  'shell',
] as const satisfies readonly Namespace[];
