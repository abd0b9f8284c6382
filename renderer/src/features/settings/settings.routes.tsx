/** Settings: the card menu and its five sub-screens. Routes of this feature, spread into the app's route table. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { SETTINGS_KINDS, SETTINGS_PATHS } from './settings.resources';

const SettingsMenuPage = lazy(() => import('./settings-menu-page'));
// One chunk serves the five sub-screens: they are one generic screen with five configs.
const SettingsResourcePage = lazy(() => import('./settings-screen'));

export const settingsRoutes: RouteObject[] = [
  { path: '/settings', element: <SettingsMenuPage /> },
  ...SETTINGS_KINDS.map((kind) => ({
    path: SETTINGS_PATHS[kind],
    element: <SettingsResourcePage kind={kind} />,
  })),
];
