/** Orders: order management, manual order entry and advance orders. Spread into the app's route table. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const OrdersPage = lazy(() => import('./orders-page'));
const OrderEntryPage = lazy(() => import('./order-entry-page'));
const AdvanceOrdersPage = lazy(() => import('./advance-orders-page'));

export const ordersRoutes: RouteObject[] = [
  { path: '/shipping-management', element: <OrdersPage /> },
  { path: '/orderentryform', element: <OrderEntryPage /> },
  { path: '/AdvanceOrder', element: <AdvanceOrdersPage /> },
];
