/**
 * /shipment: the shipments, newest change first. A search by shipment id or order id, the
 * shipping-date range (the current quarter unless changed), the status (all, received,
 * shipped), sort, page and page size, all in the URL. Each row opens its tracking link outside
 * the app, lists its orders, takes its customs, and opens the shipment's drawer.
 */
import {
  Button,
  Dropdown,
  Field,
  makeStyles,
  Option,
  Tab,
  TabList,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowResetRegular,
  BoxMultipleRegular,
  ReceiptRegular,
  VehicleTruckProfileRegular,
} from '@fluentui/react-icons';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LIMITS } from '#shared/constants';
import { shipmentsSearchSpec } from '#shared/list-specs';
import type { ListParams } from '#shared/query';
import type { Shipment } from '#shared/schemas/shipment';
import type { PublicConfig } from '../../api/config.api';
import { queryKeys } from '../../api/query-keys';
import { TruncatedText } from '../../ui/app-table';
import { ListScaffold, type ListColumn } from '../../ui/list-screen/list-scaffold';
import type { ListFilter } from '../../ui/list-screen/list-state';
import { prefetchList, useListScreen, type ListScreenOptions } from '../../ui/list-screen/use-list-screen';
import { useDateDisplay } from '../../ui/use-date-display';
import { dateRangeOf, dateRangeText } from '../../ui/date-range';
import { DateRangeFilter } from '../../ui/date-range-filter';
import { useMoney } from '../orders/order-parts';
import { CustomsDialog } from './customs-dialog';
import { shipmentDates, shipmentDatesText } from './shipment-dates';
import { ShipmentDrawer } from './shipment-drawer';
import { ShipmentOrdersDialog } from './shipment-orders-dialog';
import { ShipmentStatusBadge, TrackingLinkButton } from './shipment-parts';
import { fetchShipments, searchShipments } from './shipments.api';

const STATUS_TABS = ['ALL', 'RECEIVED', 'SHIPPED'] as const;
type StatusTab = (typeof STATUS_TABS)[number];
const SEARCH_BY = ['shipmentId', 'orderId'] as const;
type SearchBy = (typeof SEARCH_BY)[number];
type ShipmentFilter = 'status' | 'dates' | 'by';

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
  filterRow: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  // Fluent's dropdown is 250 pixels wide of its own; two short choices need less.
  by: { width: '150px', '& .fui-Dropdown': { minWidth: 0, width: '100%' } },
  search: { width: '240px' },
  nowrap: { whiteSpace: 'nowrap' },
  link: {
    padding: 0,
    minWidth: 0,
    height: 'auto',
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForegroundLink,
  },
  rowActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

