/** Sales reports: sales management and OTZ sales. Spread into the app's route table. */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';

const SalesPage = lazyScreen('/sales-management', () => import('./sales-page'));
const OtzSalesPage = lazyScreen('/ot-sales-management', () => import('./otz-sales-page'));

export const salesRoutes: RouteObject[] = [
  { path: '/sales-management', element: <SalesPage /> },
  { path: '/ot-sales-management', element: <OtzSalesPage /> },
];
