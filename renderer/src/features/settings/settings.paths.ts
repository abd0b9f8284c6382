/**
 * The settings menu's lists and their routes, apart from their configs: the route table is on
 * the way to the sign-in form and must not pull in the catalog schemas. The catalog's five
 * lists are features/catalog's, the exchange rates features/currency's; the kind names their
 * texts in the `setting` namespace.
 */
export const CATALOG_KINDS = [
  'category',
  'manufacturer',
  'supplier',
  'shippingMethod',
  'handlingCharges',
] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];

export const SETTINGS_KINDS = [...CATALOG_KINDS, 'exchangeRates'] as const;
export type SettingsKind = (typeof SETTINGS_KINDS)[number];

/** Route of each list, spelled as the original app's links have them. */
export const SETTINGS_PATHS: Record<SettingsKind, string> = {
  category: '/settings/category',
  manufacturer: '/settings/Manufacturer',
  supplier: '/settings/supplier',
  shippingMethod: '/settings/shippingMethod',
  handlingCharges: '/settings/handling-charges',
  exchangeRates: '/settings/exchange-rates',
};

/** Settings → Connections (administrators): live sync with the platforms. */
export const CONNECTIONS_PATH = '/settings/connections';

/** Settings → Business details (administrators): the exporter the customs papers print. */
export const BUSINESS_DETAILS_PATH = '/settings/business-details';
