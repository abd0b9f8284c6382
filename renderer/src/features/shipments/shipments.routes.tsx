/** Shipments: Combine Orders (a new shipment) and the shipment screen. Spread into the app's route table. */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';

const CombineOrdersPage = lazyScreen('/order-amalgamation', () => import('./combine-orders-page'));
const ShipmentsPage = lazyScreen('/shipment', () => import('./shipments-page'));

export const shipmentsRoutes: RouteObject[] = [
  { path: '/order-amalgamation', element: <CombineOrdersPage /> },
  { path: '/shipment', element: <ShipmentsPage /> },
];
