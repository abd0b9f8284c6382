/**
 * The catalog's lists: categories, manufacturers, suppliers, shipping methods and handling
 * charges, under the settings menu. Routes of this feature, spread into the app's route table.
 */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';
import { CATALOG_KINDS, SETTINGS_PATHS } from '../settings/settings.paths';

// One chunk serves the five lists: they are one screen with five configs.
const CatalogPage = lazyScreen(
  CATALOG_KINDS.map((kind) => SETTINGS_PATHS[kind]),
  () => import('./catalog-screen'),
);

export const catalogRoutes: RouteObject[] = CATALOG_KINDS.map((kind) => ({
  path: SETTINGS_PATHS[kind],
  element: <CatalogPage kind={kind} />,
}));
