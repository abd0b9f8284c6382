/** Orders: order management, manual order entry and advance orders. Spread into the app's route table. */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';

const OrdersPage = lazyScreen('/shipping-management', () => import('./orders-page'));
const OrderEntryPage = lazyScreen('/orderentryform', () => import('./order-entry-page'));
const AdvanceOrdersPage = lazyScreen('/AdvanceOrder', () => import('./advance-orders-page'));

export const ordersRoutes: RouteObject[] = [
  { path: '/shipping-management', element: <OrdersPage /> },
  { path: '/orderentryform', element: <OrderEntryPage /> },
  { path: '/AdvanceOrder', element: <AdvanceOrdersPage /> },
];
