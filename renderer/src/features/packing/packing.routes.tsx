/** The packing station. Spread into the app's route table. */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';

const PackingPage = lazyScreen('/packing', () => import('./packing-page'));

export const packingRoutes: RouteObject[] = [{ path: '/packing', element: <PackingPage /> }];
