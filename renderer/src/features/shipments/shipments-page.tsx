/**
 * /shipment: the shipments, newest change first. A search by shipment id or order id, the
 * shipping-date range (the current quarter unless changed), the status (all, received,
 * shipped), sort, page and page size, all in the URL. Each row opens its tracking link outside
 * the app, lists its orders, takes its customs, and opens the shipment's drawer (also by
 * address: `?open=<shipment id>`, where a shipment id links to from the order screens).
 */
import { makeStyles } from '@fluentui/react-components';
import { VehicleTruckProfileRegular } from '@fluentui/react-icons';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LIMITS } from '#shared/constants';
import { shipmentsSearchSpec } from '#shared/list-specs';
import type { ListParams } from '#shared/query';
import type { OutboxEntry } from '#shared/ipc';
import type { Shipment } from '#shared/schemas/shipment';
import type { PublicConfig } from '../../api/config.api';
import { queryKeys } from '../../api/query-keys';
import { ListScaffold } from '../../ui/list-screen/list-scaffold';
import type { ListFilter } from '../../ui/list-screen/list-state';
import { prefetchList, useListScreen, type ListScreenOptions } from '../../ui/list-screen/use-list-screen';
import { useDateDisplay } from '../../ui/use-date-display';
import { CustomsDialog } from './customs-dialog';
import { ConflictDialog } from './outbox-parts';
import { useShipmentByAddress } from './shipment-by-address';
import { shipmentDates } from './shipment-dates';
import { ShipmentDrawer } from './shipment-drawer';
import { ShipmentOrdersDialog } from './shipment-orders-dialog';
import {
  SEARCH_BY,
  ShipmentFilters,
  STATUS_TABS,
  useShipmentColumns,
  type SearchBy,
  type ShipmentFilter,
  type StatusTab,
} from './shipments-page-parts';
import { fetchShipments, searchShipments } from './shipments.api';

const statusFilter: ListFilter<StatusTab> = {
  choices: STATUS_TABS,
  default: 'ALL',
  toFilters: (status) => ({ status: status === 'ALL' ? undefined : status }),
};
/** What the search text is; it goes with the text, so it is no filter of its own. */
const byFilter: ListFilter<SearchBy> = { choices: SEARCH_BY, default: 'shipmentId', toFilters: () => ({}) };

const LIST_SIZES = LIMITS.shipmentsPageSizeOptions;
/** A search asks for 50 a page unless the user picks another size. */
const SEARCH_SIZES = [
  LIMITS.shipmentSearchLimit,
  ...LIST_SIZES.filter((s) => s !== LIMITS.shipmentSearchLimit),
] as const;

const withSearchBy = (params: ListParams, by: SearchBy): ListParams =>
  params.extras?.searchStr ? { ...params, extras: { ...params.extras, searchBy: by } } : params;

/**
 * The list's options for the business's time zone (the default quarter is its calendar's, at
 * `now`), what the text searches by, and whether there is text (a search pages by 50).
 */
function shipmentListOptions(
  zone: string | undefined,
  {
    by = 'shipmentId',
    searching = false,
    now = Date.now(),
  }: { by?: SearchBy; searching?: boolean; now?: number } = {},
): ListScreenOptions<Shipment, ShipmentFilter> {
  const datesFilter: ListFilter = {
    default: '',
    toFilters: (text) => {
      const { from, to } = shipmentDates(text, now, zone);
      return from || to ? { shippingDate: { gte: from, lte: to } } : {};
    },
  };
  return {
    spec: shipmentsSearchSpec,
    searchParam: 'searchStr',
    pageSizes: searching ? SEARCH_SIZES : LIST_SIZES,
    filters: { status: statusFilter, dates: datesFilter, by: byFilter },
    queryKey: (params) =>
      params.extras?.searchStr
        ? queryKeys.shipments.search(withSearchBy(params, by))
        : queryKeys.shipments.list(params),
    fetch: async (params) => {
      if (!params.extras?.searchStr) return fetchShipments(params);
      const found = await searchShipments(withSearchBy(params, by));
      return { data: found.data, totalCount: found.totalcount };
    },
  };
}

export const prefetch = (queryClient: QueryClient) =>
  prefetchList(
    queryClient,
    shipmentListOptions(queryClient.getQueryData<PublicConfig>(queryKeys.config)?.timeZone),
  );

const useStyles = makeStyles({
  search: { width: '240px' },
});

export default function ShipmentsPage() {
  const styles = useStyles();
  const { t } = useTranslation('shipment');
  const dates = useDateDisplay();
  const [url] = useSearchParams();
  const by: SearchBy = url.get('by') === 'orderId' ? 'orderId' : 'shipmentId';
  const searching = (url.get('q') ?? '').trim() !== '';
  // "This quarter" is the quarter of the moment the screen opened.
  const [now] = useState(() => Date.now());
  const list = useListScreen(shipmentListOptions(dates.timeZone, { by, searching, now }));
  const [ordersOf, setOrdersOf] = useState<Shipment | null>(null);
  const [customsOf, setCustomsOf] = useState<Shipment | null>(null);
  const [picked, setPicked] = useState<Shipment | null>(null);
  const byAddress = useShipmentByAddress();
  const opened = picked ?? byAddress.shipment;
  // Rows refetched after a change are newer than the copy the drawer opened with.
  const openedNow = opened && (list.rows.find((s) => s._id === opened._id) ?? opened);
  const setOpened = (shipment: Shipment | null) => {
    if (byAddress.shipment) byAddress.close();
    setPicked(shipment);
  };

  const [settling, setSettling] = useState<OutboxEntry | null>(null);
  const columns = useShipmentColumns({
    onOpen: setOpened,
    onOrders: setOrdersOf,
    onCustoms: setCustomsOf,
    onOutbox: setSettling,
  });

  return (
    <ListScaffold
      list={list}
      label={t('table')}
      search={{
        label: t('search.label'),
        placeholder: by === 'orderId' ? t('search.byOrderId') : t('search.byShipmentId'),
        className: styles.search,
      }}
      filters={<ShipmentFilters list={list} by={by} now={now} />}
      columnsPreference="shipments.columns"
      empty={{
        icon: <VehicleTruckProfileRegular />,
        title: list.searching ? t('errors:noResults') : t('empty'),
        body: list.narrowed ? t('emptyFiltered') : t('emptyQuarter'),
      }}
      columns={columns}
      onOpenRow={setOpened}
      tableSize="small"
    >
      {ordersOf && <ShipmentOrdersDialog shipment={ordersOf} onClose={() => setOrdersOf(null)} />}
      {customsOf && <CustomsDialog shipment={customsOf} mode="save" onClose={() => setCustomsOf(null)} />}
      {settling && <ConflictDialog entry={settling} onClose={() => setSettling(null)} />}
      {openedNow && <ShipmentDrawer shipment={openedNow} onClose={() => setOpened(null)} />}
    </ListScaffold>
  );
}
