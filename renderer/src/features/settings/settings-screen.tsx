/** A settings sub-screen: the add form on the left third, the table on the right. */
import { makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BREAKPOINTS } from '#shared/constants';
import { prefetchList } from '../../ui/list-screen/use-list-screen';
import { ForbiddenState } from '../../ui/page-state';
import { useCurrentUser } from '../auth/current-user';
import { SettingsAddForm } from './settings-add-form';
import { settingsListOptions, SettingsTable } from './settings-table';
import { SETTINGS_KINDS, SETTINGS_PATHS } from './settings.paths';
import {
  categoryResource,
  exchangeRateResource,
  handlingChargeResource,
  manufacturerResource,
  shippingMethodResource,
  supplierResource,
  type SettingsKind,
  type SettingsResource,
  type SettingsRow,
} from './settings.resources';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(260px, 1fr) minmax(0, 2fr)',
    alignItems: 'start',
    gap: tokens.spacingHorizontalXL,
    [`@media (max-width: ${BREAKPOINTS.lg - 1}px)`]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

function SettingsScreen<Row extends SettingsRow, Values extends Record<string, string>, Body>({
  resource,
}: {
  resource: SettingsResource<Row, Values, Body>;
}) {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  // Writing settings is for admins (the server enforces it); others may still look things up,
  // except in a list only admins may read (the exchange rates), which they are refused at once.
  const canEdit = useCurrentUser().role === 'admin';
  if (!canEdit && resource.adminOnly) return <ForbiddenState />;
  return (
    <div className={styles.layout}>
      {canEdit ? (
        <SettingsAddForm resource={resource} />
      ) : (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>{t('form.readOnly')}</MessageBarBody>
        </MessageBar>
      )}
      <SettingsTable resource={resource} canEdit={canEdit} />
    </div>
  );
}

/** Hovering a settings card or menu item fetches that list's first page (ui/route-prefetch.ts). */
export function prefetch(queryClient: QueryClient, path: string) {
  const kind = SETTINGS_KINDS.find((k) => SETTINGS_PATHS[k].toLowerCase() === path.toLowerCase());
  switch (kind) {
    case 'category':
      return prefetchList(queryClient, settingsListOptions(categoryResource));
    case 'manufacturer':
      return prefetchList(queryClient, settingsListOptions(manufacturerResource));
    case 'supplier':
      return prefetchList(queryClient, settingsListOptions(supplierResource));
    case 'shippingMethod':
      return prefetchList(queryClient, settingsListOptions(shippingMethodResource));
    case 'handlingCharges':
      return prefetchList(queryClient, settingsListOptions(handlingChargeResource));
    case 'exchangeRates':
      return prefetchList(queryClient, settingsListOptions(exchangeRateResource));
    case undefined:
      return undefined;
  }
}

export default function SettingsResourcePage({ kind }: { kind: SettingsKind }) {
  // `key` gives each list its own state: moving between sub-screens starts fresh.
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
    case 'exchangeRates':
      return <SettingsScreen key={kind} resource={exchangeRateResource} />;
  }
}
