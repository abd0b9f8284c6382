/**
 * The settings screen every settings list is a config of (settings-resource.ts): the add form
 * on the left third, the table on the right.
 */
import { makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BREAKPOINTS } from '#shared/constants';
import { prefetchList } from '../../ui/list-screen/use-list-screen';
import { ForbiddenState } from '../../ui/page-state';
import { useCurrentUser } from '../auth/current-user';
import { SettingsAddForm } from './settings-add-form';
import type { SettingsResource, SettingsRow } from './settings-resource';
import { settingsListOptions, SettingsTable } from './settings-table';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(260px, 1fr) minmax(0, 2fr)',
    alignItems: 'start',
    gap: tokens.spacingHorizontalXL,
    [`@media (max-width: ${BREAKPOINTS.lg - 1}px)`]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export function SettingsScreen<Row extends SettingsRow, Values extends Record<string, string>, Body>({
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

/** The first page of a settings list into the cache, as the screen will ask for it. */
export const prefetchSettings = <Row extends SettingsRow, Values extends Record<string, string>, Body>(
  queryClient: QueryClient,
  resource: SettingsResource<Row, Values, Body>,
) => prefetchList(queryClient, settingsListOptions(resource));
