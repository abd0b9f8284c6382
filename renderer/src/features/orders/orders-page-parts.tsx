/**
 * The parts of order management (orders-page.tsx): the status tabs with their counts, the
 * filters, the selection that survives paging, the bulk status bar and the table's columns.
 */
import {
  Button,
  Field,
  Input,
  makeStyles,
  Option,
  Spinner,
  Tab,
  TabList,
  tokens,
} from '@fluentui/react-components';
import { ArrowSyncRegular, DismissRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUS_FILTERS, ORDER_STATUSES, type OrderStatus } from '#shared/constants';
import { MESSAGES } from '#shared/messages';
import type { Order } from '#shared/schemas/order';
import type { Product } from '#shared/schemas/product';
import { invalidate, queryKeys } from '../../api/query-keys';
import { useConfirmAction } from '../../ui/confirm-action';
import { DateRangeFilter } from '../../ui/date-range-filter';
import type { ListColumn } from '../../ui/list-screen/list-scaffold';
import type { ListScreen } from '../../ui/list-screen/use-list-screen';
import { useNotify } from '../../ui/notify';
import { PlatformFilter } from '../../ui/platform-filter';
import { CellButton, ShipmentLink, useSelectColumn } from '../../ui/table-cells';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { useErrorText } from '../../ui/use-error-text';
import { ProductPicker } from '../products/product-picker';
import { fetchProduct } from '../products/products.api';
import { useOrderColumnBuilder } from './order-columns';
import { OrderStatusBadge } from './order-parts';
import { setOrdersStatus } from './orders.api';
import { changedOrder, statusImpact, statusQuestion, type Translate } from './status-confirm';
import { Dropdown } from '../../ui/labelled-controls';
import { BusySpinner } from '../../ui/busy-spinner';
import { useOffline } from '../../ui/use-offline';

export type StatusTab = (typeof ORDER_STATUS_FILTERS)[number];
/** The order price's sort field. */
export const PRICE_SORT = 'baseOrderPrice';
export type OrdersFilter = 'status' | 'platform' | 'dates' | 'shipment' | 'product';
export const ANY = '';

/** What a bulk change may ask for; the server refuses what the order's status does not allow. */
const BULK_TARGETS: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => s !== 'AWAITING' && s !== 'BOOKED');

const useStyles = makeStyles({
  tabs: { flexWrap: 'wrap' },
  count: { color: tokens.colorNeutralForeground3, marginLeft: tokens.spacingHorizontalXS },
  filter: { minWidth: '150px' },
  shipment: { width: '150px' },
  // Fluent's Input keeps a minimum width of its own, wider than the field: it ran under the next filter.
  shipmentInput: { minWidth: 0, width: '100%' },
  product: { minWidth: '220px' },
  filterRow: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  bulk: {
    display: 'flex',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
  },
  selected: { color: tokens.colorNeutralForeground2, alignSelf: 'center' },
  nowrap: { whiteSpace: 'nowrap' },
});

/** The status tabs, each with its count of orders under the other filters. */
export function StatusTabs({
  value,
  onChange,
  countOf,
}: {
  value: string;
  onChange: (tab: StatusTab) => void;
  countOf: (tab: StatusTab) => number | undefined;
}) {
  const styles = useStyles();
  const { t } = useTranslation('ordermanagement');
  return (
    <TabList
      className={styles.tabs}
      size="small"
      aria-label={t('filters.status')}
      selectedValue={value}
      onTabSelect={(_e, data) => onChange(data.value as StatusTab)}
    >
      {ORDER_STATUS_FILTERS.map((tab) => {
        const count = countOf(tab);
        return (
          <Tab key={tab} value={tab} data-testid={`tab-${tab}`}>
            {tab === 'ALL' ? t('statuses.ALL') : t(`statuses.${tab}`)}
            <span className={styles.count} data-testid={`count-${tab}`}>
              {count === undefined ? '' : count}
            </span>
          </Tab>
        );
      })}
    </TabList>
  );
}

