/** The cost simulator. Routes of this feature, spread into the app's route table. */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';

const SimulatorPage = lazyScreen('/Simulator', () => import('./simulator-page'));

export const simulationsRoutes: RouteObject[] = [{ path: '/Simulator', element: <SimulatorPage /> }];
