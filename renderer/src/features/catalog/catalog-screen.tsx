/** A catalog list (/settings/category … /settings/handling-charges): the settings screen over its config. */
import type { QueryClient } from '@tanstack/react-query';
import { prefetchSettings, SettingsScreen } from '../settings/settings-screen';
import { CATALOG_KINDS, SETTINGS_PATHS, type CatalogKind } from '../settings/settings.paths';
import {
  categoryResource,
  handlingChargeResource,
  manufacturerResource,
  shippingMethodResource,
  supplierResource,
} from './catalog.resources';

/** Hovering a settings card or menu item fetches that list's first page (ui/route-prefetch.ts). */
export function prefetch(queryClient: QueryClient, path: string) {
  const kind = CATALOG_KINDS.find((k) => SETTINGS_PATHS[k].toLowerCase() === path.toLowerCase());
  switch (kind) {
    case 'category':
      return prefetchSettings(queryClient, categoryResource);
    case 'manufacturer':
      return prefetchSettings(queryClient, manufacturerResource);
    case 'supplier':
      return prefetchSettings(queryClient, supplierResource);
    case 'shippingMethod':
      return prefetchSettings(queryClient, shippingMethodResource);
    case 'handlingCharges':
      return prefetchSettings(queryClient, handlingChargeResource);
    case undefined:
      return undefined;
  }
}

export default function CatalogPage({ kind }: { kind: CatalogKind }) {
  // `key` gives each list its own state: moving between lists starts fresh.
  switch (kind) {
    case 'category':
      return <SettingsScreen key={kind} resource={categoryResource} />;
    case 'manufacturer':
      return <SettingsScreen key={kind} resource={manufacturerResource} />;
    case 'supplier':
      return <SettingsScreen key={kind} resource={supplierResource} />;
    case 'shippingMethod':
      return <SettingsScreen key={kind} resource={shippingMethodResource} />;
    case 'handlingCharges':
      return <SettingsScreen key={kind} resource={handlingChargeResource} />;
  }
}
