/**
 * Settings: the card menu (the lists it leads to are the catalog's and currency's routes).
 * Routes of this feature, spread into the app's route table.
 */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';

const SettingsMenuPage = lazyScreen('/settings', () => import('./settings-menu-page'));

export const settingsRoutes: RouteObject[] = [{ path: '/settings', element: <SettingsMenuPage /> }];
