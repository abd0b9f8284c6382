/** Product requests and issues. Routes of this feature, spread into the app's route table. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const NewProductRequestPage = lazy(() => import('./new-product-request-page'));
const IssuesPage = lazy(() => import('./issues-page'));

export const requestsRoutes: RouteObject[] = [
  { path: '/newproductrequest', element: <NewProductRequestPage /> },
  { path: '/issues', element: <IssuesPage /> },
];
