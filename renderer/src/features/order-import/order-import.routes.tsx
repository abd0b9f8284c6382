/** Importing platform order reports. Routes of this feature, spread into the app's route table. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const OrderImportPage = lazy(() => import('./order-import-page'));

export const orderImportRoutes: RouteObject[] = [{ path: '/order-import', element: <OrderImportPage /> }];
