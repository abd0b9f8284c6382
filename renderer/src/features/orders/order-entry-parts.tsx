/**
 * The parts of manual order entry (order-entry-page.tsx): each line's total after its
 * discount, the order's total, and the look-up of an order id already on the platform.
 */
import { Field, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useId } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PLATFORM_CURRENCY } from '#shared/constants';
import { fromMinor } from '#shared/domain/money';
import type { Order } from '#shared/schemas/order';
import { lineNetMinor, orderTotalMinor, type OrderEntryValues } from './order-entry-form';
import { useMoney } from './order-parts';
import { searchOrders } from './orders.api';

/** Order entry sells in rupees only (Amazon India and the own shop). */
const CURRENCY = PLATFORM_CURRENCY.AMAZONIND;

const useStyles = makeStyles({
  field: { minWidth: 0 },
  total: { fontVariantNumeric: 'tabular-nums', paddingTop: '6px', whiteSpace: 'nowrap' },
  order: {
    marginLeft: 'auto',
    display: 'flex',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalS,
    fontWeight: tokens.fontWeightSemibold,
  },
});

const shown = (money: ReturnType<typeof useMoney>, minor: number | null) =>
  minor === null ? '—' : money(fromMinor(minor, CURRENCY), CURRENCY);

/** Unit price × quantity less the line's discount: what the buyer pays for the line. */
export function LineTotal({ control, index }: { control: Control<OrderEntryValues>; index: number }) {
  const styles = useStyles();
  const { t } = useTranslation('orderentry');
  const money = useMoney();
  const [price, quantity, discount] = useWatch({
    control,
    name: [`lines.${index}.price`, `lines.${index}.quantity`, `lines.${index}.discount`],
  });
  return (
    <Field className={styles.field} label={t('fields.total')}>
      <output className={styles.total} data-testid={`line-total-${index + 1}`}>
        {shown(money, lineNetMinor({ price, quantity, discount }))}
      </output>
    </Field>
  );
}

/** The lines' totals added in paise; "—" until every line has one. */
export function OrderTotal({ control }: { control: Control<OrderEntryValues> }) {
  const styles = useStyles();
  const { t } = useTranslation('orderentry');
  const money = useMoney();
  const lines = useWatch({ control, name: 'lines' });
  const label = useId();
  return (
    <p className={styles.order}>
      <span id={label}>{t('fields.orderTotal')}</span>
      <output aria-labelledby={label} data-testid="order-total">
        {shown(money, orderTotalMinor(lines))}
      </output>
    </p>
  );
}

/** How many of an order's lines to read back: the server keeps the count of the rest. */
const STORED_LINES = 500;

/**
 * The lines already stored under an order id on a platform, through the order search (which
 * order creators may use) with no text: its filters alone, order id and platform exactly.
 */
export function useStoredOrder() {
  return useCallback(
    async (orderId: string, platformCode: string): Promise<{ totalCount: number; lines: Order[] }> => {
      const found = await searchOrders({ page: 1, limit: STORED_LINES, filters: { orderId, platformCode } });
      return { totalCount: found.totalcount, lines: found.data };
    },
    [],
  );
}
