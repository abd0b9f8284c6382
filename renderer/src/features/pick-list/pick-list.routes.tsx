/** The printable pick list, opened from order management. Spread into the app's route table. */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';

const PickListPage = lazyScreen('/pick-list', () => import('./pick-list-page'));

export const pickListRoutes: RouteObject[] = [{ path: '/pick-list', element: <PickListPage /> }];
