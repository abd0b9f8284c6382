/**
 * /otz: the storefront's PayPal orders. A status tab (RECEIVED by default), search by
 * transaction id or customer, sort, paging, all in the URL; a detail dialog with the customer
 * and the product lines; status changes through the orders' transition table.
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { CartRegular, DocumentTextRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '#shared/constants';
import { nextStatuses } from '#shared/domain/order-status';
import { otzOrdersListSpec } from '#shared/list-specs';
import { CUSTOMER_FIELDS } from '#shared/schemas/order';
import type { OtzOrder } from '#shared/schemas/otz-order';
import { invalidate, queryKeys } from '../../api/query-keys';
import { AppDialog } from '../../ui/app-dialog';
import { useConfirmAction } from '../../ui/confirm-action';
import { DetailList, type DetailItem } from '../../ui/detail-list';
import { FilterTabs } from '../../ui/list-screen/filter-tabs';
import { ListScaffold, type ListColumn } from '../../ui/list-screen/list-scaffold';
import type { ListFilter } from '../../ui/list-screen/list-state';
import { useListScreen } from '../../ui/list-screen/use-list-screen';
import { useAppMutation } from '../../ui/use-app-mutation';
import { statusImpact, statusQuestion, type Translate } from '../orders/status-confirm';
import { changeOtzOrderStatus, fetchOtzOrders } from './otz-orders.api';

/** The statuses an OTZ order can be in, then every status at once. */
const TABS = ['RECEIVED', 'ACCEPTED', 'PACKED', 'SHIPPED', 'COMPLETED', 'CANCELLED', 'ALL'] as const;
type StatusTab = (typeof TABS)[number];
const statusFilter: ListFilter<StatusTab> = {
  choices: TABS,
  default: 'RECEIVED',
  toFilters: (value) => ({ shipmentStatus: value === 'ALL' ? undefined : value }),
};

/** The screen searches too: the same spec with the search text as an extra. */
const SCREEN_SPEC = { ...otzOrdersListSpec, extras: ['searchStr'] };

