/**
 * The columns of an order's own fields, drawn alike by every table of orders: order
 * management, the orders ready to ship, a shipment's orders and the sales. Each table names
 * them in its own texts, picks the ones it shows and adds what is its own (a sort, a width).
 *
 * A row's currency is said once, by its order price: its fee and discount, in the same
 * currency, are bare figures; the shipping fee (always yen) and the custom fee (always rupees)
 * name their currency in the header. A sign in every money cell made the tables too wide.
 */
import { makeStyles } from '@fluentui/react-components';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY_DECIMALS, type Currency } from '#shared/constants';
import type { Order } from '#shared/schemas/order';
import type { TableColumn } from '../../ui/app-table';
import { useDateDisplay } from '../../ui/use-date-display';
import { useProductName } from '../products/product-name';
import { PlatformFee, PlatformLogo, useMoney } from './order-parts';

const useStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
});

const figureFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount without its currency's sign, grouped as {@link useMoney} groups it, with the
 * currency's decimals: for a column whose header or row already names the currency.
 */
export function useFigure() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'ja' ? 'ja-JP' : 'en-IN';
  return useCallback(
    (amount: number, currency: Currency) => {
      const key = `${locale}:${currency}`;
      let format = figureFormats.get(key);
      if (!format) {
        const digits = CURRENCY_DECIMALS[currency];
        format = new Intl.NumberFormat(locale, {
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
        figureFormats.set(key, format);
      }
      return format.format(amount);
    },
    [locale],
  );
}

/** The signs the headers name a one-currency column by. */
export const CURRENCY_SIGN: Readonly<Record<Currency, string>> = { JPY: '¥', INR: '₹' };

/** A column of any row that has these fields of an order. */
type OrderColumn<K extends keyof Order> = TableColumn<Pick<Order, K>>;

export function useOrderColumnBuilder() {
  const styles = useStyles();
  const money = useMoney();
  const figure = useFigure();
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
      cell: (o) => <PlatformFee order={o} sum={figure} />,
    }),
    /** The order's share of its shipment's shipping fee, in yen. */
    shippingFee: (header: string): OrderColumn<'shippingFee'> => ({
      key: 'shippingFee',
      header,
      numeric: true,
      unit: CURRENCY_SIGN.JPY,
      cell: (o) => figure(o.shippingFee, 'JPY'),
    }),
    /** The order's share of its shipment's custom fee, in rupees. */
    customFee: (header: string): OrderColumn<'customFee'> => ({
      key: 'customFee',
      header,
      numeric: true,
      unit: CURRENCY_SIGN.INR,
      cell: (o) => figure(o.customFee, 'INR'),
    }),
    discount: (header: string): OrderColumn<'discount' | 'currency'> => ({
      key: 'discount',
      header,
      numeric: true,
      cell: (o) => figure(o.discount, o.currency),
    }),
  };
}
