/**
 * /shipping-management: platform orders with status tabs and their counts, filters kept in the
 * URL (platform, order dates, shipment id, product, search text), a selection that survives
 * paging for bulk status changes, and a drawer per order for its status, fields and history.
 */
import {
  Button,
  Checkbox,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Spinner,
  Tab,
  TabList,
  tokens,
} from '@fluentui/react-components';
import { ArrowSyncRegular, ClipboardTextLtrRegular, DismissRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ORDER_STATUS_FILTERS,
  ORDER_STATUSES,
  PLATFORMS,
  type OrderStatus,
  type Platform,
} from '#shared/constants';
import { MESSAGES } from '#shared/messages';
import { ordersSearchSpec } from '#shared/list-specs';
import type { ListParams } from '#shared/query';
import type { Order } from '#shared/schemas/order';
import type { Product } from '#shared/schemas/product';
import { invalidate, queryKeys } from '../../api/query-keys';
import { TruncatedText } from '../../ui/app-table';
import { ListScaffold, type ListColumn } from '../../ui/list-screen/list-scaffold';
import type { ListFilter } from '../../ui/list-screen/list-state';
import { useListScreen } from '../../ui/list-screen/use-list-screen';
import { useNotify } from '../../ui/notify';
import { PlatformFilter } from '../../ui/platform-filter';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { useErrorText } from '../../ui/use-error-text';
import { useProductName } from '../products/product-name';
import { ProductPicker } from '../products/product-picker';
import { fetchProduct } from '../products/products.api';
import { dateRangeOf } from '../../ui/date-range';
import { DateRangeFilter } from '../../ui/date-range-filter';
import { OrderDrawer } from './order-drawer';
import { OrderStatusBadge, PlatformFee, PlatformLogo, useMoney } from './order-parts';
import { fetchOrders, fetchOrderTotals, searchOrders, setOrdersStatus } from './orders.api';

type StatusTab = (typeof ORDER_STATUS_FILTERS)[number];
const ANY = '';

const statusFilter: ListFilter<StatusTab> = {
  choices: ORDER_STATUS_FILTERS,
  default: 'ALL',
  toFilters: (status) => ({ shipmentStatus: status === 'ALL' ? undefined : status }),
};
const platformFilter: ListFilter = {
  choices: [ANY, ...PLATFORMS],
  default: ANY,
  toFilters: (platform) => ({ platformCode: platform || undefined }),
};
/** `from..to`, either end open: one URL key, since both ends filter the one order date. */
const datesFilter: ListFilter = {
  default: ANY,
  toFilters: (text) => {
    const { from, to } = dateRangeOf(text);
    return from || to ? { orderDate: { gte: from, lte: to } } : {};
  },
};
const shipmentFilter: ListFilter = { default: ANY, toFilters: (id) => ({ shipmentId: id || undefined }) };
const productFilter: ListFilter = { default: ANY, toFilters: (id) => ({ product: id || undefined }) };

/** Text goes to the search endpoint with every other filter, and answers in its own shape. */
const fetchPage = async (params: ListParams) => {
  if (!params.extras?.searchStr) return fetchOrders(params);
  const found = await searchOrders(params);
  return { data: found.data, totalCount: found.totalcount };
};

/** What a bulk change may ask for; the server refuses what the order's status does not allow. */
const BULK_TARGETS: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => s !== 'AWAITING' && s !== 'BOOKED');

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
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
  link: {
    padding: 0,
    minWidth: 0,
    height: 'auto',
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForegroundLink,
  },
  select: { width: '40px' },
});

