/**
 * Settings: the card menu (the lists it leads to are the catalog's and currency's routes), the
 * platform connections and the business details. Routes of this feature, spread into the app's route table.
 */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';
import { BUSINESS_DETAILS_PATH, CONNECTIONS_PATH } from './settings.paths';

const SettingsMenuPage = lazyScreen('/settings', () => import('./settings-menu-page'));
const ConnectionsPage = lazyScreen(CONNECTIONS_PATH, () => import('./connections-page'));
const BusinessDetailsPage = lazyScreen(BUSINESS_DETAILS_PATH, () => import('./business-details-page'));

export const settingsRoutes: RouteObject[] = [
  { path: '/settings', element: <SettingsMenuPage /> },
  { path: CONNECTIONS_PATH, element: <ConnectionsPage /> },
  { path: BUSINESS_DETAILS_PATH, element: <BusinessDetailsPage /> },
];
