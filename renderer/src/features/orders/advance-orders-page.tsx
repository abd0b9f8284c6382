/**
 * /AdvanceOrder: orders booked before the goods are in stock. Awaiting ones can be booked or
 * cancelled; a booked one is released into a normal order when the goods arrive.
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { CalendarClockRegular, CheckmarkRegular, DismissRegular, SendRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { advanceOrdersListSpec } from '#shared/list-specs';
import type { AdvanceOrder } from '#shared/schemas/order';
import { invalidate, queryKeys } from '../../api/query-keys';
import { useConfirmAction } from '../../ui/confirm-action';
import { dateRangeOf } from '../../ui/date-range';
import { DateRangeFilter } from '../../ui/date-range-filter';
import { ListScaffold, type ListColumn } from '../../ui/list-screen/list-scaffold';
import type { ListFilter } from '../../ui/list-screen/list-state';
import { useListScreen } from '../../ui/list-screen/use-list-screen';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useProductName } from '../products/product-name';
import { OrderStatusBadge, PlatformLogo, useBusinessTime } from './order-parts';
import { fetchAdvanceOrders, setAdvanceOrderStatus } from './orders.api';
import { BusySpinner } from '../../ui/busy-spinner';

type Change = 'BOOKED' | 'CANCELLED' | 'RECEIVED';

const deliveryFilter: ListFilter = {
  default: '',
  toFilters: (text) => {
    const { from, to } = dateRangeOf(text);
    return from || to ? { deliveryDate: { gte: from, lte: to } } : {};
  },
};

const useStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

export default function AdvanceOrdersPage() {
  const styles = useStyles();
  const { t } = useTranslation('ordermanagement');
  const productName = useProductName();
  const time = useBusinessTime();
  const confirm = useConfirmAction();
  const list = useListScreen({
    spec: advanceOrdersListSpec,
    searchParam: 'orderId',
    pageSizes: [25, 50, 100],
    filters: { delivery: deliveryFilter },
    queryKey: queryKeys.advanceOrders.list,
    fetch: fetchAdvanceOrders,
  });

  const change = useAppMutation({
    mutationFn: ({ row, status }: { row: AdvanceOrder; status: Change }) =>
      setAdvanceOrderStatus(row._id, status),
    success: (_saved, { status }) => t(status === 'RECEIVED' ? 'advance.released' : 'errors:statusUpdated'),
    invalidate: invalidate.advanceOrders,
  });
  // Final: a cancelled advance order is never booked again.
  const askCancel = (row: AdvanceOrder) =>
    confirm.ask({
      title: t('advance.cancelTitle', { orderId: row.orderId }),
      body: t('advance.cancelBody'),
      confirmLabel: t('advance.cancelConfirm'),
      keepLabel: t('advance.keep'),
      onConfirm: () => change.mutate({ row, status: 'CANCELLED' }),
    });
  const busyFor = (row: AdvanceOrder) => change.isPending && change.variables?.row._id === row._id;

  const columns: ListColumn<AdvanceOrder>[] = [
    {
      key: 'orderId',
      header: t('columns.orderId'),
      alwaysShown: true,
      truncate: '170px',
      cell: (a) => a.orderId,
    },
    {
      key: 'deliveryDate',
      header: t('advance.deliveryDate'),
      sort: 'deliveryDate',
      sortFirst: 'desc',
      className: styles.nowrap,
      cell: (a) => a.deliveryDate ?? '—',
    },
    {
      key: 'platform',
      header: t('columns.platform'),
      cell: (a) => <PlatformLogo platform={a.order.platformCode} />,
    },
    {
      key: 'product',
      header: t('columns.product'),
      truncate: '160px',
      cell: (a) => (a.order.product ? productName(a.order.product) : '—'),
    },
    {
      key: 'quantity',
      header: t('columns.quantity'),
      numeric: true,
      cell: (a) => a.order.orderQuantity,
    },
    { key: 'status', header: t('columns.status'), cell: (a) => <OrderStatusBadge status={a.status} /> },
    {
      key: 'createdAt',
      header: t('advance.createdAt'),
      sort: 'createdAt',
      sortFirst: 'desc',
      className: styles.nowrap,
      cell: (a) => time.instant(a.createdAt),
    },
    {
      key: 'actions',
      header: t('advance.actions'),
      alwaysShown: true,
      cell: (a) => (
        <AdvanceActions
          row={a}
          busy={busyFor(a)}
          disabled={change.isPending}
          onChange={(status) => change.mutate({ row: a, status })}
          onCancel={() => askCancel(a)}
        />
      ),
    },
  ];

  return (
    <ListScaffold
      list={list}
      label={t('advance.table')}
      search={{ label: t('advance.search'), placeholder: t('advance.search') }}
      filters={
        <DateRangeFilter
          fromLabel={t('advance.deliveryFrom')}
          toLabel={t('advance.deliveryTo')}
          value={list.state.filters.delivery}
          onChange={(text) => list.setFilter('delivery', text)}
        />
      }
      empty={{
        icon: <CalendarClockRegular />,
        title: list.searching ? t('errors:noResults') : t('advance.empty'),
        body: list.narrowed ? t('emptyFiltered') : undefined,
      }}
      columns={columns}
      tableSize="small"
    >
      {confirm.dialog}
    </ListScaffold>
  );
}

/** An advance order's buttons: book or cancel while it awaits, release once booked. */
function AdvanceActions({
  row,
  busy,
  disabled,
  onChange,
  onCancel,
}: {
  row: AdvanceOrder;
  /** This row's change is being saved. */
  busy: boolean;
  disabled: boolean;
  onChange: (status: 'BOOKED' | 'RECEIVED') => void;
  /** Cancelling asks first. */
  onCancel: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('ordermanagement');
  return (
    <div className={styles.actions}>
      {row.status === 'AWAITING' && (
        <>
          <Button
            size="small"
            appearance="primary"
            icon={busy ? <BusySpinner size="extra-tiny" /> : <CheckmarkRegular />}
            // Focusable while a change is saved: the button that asked keeps the focus until it leaves.
            disabledFocusable={disabled}
            aria-label={t('advance.bookFor', { orderId: row.orderId })}
            onClick={() => onChange('BOOKED')}
          >
            {t('advance.book')}
          </Button>
          <Button
            size="small"
            icon={<DismissRegular />}
            disabledFocusable={disabled}
            aria-label={t('advance.cancelFor', { orderId: row.orderId })}
            onClick={onCancel}
          >
            {t('advance.cancel')}
          </Button>
        </>
      )}
      {row.status === 'BOOKED' && (
        <Button
          size="small"
          appearance="primary"
          icon={busy ? <BusySpinner size="extra-tiny" /> : <SendRegular />}
          disabledFocusable={disabled}
          aria-label={t('advance.releaseFor', { orderId: row.orderId })}
          onClick={() => onChange('RECEIVED')}
        >
          {t('advance.release')}
        </Button>
      )}
    </div>
  );
}
