/** OTZ orders. Routes of this feature, spread into the app's route table. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const OtzOrdersPage = lazy(() => import('./otz-orders-page'));

export const otzRoutes: RouteObject[] = [{ path: '/otz', element: <OtzOrdersPage /> }];
