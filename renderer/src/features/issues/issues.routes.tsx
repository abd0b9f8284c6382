/** Product requests and issues. Routes of this feature, spread into the app's route table. */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';

const NewProductRequestPage = lazyScreen('/newproductrequest', () => import('./new-product-request-page'));
const IssuesPage = lazyScreen('/issues', () => import('./issues-page'));

export const issuesRoutes: RouteObject[] = [
  { path: '/newproductrequest', element: <NewProductRequestPage /> },
  { path: '/issues', element: <IssuesPage /> },
];
