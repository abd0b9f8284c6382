/** OTZ orders. Routes of this feature, spread into the app's route table. */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';

const OtzOrdersPage = lazyScreen('/otz', () => import('./otz-orders-page'));

export const otzOrdersRoutes: RouteObject[] = [{ path: '/otz', element: <OtzOrdersPage /> }];
