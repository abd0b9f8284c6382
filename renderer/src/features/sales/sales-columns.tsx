/** The sales list's columns (sales-page.tsx): the sale's figures in yen, its product one click away. */
import { Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { CalendarCheckmarkRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { TruncatedText } from '../../ui/app-table';
import type { ListColumn } from '../../ui/list-screen/list-scaffold';
import { useDateDisplay } from '../../ui/use-date-display';
import { PlatformLogo, useMoney } from '../orders/order-parts';
import { useProductName } from '../products/product-name';
import { Yen } from './sales-parts';
import type { SaleRow } from './sales.api';

const useStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
  link: {
    padding: 0,
    minWidth: 0,
    height: 'auto',
    justifyContent: 'flex-start',
    textAlign: 'left',
    fontWeight: tokens.fontWeightRegular,
    color: tokens.colorBrandForegroundLink,
  },
  advance: { color: tokens.colorBrandForeground1, fontSize: '18px', verticalAlign: 'middle' },
});

/** The columns; a product's name opens its details. */
export function useSalesColumns(onProduct: (productId: string | null) => void): ListColumn<SaleRow>[] {
  const styles = useStyles();
  const { t } = useTranslation('salesmanagement');
  const money = useMoney();
  const dates = useDateDisplay();
  const productName = useProductName();
  return [
    {
      key: 'advance',
      header: t('columns.advance'),
      cell: (o) =>
        o.isBookedAdvance ? (
          // A title, not a Tooltip: no portal per row.
          <span role="img" aria-label={t('advanceBooked')} title={t('advanceBooked')}>
            <CalendarCheckmarkRegular className={styles.advance} aria-hidden />
          </span>
        ) : null,
    },
    {
      key: 'orderDate',
      header: t('columns.orderDate'),
      sort: 'orderDate',
      sortFirst: 'desc',
      alwaysShown: true,
      className: styles.nowrap,
      cell: (o) => dates.date(o.orderDate),
    },
    {
      key: 'orderId',
      header: t('columns.orderId'),
      sort: 'orderId',
      truncate: '170px',
      className: styles.nowrap,
      cell: (o) => o.orderId,
    },
    {
      key: 'platform',
      header: t('columns.platform'),
      cell: (o) => <PlatformLogo platform={o.platformCode} />,
    },
    {
      key: 'orderPrice',
      header: t('columns.orderPrice'),
      numeric: true,
      cell: (o) => <Yen value={o.yen.salesValue} />,
    },
    {
      key: 'purchasePrice',
      header: t('columns.purchasePrice'),
      numeric: true,
      cell: (o) =>
        o.purchasePrice === null ? (
          <Yen value={null} />
        ) : (
          <Tooltip relationship="description" content={<GoodsCost row={o} />}>
            <span tabIndex={0}>
              <Yen value={o.purchasePrice} />
            </span>
          </Tooltip>
        ),
    },
    {
      key: 'shippingFee',
      header: t('columns.shippingFee'),
      numeric: true,
      cell: (o) => <Yen value={o.yen.shippingFee} />,
    },
    {
      key: 'commission',
      header: t('columns.commission'),
      numeric: true,
      cell: (o) => <Yen value={o.yen.commission} />,
    },
    {
      key: 'product',
      header: t('columns.product'),
      cell: (o) =>
        o.product ? (
          <Button
            appearance="transparent"
            className={styles.link}
            onClick={() => onProduct(o.product?._id ?? null)}
            aria-label={t('openProduct', { name: productName(o.product) })}
          >
            <TruncatedText text={productName(o.product)} maxWidth="220px" inFocusable />
          </Button>
        ) : (
          '—'
        ),
    },
    {
      key: 'profit',
      header: t('columns.profit'),
      numeric: true,
      alwaysShown: true,
      cell: (o) => (
        <span data-testid="row-profit">
          <Yen value={o.yen.profit} />
        </span>
      ),
    },
    { key: 'id', header: t('columns.id'), defaultHidden: true, className: styles.nowrap, cell: (o) => o._id },
    {
      key: 'discount',
      header: t('columns.discount'),
      numeric: true,
      defaultHidden: true,
      cell: (o) => money(o.discount, o.currency),
    },
    {
      key: 'expectedShippingDate',
      header: t('columns.expectedShippingDate'),
      defaultHidden: true,
      className: styles.nowrap,
      cell: (o) => (o.expectedShippingDate ? dates.date(o.expectedShippingDate) : '—'),
    },
  ];
}

/** The purchase price's tooltip: what the row's goods cost (price × quantity). */
function GoodsCost({ row }: { row: SaleRow }) {
  const { t } = useTranslation('salesmanagement');
  return (
    <>
      {t('goodsCost')}: <Yen value={row.yen.costOfGoods} /> ({t('quantity', { count: row.orderQuantity })})
    </>
  );
}
