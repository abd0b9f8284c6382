/** The history screen. Routes of this feature, spread into the app's route table. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const AuditPage = lazy(() => import('./audit-page'));

export const auditRoutes: RouteObject[] = [{ path: '/audit-log', element: <AuditPage /> }];
