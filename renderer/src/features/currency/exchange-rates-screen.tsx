/** /settings/exchange-rates: the INR→JPY rates by date, the settings screen over their config. */
import type { QueryClient } from '@tanstack/react-query';
import { prefetchSettings, SettingsScreen } from '../settings/settings-screen';
import { exchangeRateResource } from './exchange-rates.resource';

/** Hovering the settings card or menu item fetches the first page (ui/route-prefetch.ts). */
export const prefetch = (queryClient: QueryClient) => prefetchSettings(queryClient, exchangeRateResource);

export default function ExchangeRatesPage() {
  return <SettingsScreen resource={exchangeRateResource} />;
}