export default function OrdersPage() {
  const styles = useStyles();
  const { t } = useTranslation('ordermanagement');
  const notify = useNotify();
  const errorText = useErrorText();
  const money = useMoney();
  const productName = useProductName();
  const list = useListScreen({
    spec: ordersSearchSpec,
    searchParam: 'searchStr',
    pageSizes: [25, 50, 100],
    filters: {
      status: statusFilter,
      platform: platformFilter,
      dates: datesFilter,
      shipment: shipmentFilter,
      product: productFilter,
    },
    queryKey: (params) =>
      params.extras?.searchStr ? queryKeys.orders.search(params) : queryKeys.orders.list(params),
    fetch: fetchPage,
  });
  const { state } = list;
  const range = dateRangeOf(state.filters.dates);
  const platformCode = (state.filters.platform || undefined) as Platform | undefined;
  const totals = useQuery({
    queryKey: queryKeys.orders.totals(range.from ?? '', range.to ?? '', platformCode ?? ''),
    queryFn: () => fetchOrderTotals({ ...range, platformCode }),
  });

  // Kept across pages and filters until changed or cleared, so a bulk change can span pages.
  const [selected, setSelected] = useState<ReadonlyMap<string, Order>>(new Map());
  const [bulkTarget, setBulkTarget] = useState<OrderStatus | ''>('');
  const [opened, setOpened] = useState<Order | null>(null);

  // Rows refetched after a change are newer than the copies the selection and the drawer hold.
  const fresh = new Map(list.rows.map((o) => [o._id, o]));
  const current = (order: Order) => fresh.get(order._id) ?? order;
  const openedNow = opened && current(opened);

  const bulk = useAppMutation({
    mutationFn: ({ ids, status }: { ids: string[]; status: OrderStatus }) => setOrdersStatus(ids, status),
    success: t('errors:ordersUpdated'),
    invalidate: invalidate.orders,
    onSuccess: () => {
      setSelected(new Map());
      setBulkTarget('');
    },
  });

  const onBulk = () => {
    const orders = [...selected.values()].map(current);
    // The two refusals that need no server: nothing chosen, or orders in different statuses.
    if (orders.length === 0) return notify.warning(errorText(MESSAGES.selectOrdersToSetStatus));
    if (new Set(orders.map((o) => o.shipmentStatus)).size > 1)
      return notify.warning(errorText(MESSAGES.statusMustBeSame));
    if (!bulkTarget) return notify.warning(t('bulk.chooseStatus'));
    bulk.mutate({ ids: orders.map((o) => o._id), status: bulkTarget });
  };

  const toggle = (order: Order, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(order._id, order);
      else next.delete(order._id);
      return next;
    });
  const pageIds = list.rows.map((o) => o._id);
  const pageSelected = pageIds.filter((id) => selected.has(id)).length;
  const togglePage = (on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const row of list.rows) {
        if (on) next.set(row._id, row);
        else next.delete(row._id);
      }
      return next;
    });

  const countOf = (tab: StatusTab) =>
    totals.data ? (tab === 'ALL' ? totals.data.totalCount : (totals.data.byStatus[tab] ?? 0)) : undefined;

  const columns: ListColumn<Order>[] = [
    {
      key: 'select',
      header: t('columns.select'),
      headerContent: (
        <Checkbox
          aria-label={t('columns.selectPage')}
          checked={pageSelected === 0 ? false : pageSelected === pageIds.length ? true : 'mixed'}
          onChange={(_e, data) => togglePage(data.checked === true)}
        />
      ),
      alwaysShown: true,
      className: styles.select,
      cell: (o) => (
        <Checkbox
          aria-label={t('columns.selectOrder', { orderId: o.orderId })}
          checked={selected.has(o._id)}
          onChange={(_e, data) => toggle(o, data.checked === true)}
        />
      ),
    },
    {
      key: 'orderId',
      header: t('columns.orderId'),
      sort: 'orderId',
      alwaysShown: true,
      className: styles.nowrap,
      cell: (o) => (
        <Button
          appearance="transparent"
          className={styles.link}
          onClick={() => setOpened(o)}
          aria-label={t('drawer.open', { orderId: o.orderId })}
        >
          <TruncatedText text={o.orderId} maxWidth="170px" inFocusable />
        </Button>
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
    {
      key: 'platform',
      header: t('columns.platform'),
      cell: (o) => <PlatformLogo platform={o.platformCode} />,
    },
    {
      key: 'product',
      header: t('columns.product'),
      truncate: '200px',
      cell: (o) => (o.product ? productName(o.product) : '—'),
    },
    {
      key: 'quantity',
      header: t('columns.quantity'),
      numeric: true,
      cell: (o) => o.orderQuantity,
    },
    {
      key: 'price',
      header: t('columns.price'),
      sort: 'baseOrderPrice',
      sortFirst: 'desc',
      numeric: true,
      cell: (o) => money(o.baseOrderPrice, o.currency),
    },
    {
      key: 'platformFee',
      header: t('columns.platformFee'),
      numeric: true,
      cell: (o) => <PlatformFee order={o} />,
    },
    {
      key: 'shippingFee',
      header: t('columns.shippingFee'),
      numeric: true,
      cell: (o) => money(o.shippingFee, 'JPY'),
    },
    {
      key: 'customFee',
      header: t('columns.customFee'),
      numeric: true,
      cell: (o) => money(o.customFee, 'INR'),
    },
    {
      key: 'discount',
      header: t('columns.discount'),
      numeric: true,
      cell: (o) => money(o.discount, o.currency),
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (o) => <OrderStatusBadge status={o.shipmentStatus} />,
    },
    {
      key: 'shipmentId',
      header: t('columns.shipmentId'),
      truncate: '130px',
      cell: (o) => o.shipmentId ?? '—',
    },
    {
      key: 'expectedShippingDate',
      header: t('columns.expectedShippingDate'),
      className: styles.nowrap,
      cell: (o) => o.expectedShippingDate ?? '—',
    },
  ];

  return (
    <div className={styles.page}>
      <TabList
        className={styles.tabs}
        size="small"
        aria-label={t('filters.status')}
        selectedValue={state.filters.status}
        onTabSelect={(_e, data) => list.setFilter('status', data.value as StatusTab)}
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
      <ListScaffold
        list={list}
        label={t('table')}
        search={{ label: t('search.label'), placeholder: t('search.placeholder') }}
        filters={
          <div className={styles.filterRow}>
            <PlatformFilter
              label={t('filters.platform')}
              allLabel={t('filters.allPlatforms')}
              value={state.filters.platform ?? ANY}
              onChange={(v) => list.setFilter('platform', v)}
              className={styles.filter}
            />
            <DateRangeFilter
              fromLabel={t('filters.from')}
              toLabel={t('filters.to')}
              value={state.filters.dates}
              onChange={(text) => list.setFilter('dates', text)}
            />
            <ShipmentIdFilter
              value={state.filters.shipment}
              onChange={(id) => list.setFilter('shipment', id)}
            />
            <ProductFilter value={state.filters.product} onChange={(id) => list.setFilter('product', id)} />
          </div>
        }
        actions={
          <div className={styles.bulk} role="group" aria-label={t('bulk.label')}>
            <span className={styles.selected} aria-live="polite">
              {t('bulk.selected', { count: selected.size })}
            </span>
            {selected.size > 0 && (
              <Button appearance="subtle" icon={<DismissRegular />} onClick={() => setSelected(new Map())}>
                {t('bulk.clear')}
              </Button>
            )}
            <Field label={t('bulk.status')} className={styles.filter}>
              <Dropdown
                value={bulkTarget ? t(`statuses.${bulkTarget}`) : ''}
                placeholder={t('bulk.choose')}
                selectedOptions={bulkTarget ? [bulkTarget] : []}
                onOptionSelect={(_e, data) => setBulkTarget((data.optionValue as OrderStatus) ?? '')}
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
              icon={bulk.isPending ? <Spinner size="tiny" /> : <ArrowSyncRegular />}
              disabled={bulk.isPending}
              onClick={onBulk}
            >
              {t('bulk.apply')}
            </Button>
          </div>
        }
        columnsPreference="orders.columns"
        empty={{
          icon: <ClipboardTextLtrRegular />,
          title: list.searching ? t('errors:noResults') : t('empty'),
          body: list.narrowed ? t('emptyFiltered') : undefined,
        }}
        columns={columns}
        onOpenRow={setOpened}
        tableSize="small"
      >
        {openedNow && <OrderDrawer order={openedNow} onChanged={setOpened} onClose={() => setOpened(null)} />}
      </ListScaffold>
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
