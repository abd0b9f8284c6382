/**
 * The sales list's columns (sales-page.tsx): the sale's figures in yen, its product one click
 * away. The yen sign is said once per column, in its header: a sign in every cell made the
 * list too wide for a 1280-pixel window.
 */
import { makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { CalendarCheckmarkRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { SaleYen } from '#shared/schemas/sales';
import type { ListColumn } from '../../ui/list-screen/list-scaffold';
import { CellButton } from '../../ui/table-cells';
import { useDateDisplay } from '../../ui/use-date-display';
import { CURRENCY_SIGN, useOrderColumnBuilder } from '../orders/order-columns';
import { useProductName } from '../products/product-name';
import { MISSING, saleDiscountYen } from './sales-money';
import { Yen } from './sales-parts';
import type { SaleRow } from './sales.api';

const useStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
  advance: { color: tokens.colorBrandForeground1, fontSize: '18px', verticalAlign: 'middle' },
  negative: { color: tokens.colorStatusDangerForeground1 },
});

const yenFormats = new Map<string, Intl.NumberFormat>();

/** A whole-yen figure without the sign (its column's header says yen): a dash when missing, a loss in red. */
export function YenFigure({ value }: { value: number | null | undefined }) {
  const styles = useStyles();
  const { i18n } = useTranslation();
  if (value === null || value === undefined || !Number.isFinite(value)) return <span>{MISSING}</span>;
  const locale = i18n.language === 'ja' ? 'ja-JP' : 'en-US';
  let format = yenFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    yenFormats.set(locale, format);
  }
  // -0 would show as "-0".
  return (
    <span className={value < 0 ? styles.negative : undefined}>{format.format(value === 0 ? 0 : value)}</span>
  );
}

/** A column of one of a sale's yen figures (sales and OTZ sales). */
export const yenColumn = (
  key: string,
  header: string,
  figure: keyof SaleYen,
): ListColumn<{ yen: SaleYen }> => ({
  key,
  header,
  numeric: true,
  unit: CURRENCY_SIGN.JPY,
  cell: (o) => <YenFigure value={o.yen[figure]} />,
});

/** The sale's profit: always shown, and the last figure of a row. */
export const profitColumn = (header: string): ListColumn<{ yen: SaleYen }> => ({
  key: 'profit',
  header,
  numeric: true,
  unit: CURRENCY_SIGN.JPY,
  alwaysShown: true,
  cell: (o) => (
    <span data-testid="row-profit">
      <YenFigure value={o.yen.profit} />
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
    // Sorted by the server's kept figures; unknown ones (no rate) come last both ways.
    {
      ...yenColumn('orderPrice', t('columns.orderPrice'), 'salesValue'),
      sort: 'orderPrice',
      sortFirst: 'desc',
    },
    {
      key: 'purchasePrice',
      header: t('columns.purchasePrice'),
      numeric: true,
      unit: CURRENCY_SIGN.JPY,
      cell: (o) =>
        o.purchasePrice === null ? (
          <YenFigure value={null} />
        ) : (
          <Tooltip relationship="description" content={<GoodsCost row={o} />}>
            <span tabIndex={0}>
              <YenFigure value={o.purchasePrice} />
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
            maxWidth="160px"
            weight="regular"
            onClick={() => onProduct(o.product?._id ?? null)}
          />
        ) : (
          '—'
        ),
    },
    { ...profitColumn(t('columns.profit')), sort: 'profit', sortFirst: 'desc' },
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
