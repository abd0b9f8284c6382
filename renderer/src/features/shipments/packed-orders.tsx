/**
 * Orders ready to ship: PACKED Amazon India and own-shop orders (Amazon Japan orders are
 * fulfilled inside Japan), from the orders list and its search. Combine Orders lists them with
 * its filters in the URL; a shipment's "add orders" dialog lists them in its own state. Both
 * keep a selection across pages, in the order the orders were chosen.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_ENTRY_PLATFORMS } from '#shared/constants';
import { ordersSearchSpec } from '#shared/list-specs';
import type { ListParams } from '#shared/query';
import type { Order } from '#shared/schemas/order';
import { queryKeys } from '../../api/query-keys';
import { dateRangeOf } from '../../ui/date-range';
import type { ListColumn } from '../../ui/list-screen/list-scaffold';
import type { ListFilter } from '../../ui/list-screen/list-state';
import type { ListScreen, ListScreenOptions } from '../../ui/list-screen/use-list-screen';
import { PlatformFilter } from '../../ui/platform-filter';
import { useSelectColumn } from '../../ui/table-cells';
import { useOrderColumnBuilder } from '../orders/order-columns';
import { fetchOrders, searchOrders } from '../orders/orders.api';

/** The India platforms a shipment takes. */
export const SHIPMENT_PLATFORMS = ORDER_ENTRY_PLATFORMS;
const ANY = '';

/** Always PACKED: a filter of one value, so every request (and its cache key) says so. */
const readyFilter: ListFilter<'PACKED'> = {
  choices: ['PACKED'],
  default: 'PACKED',
  toFilters: () => ({ shipmentStatus: 'PACKED' }),
};
/** Both India platforms (anything but Amazon Japan), or one of them. */
const platformFilter: ListFilter = {
  choices: [ANY, ...SHIPMENT_PLATFORMS],
  default: ANY,
  toFilters: (platform) => ({ platformCode: platform || { ne: 'AMAZONJP' } }),
};
const datesFilter: ListFilter = {
  default: ANY,
  toFilters: (text) => {
    const { from, to } = dateRangeOf(text);
    return from || to ? { orderDate: { gte: from, lte: to } } : {};
  },
};

/** Text goes to the orders search with the other filters, and answers in its own shape. */
const fetchPage = async (params: ListParams) => {
  if (!params.extras?.searchStr) return fetchOrders(params);
  const found = await searchOrders(params);
  return { data: found.data, totalCount: found.totalcount };
};

export type PackedFilter = 'ready' | 'platform' | 'dates';

export const PACKED_ORDERS: ListScreenOptions<Order, PackedFilter> = {
  spec: ordersSearchSpec,
  searchParam: 'searchStr',
  pageSizes: [25, 50, 100],
  filters: { ready: readyFilter, platform: platformFilter, dates: datesFilter },
  queryKey: (params) =>
    params.extras?.searchStr ? queryKeys.orders.search(params) : queryKeys.orders.list(params),
  fetch: fetchPage,
};

/** Chosen orders, kept across pages and filters, in the order they were chosen. */
export function useOrderSelection() {
  const [selected, setSelected] = useState<ReadonlyMap<string, Order>>(new Map());
  const set = (orders: readonly Order[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const order of orders) {
        if (on) {
          if (!next.has(order._id)) next.set(order._id, order);
        } else next.delete(order._id);
      }
      return next;
    });
  return {
    selected,
    orders: [...selected.values()],
    toggle: (order: Order, on: boolean) => set([order], on),
    togglePage: (rows: readonly Order[], on: boolean) => set(rows, on),
    clear: () => setSelected(new Map()),
    /** Drops chosen orders that are no longer ready (shipped meanwhile), keeping the others. */
    keepOnly: (ids: ReadonlySet<string>) =>
      setSelected((current) => new Map([...current].filter(([id]) => ids.has(id)))),
  };
}
export type OrderSelection = ReturnType<typeof useOrderSelection>;

const useStyles = makeStyles({
  filter: { minWidth: '190px' },
  filterRow: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/** The columns of a list of orders ready to ship, the first one choosing orders. */
export function usePackedColumns(list: ListScreen<Order, string>, selection: OrderSelection) {
  const { t } = useTranslation('ordershipment');
  const orderColumn = useOrderColumnBuilder();
  const select = useSelectColumn<Order>({
    rows: list.rows,
    isSelected: (o) => selection.selected.has(o._id),
    onToggle: selection.toggle,
    onTogglePage: (on) => selection.togglePage(list.rows, on),
    header: t('columns.select'),
    pageLabel: t('columns.selectPage'),
    rowLabel: (o) => t('columns.selectOrder', { orderId: o.orderId }),
  });
  const columns: ListColumn<Order>[] = [
    select,
    { ...orderColumn.orderId(t('columns.orderId')), sort: 'orderId' },
    { ...orderColumn.orderDate(t('columns.orderDate')), sort: 'orderDate', sortFirst: 'desc' },
    orderColumn.platform(t('columns.platform')),
    orderColumn.product(t('columns.product'), '220px'),
    orderColumn.quantity(t('columns.quantity')),
    { ...orderColumn.price(t('columns.price')), sort: 'baseOrderPrice', sortFirst: 'desc' },
    {
      key: 'customer',
      header: t('columns.customer'),
      truncate: '160px',
      cell: (o) => o.customer?.name || '—',
    },
  ];
  return columns;
}

/** The platform choice: both India platforms, or one. */
export function PlatformChoice({ list }: { list: ListScreen<Order, string> }) {
  const styles = useStyles();
  const { t } = useTranslation('ordershipment');
  const value = list.state.filters.platform ?? ANY;
  return (
    <PlatformFilter
      label={t('filters.platform')}
      allLabel={t('filters.allPlatforms')}
      value={value}
      onChange={(v) => list.setFilter('platform', v)}
      platforms={SHIPMENT_PLATFORMS}
      className={styles.filter}
    />
  );
}
