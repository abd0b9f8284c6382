/** The memo board. Routes of this feature, spread into the app's route table. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const MemoPage = lazy(() => import('./memo-page'));

export const memoRoutes: RouteObject[] = [{ path: '/memo', element: <MemoPage /> }];
