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
import { useOrderColumnBuilder } from '../orders/order-columns';

const useStyles = makeStyles({
  surface: { width: '1100px' },
});

/** The popup's columns; the drawer shows the same orders with its own actions added. */
export function useShippedOrderColumns(): TableColumn<ShippedOrder>[] {
  const { t } = useTranslation('shipment');
  const orderColumn = useOrderColumnBuilder();
  return [
    orderColumn.orderId(t('orders.orderId')),
    orderColumn.orderDate(t('orders.orderDate')),
    orderColumn.platform(t('orders.platform')),
    orderColumn.quantity(t('orders.quantity')),
    orderColumn.product(t('orders.product'), '110px'),
    orderColumn.price(t('orders.basePrice')),
    orderColumn.platformFee(t('orders.platformFee')),
    orderColumn.shippingFee(t('orders.shippingFee')),
    orderColumn.customFee(t('orders.customFee')),
    orderColumn.discount(t('orders.discount')),
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
