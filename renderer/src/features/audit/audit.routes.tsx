/** The history screen. Routes of this feature, spread into the app's route table. */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';

const AuditPage = lazyScreen('/audit-log', () => import('./audit-page'));

export const auditRoutes: RouteObject[] = [{ path: '/audit-log', element: <AuditPage /> }];
