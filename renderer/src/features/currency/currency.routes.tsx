/** The exchange rates, under the settings menu. Routes of this feature, spread into the app's route table. */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';
import { SETTINGS_PATHS } from '../settings/settings.paths';

const ExchangeRatesPage = lazyScreen(SETTINGS_PATHS.exchangeRates, () => import('./exchange-rates-screen'));

export const currencyRoutes: RouteObject[] = [
  { path: SETTINGS_PATHS.exchangeRates, element: <ExchangeRatesPage /> },
];
