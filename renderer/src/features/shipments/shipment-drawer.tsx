/**
 * One shipment from the shipment screen: its fields, its orders with their shares of the fees,
 * and what may change. Before customs an admin adds packed India orders or takes one out (it
 * goes back to PACKED); anyone who may open the screen saves the customs; after them an admin
 * may correct the customs. Order creators see the rest read-only. Anyone who may open it makes
 * the shipment's papers (commercial invoice, packing list, label) from its Documents menu.
 */
import { Button, Caption1, Divider, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, DocumentEditRegular, ReceiptRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shipment, ShippedOrder } from '#shared/schemas/shipment';
import { invalidate, queryKeys } from '../../api/query-keys';
import { AppDrawer } from '../../ui/app-drawer';
import { AppTable, type TableColumn } from '../../ui/app-table';
import { useConfirmAction } from '../../ui/confirm-action';
import { DetailList, type DetailItem } from '../../ui/detail-list';
import { ErrorState } from '../../ui/page-state';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useDateDisplay } from '../../ui/use-date-display';
import { useOffline } from '../../ui/use-offline';
import { useCurrentUser } from '../auth/current-user';
import { useMoney } from '../orders/order-parts';
import { AddOrdersDialog } from './add-orders-dialog';
import { CustomsDialog } from './customs-dialog';
import { OutboxNotice } from './outbox-parts';
import { ShipmentDocumentsMenu } from './shipment-documents';
import { useShippedOrderColumns } from './shipment-orders-dialog';
import { ShipmentStatusBadge, TrackingLinkButton } from './shipment-parts';
import { fetchShipment, removeShipmentOrder } from './shipments.api';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // Fluent's divider grows along a flex column otherwise.
  divider: { flexGrow: 0 },
});

export function ShipmentDrawer({ shipment: row, onClose }: { shipment: Shipment; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('shipment');
  const money = useMoney();
  const dates = useDateDisplay();
  const isAdmin = useCurrentUser().role === 'admin';
  const orderColumns = useShippedOrderColumns();
  const [customs, setCustoms] = useState<'save' | 'correct' | null>(null);
  const [adding, setAdding] = useState(false);
  const confirm = useConfirmAction();
  const { writeProps, outboxOf } = useOffline();
  const queued = outboxOf(row._id);

  // The row as the list had it at once, then the shipment as it is now.
  const current = useQuery({
    queryKey: queryKeys.shipments.one(row._id),
    queryFn: () => fetchShipment(row._id),
    placeholderData: row,
  });
  const shipment = current.data ?? row;
  const open = shipment.customId === null;

  const remove = useAppMutation({
    mutationFn: (order: ShippedOrder) => removeShipmentOrder(shipment._id, order._id),
    success: t('drawer.removed'),
    invalidate: invalidate.shipments,
  });
  // The order goes back to PACKED and the shipment's fee is shared again: asked first.
  const askRemove = (order: ShippedOrder) =>
    confirm.ask({
      title: t('drawer.removeTitle', { orderId: order.orderId }),
      body: t('drawer.removeBody'),
      confirmLabel: t('drawer.removeConfirm'),
      keepLabel: t('drawer.removeKeep'),
      confirmIcon: <DeleteRegular />,
      onConfirm: () => remove.mutate(order),
    });

  const fields: DetailItem[] = [
    [t('columns.status'), <ShipmentStatusBadge key="s" status={shipment.status} />],
    [t('columns.shippingDate'), dates.date(shipment.shippingDate)],
    [t('drawer.method'), shipment.shippingMethod?.name ?? '—'],
    [
      t('columns.trackingLink'),
      <TrackingLinkButton key="l" link={shipment.shipmentTrackingLink} shipmentId={shipment.shipmentId} />,
    ],
    [t('columns.totalShippingFee'), money(shipment.totalShippingFee, 'JPY')],
    [t('columns.customId'), shipment.customId ?? '—'],
    [
      t('columns.totalCustomFee'),
      shipment.totalCustomFee === null ? '—' : money(shipment.totalCustomFee, 'INR'),
    ],
    [t('columns.receivedDate'), shipment.receivedDate ? dates.date(shipment.receivedDate) : '—'],
    [t('drawer.created'), dates.dateTime(shipment.createdAt)],
    [t('drawer.updated'), dates.dateTime(shipment.updatedAt)],
  ];

  const columns: TableColumn<ShippedOrder>[] =
    isAdmin && open
      ? [
          ...orderColumns,
          {
            key: 'remove',
            header: t('drawer.remove'),
            cell: (o) => (
              <Button
                size="small"
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={t('drawer.removeFor', { orderId: o.orderId })}
                // The server keeps the last order: a shipment is never empty.
                {...writeProps({
                  disabled: shipment.shippedOrders.length < 2,
                  title: shipment.shippedOrders.length < 2 ? t('errors:shipmentLastOrder') : undefined,
                })}
                onClick={() => askRemove(o)}
              />
            ),
          },
        ]
      : orderColumns;

  return (
    <AppDrawer
      size="large"
      title={t('drawer.title', { shipmentId: shipment.shipmentId })}
      onClose={onClose}
      bodyClassName={styles.body}
    >
      {current.isError && <ErrorState error={current.error} onRetry={() => void current.refetch()} />}
      {queued && <OutboxNotice entry={queued} />}
      <DetailList items={fields} />
      <div className={styles.actions}>
        {open ? (
          // Customs entry works offline (the outbox); one entry waits at a time.
          <Button
            appearance="primary"
            icon={<ReceiptRegular />}
            disabled={queued !== undefined}
            title={queued ? t('outbox.pendingHint') : undefined}
            onClick={() => setCustoms('save')}
          >
            {t('actions.addCustoms')}
          </Button>
        ) : isAdmin ? (
          <Button icon={<DocumentEditRegular />} {...writeProps()} onClick={() => setCustoms('correct')}>
            {t('drawer.correctCustoms')}
          </Button>
        ) : null}
        <ShipmentDocumentsMenu shipment={shipment} />
      </div>
      <Divider className={styles.divider} />
      <section className={styles.section} aria-label={t('drawer.orders')}>
        <Subtitle2 as="h3">{t('drawer.orders')}</Subtitle2>
        {isAdmin && open && (
          <div className={styles.actions}>
            <Button icon={<AddRegular />} {...writeProps()} onClick={() => setAdding(true)}>
              {t('drawer.addOrders')}
            </Button>
          </div>
        )}
        {!open && <Caption1 className={styles.muted}>{t('drawer.locked')}</Caption1>}
        <AppTable
          label={t('orders.table', { shipmentId: shipment.shipmentId })}
          rows={shipment.shippedOrders}
          columns={columns}
          rowKey={(o) => o._id}
          size="small"
          maxHeight="50vh"
        />
      </section>
      {customs && <CustomsDialog shipment={shipment} mode={customs} onClose={() => setCustoms(null)} />}
      {adding && <AddOrdersDialog shipment={shipment} onClose={() => setAdding(false)} />}
      {confirm.dialog}
    </AppDrawer>
  );
}