export default function ShipmentsPage() {
  const styles = useStyles();
  const { t } = useTranslation('shipment');
  const money = useMoney();
  const dates = useDateDisplay();
  const [url] = useSearchParams();
  const by: SearchBy = url.get('by') === 'orderId' ? 'orderId' : 'shipmentId';
  const searching = (url.get('q') ?? '').trim() !== '';
  // "This quarter" is the quarter of the moment the screen opened.
  const [now] = useState(() => Date.now());
  const list = useListScreen(shipmentListOptions(dates.timeZone, { by, searching, now }));
  const { state } = list;
  const range = shipmentDates(state.filters.dates, now, dates.timeZone);
  const [ordersOf, setOrdersOf] = useState<Shipment | null>(null);
  const [customsOf, setCustomsOf] = useState<Shipment | null>(null);
  const [opened, setOpened] = useState<Shipment | null>(null);
  // Rows refetched after a change are newer than the copy the drawer opened with.
  const openedNow = opened && (list.rows.find((s) => s._id === opened._id) ?? opened);

  const columns: ListColumn<Shipment>[] = [
    {
      key: 'shipmentId',
      header: t('columns.shipmentId'),
      sort: 'shipmentId',
      alwaysShown: true,
      className: styles.nowrap,
      cell: (s) => (
        <Button
          appearance="transparent"
          className={styles.link}
          onClick={() => setOpened(s)}
          aria-label={t('actions.open', { shipmentId: s.shipmentId })}
        >
          <TruncatedText text={s.shipmentId} maxWidth="170px" inFocusable />
        </Button>
      ),
    },
    {
      key: 'shippingDate',
      header: t('columns.shippingDate'),
      sort: 'shippingDate',
      sortFirst: 'desc',
      className: styles.nowrap,
      cell: (s) => dates.date(s.shippingDate),
    },
    {
      key: 'trackingLink',
      header: t('columns.trackingLink'),
      cell: (s) => <TrackingLinkButton link={s.shipmentTrackingLink} shipmentId={s.shipmentId} />,
    },
    {
      key: 'totalShippingFee',
      header: t('columns.totalShippingFee'),
      sort: 'totalShippingFee',
      sortFirst: 'desc',
      numeric: true,
      cell: (s) => money(s.totalShippingFee, 'JPY'),
    },
    { key: 'customId', header: t('columns.customId'), truncate: '150px', cell: (s) => s.customId ?? '—' },
    {
      key: 'totalCustomFee',
      header: t('columns.totalCustomFee'),
      numeric: true,
      cell: (s) => (s.totalCustomFee === null ? '—' : money(s.totalCustomFee, 'INR')),
    },
    {
      key: 'receivedDate',
      header: t('columns.receivedDate'),
      sort: 'receivedDate',
      sortFirst: 'desc',
      className: styles.nowrap,
      cell: (s) => (s.receivedDate ? dates.date(s.receivedDate) : '—'),
    },
    { key: 'status', header: t('columns.status'), cell: (s) => <ShipmentStatusBadge status={s.status} /> },
    {
      key: 'actions',
      header: t('columns.actions'),
      alwaysShown: true,
      cell: (s) => (
        <div className={styles.rowActions}>
          {/* Icons named in full (and a title, not a tooltip per row), so the row fits a 1280-pixel window. */}
          <Button
            size="small"
            icon={<BoxMultipleRegular />}
            aria-label={t('actions.viewOrdersFor', { shipmentId: s.shipmentId })}
            title={t('actions.viewOrders')}
            onClick={() => setOrdersOf(s)}
          />
          <Button
            size="small"
            icon={<ReceiptRegular />}
            aria-label={t('actions.addCustomsFor', { shipmentId: s.shipmentId })}
            title={t('actions.addCustoms')}
            onClick={() => setCustomsOf(s)}
          />
        </div>
      ),
    },
  ];

  return (
    <ListScaffold
      list={list}
      label={t('table')}
      search={{
        label: t('search.label'),
        placeholder: by === 'orderId' ? t('search.byOrderId') : t('search.byShipmentId'),
        className: styles.search,
      }}
      filters={
        <div className={styles.filterRow}>
          <Field label={t('search.by')} className={styles.by}>
            <Dropdown
              value={t(`search.${by}`)}
              selectedOptions={[by]}
              onOptionSelect={(_e, data) => list.setFilter('by', data.optionValue ?? 'shipmentId')}
            >
              {SEARCH_BY.map((b) => (
                <Option key={b} value={b}>
                  {t(`search.${b}`)}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <DateRangeFilter
            fromLabel={t('filters.from')}
            toLabel={t('filters.to')}
            value={dateRangeText(range.from, range.to)}
            onChange={(text) => {
              const { from, to } = dateRangeOf(text);
              list.setFilter('dates', shipmentDatesText(from, to));
            }}
          />
          {state.filters.dates !== '' && (
            <Button icon={<ArrowResetRegular />} onClick={() => list.setFilter('dates', '')}>
              {t('filters.thisQuarter')}
            </Button>
          )}
          <TabList
            size="small"
            aria-label={t('filters.status')}
            selectedValue={state.filters.status}
            onTabSelect={(_e, data) => list.setFilter('status', data.value as StatusTab)}
          >
            {STATUS_TABS.map((tab) => (
              <Tab key={tab} value={tab}>
                {tab === 'ALL' ? t('filters.all') : t(`status.${tab}`)}
              </Tab>
            ))}
          </TabList>
        </div>
      }
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
      {openedNow && <ShipmentDrawer shipment={openedNow} onClose={() => setOpened(null)} />}
    </ListScaffold>
  );
}
