/** Product requests and issues (issue 3). Routes of this feature, spread into the app's route table. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const ComingSoon = lazy(() => import('../shell/coming-soon'));

export const requestsRoutes: RouteObject[] = [
  { path: '/newproductrequest', element: <ComingSoon /> },
  { path: '/issues', element: <ComingSoon /> },
];
