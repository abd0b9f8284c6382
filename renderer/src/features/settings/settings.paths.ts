/**
 * The six settings sub-screens and their routes, apart from their configs: the route table
 * is on the way to the sign-in form and must not pull in the catalog schemas.
 */
export const SETTINGS_KINDS = [
  'category',
  'manufacturer',
  'supplier',
  'shippingMethod',
  'handlingCharges',
  'exchangeRates',
] as const;
export type SettingsKind = (typeof SETTINGS_KINDS)[number];

/** Route of each sub-screen, spelled as the original app's links have them. */
export const SETTINGS_PATHS: Record<SettingsKind, string> = {
  category: '/settings/category',
  manufacturer: '/settings/Manufacturer',
  supplier: '/settings/supplier',
  shippingMethod: '/settings/shippingMethod',
  handlingCharges: '/settings/handling-charges',
  exchangeRates: '/settings/exchange-rates',
};
