/** Settings (issue 3): the card menu and its five sub-screens. Routes of this feature, spread into the app's route table. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const ComingSoon = lazy(() => import('../shell/coming-soon'));

export const settingsRoutes: RouteObject[] = [
  { path: '/settings', element: <ComingSoon /> },
  { path: '/settings/category', element: <ComingSoon /> },
  { path: '/settings/Manufacturer', element: <ComingSoon /> },
  { path: '/settings/supplier', element: <ComingSoon /> },
  { path: '/settings/shippingMethod', element: <ComingSoon /> },
  { path: '/settings/handling-charges', element: <ComingSoon /> },
];
