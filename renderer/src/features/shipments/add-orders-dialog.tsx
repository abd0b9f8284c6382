/**
 * An admin adds packed India orders to a shipment before its customs are saved: the orders
 * ready to ship, searched and chosen across pages, then added in one request.
 */
import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, BoxMultipleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '#shared/messages';
import type { Shipment } from '#shared/schemas/shipment';
import { invalidate } from '../../api/query-keys';
import { AppDialog } from '../../ui/app-dialog';
import { ListScaffold } from '../../ui/list-screen/list-scaffold';
import { useListScreen } from '../../ui/list-screen/use-list-screen';
import { useNotify } from '../../ui/notify';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useErrorText } from '../../ui/use-error-text';
import { PACKED_ORDERS, PlatformChoice, usePackedColumns, useOrderSelection } from './packed-orders';
import { addShipmentOrders } from './shipments.api';

const useStyles = makeStyles({
  surface: { width: '1000px' },
  count: { color: tokens.colorNeutralForeground2 },
});

export function AddOrdersDialog({ shipment, onClose }: { shipment: Shipment; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('shipment');
  const notify = useNotify();
  const errorText = useErrorText();
  const list = useListScreen({ ...PACKED_ORDERS, stateIn: 'memory' });
  const selection = useOrderSelection();
  const columns = usePackedColumns(list, selection);

  const add = useAppMutation({
    mutationFn: (ids: string[]) => addShipmentOrders(shipment._id, ids),
    success: t('drawer.added'),
    invalidate: invalidate.shipments,
    onSuccess: onClose,
  });

  return (
    <AppDialog
      open
      title={t('add.title', { shipmentId: shipment.shipmentId })}
      onClose={onClose}
      dirty={selection.selected.size > 0}
      busy={add.isPending}
      className={styles.surface}
      primary={{
        label: t('add.submit', { count: selection.selected.size }),
        icon: <AddRegular />,
        onClick: () => {
          if (selection.selected.size === 0) return notify.warning(errorText(MESSAGES.selectOrdersToClub));
          add.mutate(selection.orders.map((o) => o._id));
        },
      }}
    >
      <ListScaffold
        list={list}
        frame="plain"
        label={t('add.table')}
        search={{ label: t('add.search'), field: true }}
        filters={<PlatformChoice list={list} />}
        actions={
          <Body1 className={styles.count} aria-live="polite">
            {t('ordershipment:selection.selected', { count: selection.selected.size })}
          </Body1>
        }
        empty={{
          icon: <BoxMultipleRegular />,
          title: list.searching ? t('errors:noResults') : t('ordershipment:empty'),
        }}
        columns={columns}
        tableSize="small"
      />
    </AppDialog>
  );
}