const useStyles = makeStyles({
  search: { width: '280px' },
  nowrap: { whiteSpace: 'nowrap' },
  table: { tableLayout: 'auto' },
  mono: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'nowrap' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  details: { marginBottom: tokens.spacingVerticalL },
  term: { color: tokens.colorNeutralForeground3 },
  lines: { width: '100%', borderCollapse: 'collapse' },
  lineCell: { padding: tokens.spacingVerticalXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
});

function useMoney() {
  const { i18n } = useTranslation();
  return (amount: number, currency: string) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(amount);
}

export default function OtzOrdersPage() {
  const styles = useStyles();
  const { t } = useTranslation('otzorder');
  const money = useMoney();
  const [shown, setShown] = useState<OtzOrder | null>(null);
  const list = useListScreen({
    spec: SCREEN_SPEC,
    searchParam: 'searchStr',
    filters: { status: statusFilter },
    queryKey: queryKeys.otzOrders.list,
    fetch: fetchOtzOrders,
  });

  const change = useAppMutation({
    mutationFn: ({ order, to }: { order: OtzOrder; to: OrderStatus }) => changeOtzOrderStatus(order._id, to),
    success: t('errors:statusUpdated'),
    invalidate: invalidate.otzOrders,
    onSuccess: (order) => setShown((current) => (current?._id === order._id ? order : current)),
  });

  // Cancelling, accepting (takes stock) and completing ask first, as in order management.
  const confirm = useConfirmAction();
  const changeTo = (order: OtzOrder, to: OrderStatus) => {
    const productIds = order.items.flatMap((item) => (item.product ? [item.product._id] : []));
    const impact = statusImpact(
      [
        {
          orderId: order.paypalTransactionId,
          shipmentStatus: order.shipmentStatus,
          stockTaken: order.stockTaken,
          productIds,
        },
      ],
      to,
    );
    if (!impact) return change.mutate({ order, to });
    confirm.ask({
      ...statusQuestion(t as unknown as Translate, impact),
      onConfirm: () => change.mutate({ order, to }),
    });
  };

  const statusButtons = (order: OtzOrder) =>
    nextStatuses(order.shipmentStatus, 'OTZ').map((to) => (
      <Button
        key={to}
        size="small"
        appearance={to === 'CANCELLED' ? 'subtle' : 'secondary'}
        disabled={change.isPending}
        onClick={() => changeTo(order, to)}
      >
        {t(`actions.${to}`, { defaultValue: t(`status.${to}`) })}
      </Button>
    ));

  const columns: ListColumn<OtzOrder>[] = [
    {
      key: 'paypalTransactionId',
      header: t('columns.paypalTransactionId'),
      // The id in monospace, its header in the table's font.
      cell: (order) => <span className={styles.mono}>{order.paypalTransactionId}</span>,
    },
    { key: 'orderDate', header: t('columns.orderDate'), className: styles.nowrap, cell: (o) => o.orderDate },
    { key: 'customer', header: t('columns.customer'), cell: (o) => o.customer?.name || '—' },
    {
      key: 'items',
      header: t('columns.items'),
      cell: (o) => t('itemsCount', { count: o.items.reduce((n, i) => n + i.orderQuantity, 0) }),
    },
    {
      key: 'amount',
      header: t('columns.amount'),
      className: styles.nowrap,
      cell: (o) => money(o.amount, o.currency),
    },
    {
      key: 'status',
      header: t('columns.status'),
      className: styles.nowrap,
      cell: (o) => t(`status.${o.shipmentStatus}`),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      cell: (order) => (
        <div className={styles.actions}>
          <Button
            size="small"
            appearance="subtle"
            icon={<DocumentTextRegular />}
            onClick={() => setShown(order)}
          >
            {t('actions.details')}
          </Button>
          {statusButtons(order)}
        </div>
      ),
    },
  ];

  return (
    <ListScaffold
      list={list}
      label={t('title')}
      search={{ label: t('list.search'), className: styles.search }}
      filters={
        <FilterTabs
          list={list}
          filter="status"
          values={TABS}
          label={t('list.filter')}
          text={(status) => (status === 'ALL' ? t('list.all') : t(`status.${status}`))}
        />
      }
      empty={{
        icon: <CartRegular />,
        title: list.searching ? t('list.emptySearch') : t('list.empty'),
      }}
      columns={columns}
      tableClassName={styles.table}
    >
      <AppDialog
        open={shown !== null}
        title={shown ? t('details.title', { id: shown.paypalTransactionId }) : ''}
        onClose={() => setShown(null)}
        closeLabel={t('details.close')}
        busy={change.isPending}
        extraActions={shown ? statusButtons(shown) : undefined}
      >
        {shown && <OtzOrderDetails order={shown} />}
      </AppDialog>
      {confirm.dialog}
    </ListScaffold>
  );
}

/** An OTZ order's fields and its lines. */
function OtzOrderDetails({ order }: { order: OtzOrder }) {
  const styles = useStyles();
  const { t } = useTranslation('otzorder');
  const money = useMoney();
  return (
    <>
      <DetailList
        className={styles.details}
        items={[
          [t('columns.status'), t(`status.${order.shipmentStatus}`)],
          [t('columns.orderDate'), order.orderDate],
          [t('columns.amount'), money(order.amount, order.currency)],
          // A customer field the order does not carry is left out.
          ...CUSTOMER_FIELDS.flatMap((field): DetailItem[] => {
            const value = order.customer?.[field];
            return value ? [[t(`common:customer.${field}`), value]] : [];
          }),
        ]}
      />
      <table className={styles.lines}>
        <caption className={styles.term}>{t('details.lines')}</caption>
        <thead>
          <tr>
            <th className={styles.lineCell}>{t('columns.product')}</th>
            <th className={styles.lineCell}>{t('columns.quantity')}</th>
            <th className={styles.lineCell}>{t('columns.price')}</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, i) => (
            <tr key={i}>
              <td className={styles.lineCell}>
                {item.product ? `${item.product.name} (${item.product.skuCode})` : '—'}
              </td>
              <td className={styles.lineCell}>{item.orderQuantity}</td>
              <td className={styles.lineCell}>{money(item.price, order.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
