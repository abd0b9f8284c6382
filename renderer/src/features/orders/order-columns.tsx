/**
 * The columns of an order's own fields, drawn alike by every table of orders: order
 * management, the orders ready to ship, a shipment's orders and the sales. Each table names
 * them in its own texts, picks the ones it shows and adds what is its own (a sort, a width).
 */
import { makeStyles } from '@fluentui/react-components';
import type { Order } from '#shared/schemas/order';
import type { TableColumn } from '../../ui/app-table';
import { useDateDisplay } from '../../ui/use-date-display';
import { useProductName } from '../products/product-name';
import { PlatformFee, PlatformLogo, useMoney } from './order-parts';

const useStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
});

/** A column of any row that has these fields of an order. */
type OrderColumn<K extends keyof Order> = TableColumn<Pick<Order, K>>;

export function useOrderColumnBuilder() {
  const styles = useStyles();
  const money = useMoney();
  const dates = useDateDisplay();
  const productName = useProductName();
  return {
    orderId: (header: string): OrderColumn<'orderId'> => ({
      key: 'orderId',
      header,
      truncate: '170px',
      cell: (o) => o.orderId,
    }),
    orderDate: (header: string): OrderColumn<'orderDate'> => ({
      key: 'orderDate',
      header,
      className: styles.nowrap,
      cell: (o) => dates.date(o.orderDate),
    }),
    platform: (header: string): OrderColumn<'platformCode'> => ({
      key: 'platform',
      header,
      cell: (o) => <PlatformLogo platform={o.platformCode} />,
    }),
    product: (
      header: string,
      maxWidth: string,
    ): TableColumn<{ product: { name: string; nameJa?: string | null } | null }> => ({
      key: 'product',
      header,
      truncate: maxWidth,
      cell: (o) => (o.product ? productName(o.product) : '—'),
    }),
    quantity: (header: string): OrderColumn<'orderQuantity'> => ({
      key: 'quantity',
      header,
      numeric: true,
      cell: (o) => o.orderQuantity,
    }),
    price: (header: string): OrderColumn<'baseOrderPrice' | 'currency'> => ({
      key: 'price',
      header,
      numeric: true,
      cell: (o) => money(o.baseOrderPrice, o.currency),
    }),
    platformFee: (header: string): OrderColumn<'currency' | 'closingFee' | 'commission' | 'gst'> => ({
      key: 'platformFee',
      header,
      numeric: true,
      cell: (o) => <PlatformFee order={o} />,
    }),
    /** The order's share of its shipment's shipping fee, in yen. */
    shippingFee: (header: string): OrderColumn<'shippingFee'> => ({
      key: 'shippingFee',
      header,
      numeric: true,
      cell: (o) => money(o.shippingFee, 'JPY'),
    }),
    /** The order's share of its shipment's custom fee, in rupees. */
    customFee: (header: string): OrderColumn<'customFee'> => ({
      key: 'customFee',
      header,
      numeric: true,
      cell: (o) => money(o.customFee, 'INR'),
    }),
    discount: (header: string): OrderColumn<'discount' | 'currency'> => ({
      key: 'discount',
      header,
      numeric: true,
      cell: (o) => money(o.discount, o.currency),
    }),
  };
}