/** The filters above the table: platform, order dates, shipment id and product. */
export function OrderFilters({ list }: { list: ListScreen<Order, OrdersFilter> }) {
  const styles = useStyles();
  const { t } = useTranslation('ordermanagement');
  const { filters } = list.state;
  return (
    <div className={styles.filterRow}>
      <PlatformFilter
        label={t('filters.platform')}
        allLabel={t('filters.allPlatforms')}
        value={filters.platform ?? ANY}
        onChange={(v) => list.setFilter('platform', v)}
        className={styles.filter}
      />
      <DateRangeFilter
        fromLabel={t('filters.from')}
        toLabel={t('filters.to')}
        value={filters.dates}
        onChange={(text) => list.setFilter('dates', text)}
      />
      <ShipmentIdFilter value={filters.shipment} onChange={(id) => list.setFilter('shipment', id)} />
      <ProductFilter value={filters.product} onChange={(id) => list.setFilter('product', id)} />
    </div>
  );
}

function ShipmentIdFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const styles = useStyles();
  const { t } = useTranslation('ordermanagement');
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text.trim());
  useEffect(() => {
    if (debounced !== value) onChange(debounced);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text drives this
  }, [debounced]);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (text.trim() !== value) setText(value);
  }
  return (
    <Field label={t('filters.shipmentId')} className={styles.shipment}>
      <Input className={styles.shipmentInput} value={text} onChange={(_e, data) => setText(data.value)} />
    </Field>
  );
}

/**
 * The product the list is narrowed to. The URL holds its id only, so its name is read back
 * from the catalog: a reload or a shared link shows the product, not a placeholder.
 */
function ProductFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const styles = useStyles();
  const { t } = useTranslation('ordermanagement');
  const product = useQuery({
    queryKey: queryKeys.products.one(value),
    queryFn: () => fetchProduct(value),
    enabled: value !== ANY,
    staleTime: 60_000,
  });
  const chosen: Product | null = value && product.data?._id === value ? product.data : null;
  let body: ReactNode;
  if (value && product.isPending) body = <Spinner size="tiny" label={t('common:states.loading')} />;
  else
    body = (
      <ProductPicker
        // A new id from the URL (back, reload) draws the picker afresh with its name.
        key={chosen?._id ?? 'none'}
        value={chosen}
        onChange={(p) => onChange(p?._id ?? ANY)}
        placeholder={value && product.isError ? t('filters.productGone') : undefined}
      />
    );
  return (
    <Field label={t('filters.product')} className={styles.product}>
      {body}
    </Field>
  );
}

export interface OrderSelection {
  selected: ReadonlyMap<string, Order>;
  toggle(order: Order, on: boolean): void;
  /** The page's rows all chosen or none. */
  togglePage(on: boolean): void;
  clear(): void;
}

/** The orders chosen for a bulk change: kept across pages and filters until changed or cleared. */
export function useOrderSelection(rows: readonly Order[]): OrderSelection {
  const [selected, setSelected] = useState<ReadonlyMap<string, Order>>(new Map());
  const change = (orders: readonly Order[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const order of orders) {
        if (on) next.set(order._id, order);
        else next.delete(order._id);
      }
      return next;
    });
  return {
    selected,
    toggle: (order, on) => change([order], on),
    togglePage: (on) => change(rows, on),
    clear: () => setSelected(new Map()),
  };
}

