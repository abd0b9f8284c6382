/** Products (issue 3): the list, the add and edit forms. Routes of this feature, spread into the app's route table. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const ComingSoon = lazy(() => import('../shell/coming-soon'));

export const productsRoutes: RouteObject[] = [
  { path: '/products', element: <ComingSoon /> },
  { path: '/products/new', element: <ComingSoon /> },
  { path: '/product-edit', element: <ComingSoon /> },
];
