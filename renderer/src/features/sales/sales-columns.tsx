/** The sales list's columns (sales-page.tsx): the sale's figures in yen, its product one click away. */
import { makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { CalendarCheckmarkRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { SaleYen } from '#shared/schemas/sales';
import type { ListColumn } from '../../ui/list-screen/list-scaffold';
import { CellButton } from '../../ui/table-cells';
import { useDateDisplay } from '../../ui/use-date-display';
import { useOrderColumnBuilder } from '../orders/order-columns';
import { useProductName } from '../products/product-name';
import { saleDiscountYen } from './sales-money';
import { Yen } from './sales-parts';
import type { SaleRow } from './sales.api';

const useStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
  advance: { color: tokens.colorBrandForeground1, fontSize: '18px', verticalAlign: 'middle' },
});

/** A column of one of a sale's yen figures (sales and OTZ sales). */
export const yenColumn = (
  key: string,
  header: string,
  figure: keyof SaleYen,
): ListColumn<{ yen: SaleYen }> => ({
  key,
  header,
  numeric: true,
  cell: (o) => <Yen value={o.yen[figure]} />,
});

/** The sale's profit: always shown, and the last figure of a row. */
export const profitColumn = (header: string): ListColumn<{ yen: SaleYen }> => ({
  key: 'profit',
  header,
  numeric: true,
  alwaysShown: true,
  cell: (o) => (
    <span data-testid="row-profit">
      <Yen value={o.yen.profit} />
    </span>
  ),
});

/** The columns; a product's name opens its details. */
export function useSalesColumns(onProduct: (productId: string | null) => void): ListColumn<SaleRow>[] {
  const styles = useStyles();
  const { t } = useTranslation('salesmanagement');
  const dates = useDateDisplay();
  const productName = useProductName();
  const orderColumn = useOrderColumnBuilder();
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
      ...orderColumn.orderDate(t('columns.orderDate')),
      sort: 'orderDate',
      sortFirst: 'desc',
      alwaysShown: true,
    },
    { ...orderColumn.orderId(t('columns.orderId')), sort: 'orderId', className: styles.nowrap },
    orderColumn.platform(t('columns.platform')),
    yenColumn('orderPrice', t('columns.orderPrice'), 'salesValue'),
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
    yenColumn('shippingFee', t('columns.shippingFee'), 'shippingFee'),
    yenColumn('commission', t('columns.commission'), 'commission'),
    {
      key: 'product',
      header: t('columns.product'),
      cell: (o) =>
        o.product ? (
          <CellButton
            text={productName(o.product)}
            label={t('openProduct', { name: productName(o.product) })}
            maxWidth="220px"
            weight="regular"
            onClick={() => onProduct(o.product?._id ?? null)}
          />
        ) : (
          '—'
        ),
    },
    profitColumn(t('columns.profit')),
    { key: 'id', header: t('columns.id'), defaultHidden: true, className: styles.nowrap, cell: (o) => o._id },
    {
      key: 'discount',
      header: t('columns.discount'),
      numeric: true,
      defaultHidden: true,
      // In yen, as every other money column of the list.
      cell: (o) => <Yen value={saleDiscountYen(o)} />,
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