/** The chosen orders' count, and one status for all of them. */
export function BulkStatusBar({
  selection,
  current,
}: {
  selection: OrderSelection;
  /** The order as last fetched: a selection holds the copy it was chosen from. */
  current: (order: Order) => Order;
}) {
  const styles = useStyles();
  const { t } = useTranslation('ordermanagement');
  const notify = useNotify();
  const errorText = useErrorText();
  const [target, setTarget] = useState<OrderStatus | ''>('');
  const confirm = useConfirmAction();
  const { writeProps } = useOffline();
  const bulk = useAppMutation({
    mutationFn: ({ ids, status }: { ids: string[]; status: OrderStatus }) => setOrdersStatus(ids, status),
    success: t('errors:ordersUpdated'),
    invalidate: invalidate.orders,
    onSuccess: () => {
      selection.clear();
      setTarget('');
    },
  });
  const apply = () => {
    const orders = [...selection.selected.values()].map(current);
    // The two refusals that need no server: nothing chosen, or orders in different statuses.
    if (orders.length === 0) return notify.warning(errorText(MESSAGES.selectOrdersToSetStatus));
    if (new Set(orders.map((o) => o.shipmentStatus)).size > 1)
      return notify.warning(errorText(MESSAGES.statusMustBeSame));
    if (!target) return notify.warning(t('bulk.chooseStatus'));
    const run = () => bulk.mutate({ ids: orders.map((o) => o._id), status: target });
    // Cancelling, accepting (takes stock) and completing say what they do first.
    const impact = statusImpact(orders.map(changedOrder), target);
    if (!impact) return run();
    confirm.ask({ ...statusQuestion(t as unknown as Translate, impact), onConfirm: run });
  };
  return (
    <div className={styles.bulk} role="group" aria-label={t('bulk.label')}>
      <span className={styles.selected} aria-live="polite">
        {t('bulk.selected', { count: selection.selected.size })}
      </span>
      {selection.selected.size > 0 && (
        <Button appearance="subtle" icon={<DismissRegular />} onClick={selection.clear}>
          {t('bulk.clear')}
        </Button>
      )}
      <Field label={t('bulk.status')} className={styles.filter}>
        <Dropdown
          value={target ? t(`statuses.${target}`) : ''}
          placeholder={t('bulk.choose')}
          selectedOptions={target ? [target] : []}
          onOptionSelect={(_e, data) => setTarget((data.optionValue as OrderStatus) ?? '')}
        >
          {BULK_TARGETS.map((s) => (
            <Option key={s} value={s}>
              {t(`statuses.${s}`)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Button
        appearance="primary"
        icon={bulk.isPending ? <BusySpinner /> : <ArrowSyncRegular />}
        {...writeProps({ disabled: bulk.isPending })}
        onClick={apply}
      >
        {t('bulk.apply')}
      </Button>
      {confirm.dialog}
    </div>
  );
}

/**
 * The table's columns: a checkbox for the selection, the order id opening its drawer, the
 * fields. The fees of a shipment, the discount and the expected date are left out of the
 * default choice, which fits a 1280-pixel window; the column chooser adds them.
 */
export function useOrderColumns(
  rows: readonly Order[],
  selection: OrderSelection,
  onOpen: (order: Order) => void,
  /** The list shows one currency (a platform is chosen): prices sort against each other. */
  priceSortable: boolean,
): ListColumn<Order>[] {
  const styles = useStyles();
  const { t } = useTranslation('ordermanagement');
  const orderColumn = useOrderColumnBuilder();
  const select = useSelectColumn<Order>({
    rows,
    isSelected: (o) => selection.selected.has(o._id),
    onToggle: selection.toggle,
    onTogglePage: selection.togglePage,
    header: t('columns.select'),
    pageLabel: t('columns.selectPage'),
    rowLabel: (o) => t('columns.selectOrder', { orderId: o.orderId }),
  });
  return [
    select,
    {
      key: 'orderId',
      header: t('columns.orderId'),
      sort: 'orderId',
      alwaysShown: true,
      className: styles.nowrap,
      cell: (o) => (
        <CellButton
          text={o.orderId}
          label={t('drawer.open', { orderId: o.orderId })}
          maxWidth="170px"
          onClick={() => onOpen(o)}
        />
      ),
    },
    {
      key: 'orderDate',
      header: t('columns.orderDate'),
      sort: 'orderDate',
      sortFirst: 'desc',
      className: styles.nowrap,
      cell: (o) => o.orderDate,
    },
    orderColumn.platform(t('columns.platform')),
    orderColumn.product(t('columns.product'), '150px'),
    orderColumn.quantity(t('columns.quantity')),
    // Rupees (in paise) and yen do not sort against each other: the price sorts only within
    // a platform, which fixes the currency. (Sorting by yen value would need each row's rate
    // of its day, which no index serves at a million orders.)
    priceSortable
      ? { ...orderColumn.price(t('columns.price')), sort: PRICE_SORT, sortFirst: 'desc' }
      : orderColumn.price(t('columns.price')),
    orderColumn.platformFee(t('columns.platformFee')),
    { ...orderColumn.shippingFee(t('columns.shippingFee')), defaultHidden: true },
    { ...orderColumn.customFee(t('columns.customFee')), defaultHidden: true },
    { ...orderColumn.discount(t('columns.discount')), defaultHidden: true },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (o) => <OrderStatusBadge status={o.shipmentStatus} />,
    },
    {
      key: 'shipmentId',
      header: t('columns.shipmentId'),
      truncate: '100px',
      cell: (o) => <ShipmentLink shipmentId={o.shipmentId} maxWidth="100px" />,
    },
    {
      key: 'expectedShippingDate',
      header: t('columns.expectedShippingDate'),
      defaultHidden: true,
      className: styles.nowrap,
      cell: (o) => o.expectedShippingDate ?? '—',
    },
  ];
}
