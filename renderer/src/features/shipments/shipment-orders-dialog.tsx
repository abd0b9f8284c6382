/**
 * The orders of one shipment, as the shipment screen's popup lists them: order id and date,
 * platform, quantity, product, base price, the platform fee (its parts in a tooltip), the
 * order's share of the shipping fee (yen) and of the custom fee (rupees), and the discount.
 */
import { makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Shipment, ShippedOrder } from '#shared/schemas/shipment';
import { AppDialog } from '../../ui/app-dialog';
import { AppTable, type TableColumn } from '../../ui/app-table';
import { EmptyState } from '../../ui/page-state';
import { useDateDisplay } from '../../ui/use-date-display';
import { PlatformFee, PlatformLogo, useMoney } from '../orders/order-parts';

const useStyles = makeStyles({
  surface: { width: '1100px' },
  nowrap: { whiteSpace: 'nowrap' },
});

/** The popup's columns; the drawer shows the same orders with its own actions added. */
export function useShippedOrderColumns(): TableColumn<ShippedOrder>[] {
  const styles = useStyles();
  const { t } = useTranslation('shipment');
  const money = useMoney();
  const dates = useDateDisplay();
  return [
    { key: 'orderId', header: t('orders.orderId'), truncate: '170px', cell: (o) => o.orderId },
    {
      key: 'orderDate',
      header: t('orders.orderDate'),
      className: styles.nowrap,
      cell: (o) => dates.date(o.orderDate),
    },
    {
      key: 'platform',
      header: t('orders.platform'),
      cell: (o) => <PlatformLogo platform={o.platformCode} />,
    },
    { key: 'quantity', header: t('orders.quantity'), numeric: true, cell: (o) => o.orderQuantity },
    { key: 'product', header: t('orders.product'), truncate: '220px', cell: (o) => o.product?.name ?? '—' },
    {
      key: 'basePrice',
      header: t('orders.basePrice'),
      numeric: true,
      cell: (o) => money(o.baseOrderPrice, o.currency),
    },
    {
      key: 'platformFee',
      header: t('orders.platformFee'),
      numeric: true,
      cell: (o) => <PlatformFee order={o} />,
    },
    {
      key: 'shippingFee',
      header: t('orders.shippingFee'),
      numeric: true,
      cell: (o) => money(o.shippingFee, 'JPY'),
    },
    {
      key: 'customFee',
      header: t('orders.customFee'),
      numeric: true,
      cell: (o) => money(o.customFee, 'INR'),
    },
    {
      key: 'discount',
      header: t('orders.discount'),
      numeric: true,
      cell: (o) => money(o.discount, o.currency),
    },
  ];
}

export function ShipmentOrdersDialog({ shipment, onClose }: { shipment: Shipment; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('shipment');
  const columns = useShippedOrderColumns();
  return (
    <AppDialog
      open
      title={t('orders.title', { shipmentId: shipment.shipmentId })}
      onClose={onClose}
      closeLabel={t('common:actions.close')}
      className={styles.surface}
    >
      {shipment.shippedOrders.length === 0 ? (
        <EmptyState title={t('orders.empty')} />
      ) : (
        <AppTable
          label={t('orders.table', { shipmentId: shipment.shipmentId })}
          rows={shipment.shippedOrders}
          columns={columns}
          rowKey={(o) => o._id}
          size="small"
          maxHeight="60vh"
        />
      )}
    </AppDialog>
  );
}
