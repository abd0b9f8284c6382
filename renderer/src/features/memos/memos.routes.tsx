/** The memo board. Routes of this feature, spread into the app's route table. */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';

const MemoPage = lazyScreen('/memo', () => import('./memo-page'));

export const memosRoutes: RouteObject[] = [{ path: '/memo', element: <MemoPage /> }];
