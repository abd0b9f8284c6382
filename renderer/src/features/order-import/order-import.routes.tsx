/** Importing platform order reports. Routes of this feature, spread into the app's route table. */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';

const OrderImportPage = lazyScreen('/order-import', () => import('./order-import-page'));

export const orderImportRoutes: RouteObject[] = [{ path: '/order-import', element: <OrderImportPage /> }];
