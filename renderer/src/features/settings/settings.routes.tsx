/** Settings: the card menu and its six sub-screens. Routes of this feature, spread into the app's route table. */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';
import { SETTINGS_KINDS, SETTINGS_PATHS } from './settings.paths';

const SettingsMenuPage = lazyScreen('/settings', () => import('./settings-menu-page'));
// One chunk serves the six sub-screens: they are one generic screen with six configs.
const SettingsResourcePage = lazyScreen(
  SETTINGS_KINDS.map((kind) => SETTINGS_PATHS[kind]),
  () => import('./settings-screen'),
);

export const settingsRoutes: RouteObject[] = [
  { path: '/settings', element: <SettingsMenuPage /> },
  ...SETTINGS_KINDS.map((kind) => ({
    path: SETTINGS_PATHS[kind],
    element: <SettingsResourcePage kind={kind} />,
  })),
];
