/**
 * /shipping-management: platform orders with status tabs and their counts, filters kept in the
 * URL (platform, order dates, shipment id, product, search text), a selection that survives
 * paging for bulk status changes, and a drawer per order for its status, fields and history.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { ClipboardTextLtrRegular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUS_FILTERS, PLATFORMS, type Platform } from '#shared/constants';
import { ordersSearchSpec } from '#shared/list-specs';
import type { ListParams } from '#shared/query';
import type { Order, TabCountsFilters } from '#shared/schemas/order';
import { queryKeys } from '../../api/query-keys';
import { dateRangeOf } from '../../ui/date-range';
import { ListScaffold } from '../../ui/list-screen/list-scaffold';
import type { ListFilter } from '../../ui/list-screen/list-state';
import { useListScreen } from '../../ui/list-screen/use-list-screen';
import { PickListActions } from '../pick-list/pick-list-actions';
import { OrderDrawer } from './order-drawer';
import {
  ANY,
  BulkStatusBar,
  OrderFilters,
  PRICE_SORT,
  StatusTabs,
  useOrderColumns,
  useOrderSelection,
  type StatusTab,
} from './orders-page-parts';
import { fetchOrders, fetchOrderTotals, searchOrders } from './orders.api';

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

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
});

export default function OrdersPage() {
  const styles = useStyles();
  const { t } = useTranslation('ordermanagement');
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
  // The tabs count what the list shows in each tab: every other filter and the search text.
  const tabFilters: TabCountsFilters = {
    ...dateRangeOf(state.filters.dates),
    platformCode: (state.filters.platform || undefined) as Platform | undefined,
    shipmentId: state.filters.shipment || undefined,
    product: state.filters.product || undefined,
    searchStr: list.searching ? state.q : undefined,
  };
  const totals = useQuery({
    queryKey: queryKeys.orders.totals(tabFilters),
    queryFn: () => fetchOrderTotals(tabFilters),
    placeholderData: keepPreviousData,
  });
  const countOf = (tab: StatusTab) =>
    totals.data ? (tab === 'ALL' ? totals.data.totalCount : (totals.data.byStatus[tab] ?? 0)) : undefined;

  const selection = useOrderSelection(list.rows);
  const [opened, setOpened] = useState<Order | null>(null);
  // Rows refetched after a change are newer than the copies the selection and the drawer hold.
  const fresh = new Map(list.rows.map((o) => [o._id, o]));
  const current = (order: Order) => fresh.get(order._id) ?? order;
  const openedNow = opened && current(opened);
  const { platformCode } = tabFilters;
  const columns = useOrderColumns(list.rows, selection, setOpened, platformCode !== undefined);
  // A price sort left from a chosen platform (or a link) would mix currencies once it is cleared.
  const mixedPriceSort = platformCode === undefined && state.sort.replace(/^-/, '') === PRICE_SORT;
  useEffect(() => {
    if (mixedPriceSort) list.setSort(ordersSearchSpec.defaultSort);
  }, [mixedPriceSort, list]);

  return (
    <div className={styles.page}>
      <StatusTabs
        value={state.filters.status}
        onChange={(tab) => list.setFilter('status', tab)}
        countOf={countOf}
      />
      <ListScaffold
        list={list}
        label={t('table')}
        search={{ label: t('search.label'), placeholder: t('search.placeholder') }}
        filters={<OrderFilters list={list} />}
        actions={
          <>
            <BulkStatusBar selection={selection} current={current} />
            <PickListActions selected={[...selection.selected.values()].map(current)} />
          </>
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
