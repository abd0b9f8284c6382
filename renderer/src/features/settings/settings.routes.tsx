/**
 * Settings: the card menu (the lists it leads to are the catalog's and currency's routes) and
 * the platform connections. Routes of this feature, spread into the app's route table.
 */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';
import { CONNECTIONS_PATH } from './settings.paths';

const SettingsMenuPage = lazyScreen('/settings', () => import('./settings-menu-page'));
const ConnectionsPage = lazyScreen(CONNECTIONS_PATH, () => import('./connections-page'));

export const settingsRoutes: RouteObject[] = [
  { path: '/settings', element: <SettingsMenuPage /> },
  { path: CONNECTIONS_PATH, element: <ConnectionsPage /> },
];
