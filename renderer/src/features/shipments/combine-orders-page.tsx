/**
 * /order-amalgamation (Combine Orders): packed Amazon India and own-shop orders waiting to
 * ship, filtered by platform, order dates and text (order id, product name, SKU or JAN), all
 * in the URL. The admin chooses orders across pages and combines them into one shipment; the
 * orders then leave this list as SHIPPED.
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { BoxMultipleRegular, DismissRegular, VehicleTruckProfileRegular } from '@fluentui/react-icons';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '#shared/messages';
import { DateRangeFilter } from '../../ui/date-range-filter';
import { ListScaffold } from '../../ui/list-screen/list-scaffold';
import { prefetchList, useListScreen } from '../../ui/list-screen/use-list-screen';
import { useNotify } from '../../ui/notify';
import { useErrorText } from '../../ui/use-error-text';
import { CreateShipmentDialog } from './create-shipment-dialog';
import { PACKED_ORDERS, PlatformChoice, usePackedColumns, useOrderSelection } from './packed-orders';
import { useOffline } from '../../ui/use-offline';

export const prefetch = (queryClient: QueryClient) => prefetchList(queryClient, PACKED_ORDERS);

const useStyles = makeStyles({
  filterRow: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  selection: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  count: { color: tokens.colorNeutralForeground2 },
});

export default function CombineOrdersPage() {
  const { writeProps } = useOffline();
  const styles = useStyles();
  const { t } = useTranslation('ordershipment');
  const notify = useNotify();
  const errorText = useErrorText();
  const list = useListScreen(PACKED_ORDERS);
  const selection = useOrderSelection();
  const columns = usePackedColumns(list, selection);
  const [creating, setCreating] = useState(false);

  const onCreate = () => {
    if (selection.selected.size === 0) return notify.warning(errorText(MESSAGES.selectOrdersToClub));
    setCreating(true);
  };

  return (
    <ListScaffold
      list={list}
      label={t('table')}
      search={{ label: t('search.label'), placeholder: t('search.placeholder') }}
      filters={
        <div className={styles.filterRow}>
          <PlatformChoice list={list} />
          <DateRangeFilter
            fromLabel={t('filters.from')}
            toLabel={t('filters.to')}
            value={list.state.filters.dates}
            onChange={(text) => list.setFilter('dates', text)}
          />
        </div>
      }
      actions={
        <div className={styles.selection} role="group" aria-label={t('selection.label')}>
          <span className={styles.count} aria-live="polite" data-testid="selected-count">
            {t('selection.selected', { count: selection.selected.size })}
          </span>
          {selection.selected.size > 0 && (
            <Button appearance="subtle" icon={<DismissRegular />} onClick={selection.clear}>
              {t('selection.clear')}
            </Button>
          )}
          <Button
            appearance="primary"
            icon={<VehicleTruckProfileRegular />}
            {...writeProps()}
            onClick={onCreate}
          >
            {t('selection.create')}
          </Button>
        </div>
      }
      columnsPreference="combine.columns"
      empty={{
        icon: <BoxMultipleRegular />,
        title: list.searching ? t('errors:noResults') : t('empty'),
        body: list.narrowed ? t('emptyFiltered') : undefined,
      }}
      columns={columns}
      tableSize="small"
    >
      {creating && (
        <CreateShipmentDialog
          orders={selection.orders}
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            selection.clear();
          }}
        />
      )}
    </ListScaffold>
  );
}
