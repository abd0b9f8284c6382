/** The parts of the shipments list (shipments-page.tsx): its filters and its columns. */
import { Button, Field, makeStyles, Option, tokens } from '@fluentui/react-components';
import { ArrowResetRegular, BoxMultipleRegular, ReceiptRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '#shared/ipc';
import type { Shipment } from '#shared/schemas/shipment';
import { dateRangeOf, dateRangeText } from '../../ui/date-range';
import { DateRangeFilter } from '../../ui/date-range-filter';
import { FilterTabs } from '../../ui/list-screen/filter-tabs';
import type { ListColumn } from '../../ui/list-screen/list-scaffold';
import type { ListScreen } from '../../ui/list-screen/use-list-screen';
import { CellButton } from '../../ui/table-cells';
import { useDateDisplay } from '../../ui/use-date-display';
import { useOffline } from '../../ui/use-offline';
import { CURRENCY_SIGN, useFigure } from '../orders/order-columns';
import { OutboxBadge } from './outbox-parts';
import { shipmentDates, shipmentDatesText } from './shipment-dates';
import { ShipmentStatusBadge, TrackingLinkButton } from './shipment-parts';
import { Dropdown } from '../../ui/labelled-controls';

export const STATUS_TABS = ['ALL', 'RECEIVED', 'SHIPPED'] as const;
export type StatusTab = (typeof STATUS_TABS)[number];
export const SEARCH_BY = ['shipmentId', 'orderId'] as const;
export type SearchBy = (typeof SEARCH_BY)[number];
export type ShipmentFilter = 'status' | 'dates' | 'by';

const useStyles = makeStyles({
  filterRow: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  // Fluent's dropdown is 250 pixels wide of its own; two short choices need less.
  by: { width: '150px', '& .fui-Dropdown': { minWidth: 0, width: '100%' } },
  nowrap: { whiteSpace: 'nowrap' },
  rowActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

/**
 * What the text searches by, the shipping dates (the quarter of `now` until changed) and the
 * status.
 */
export function ShipmentFilters({
  list,
  by,
  now,
}: {
  list: ListScreen<Shipment, ShipmentFilter>;
  by: SearchBy;
  now: number;
}) {
  const styles = useStyles();
  const { t } = useTranslation('shipment');
  const dates = useDateDisplay();
  const { state } = list;
  const range = shipmentDates(state.filters.dates, now, dates.timeZone);
  return (
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
      <FilterTabs
        list={list}
        filter="status"
        values={STATUS_TABS}
        label={t('filters.status')}
        text={(tab) => (tab === 'ALL' ? t('filters.all') : t(`status.${tab}`))}
        size="small"
      />
    </div>
  );
}

/** The columns; a shipment's id opens its drawer, its buttons its orders and its customs. */
export function useShipmentColumns({
  onOpen,
  onOrders,
  onCustoms,
  onOutbox,
}: {
  onOpen: (shipment: Shipment) => void;
  onOrders: (shipment: Shipment) => void;
  onCustoms: (shipment: Shipment) => void;
  /** A conflict or refusal of customs entered offline, to settle. */
  onOutbox: (entry: OutboxEntry) => void;
}): ListColumn<Shipment>[] {
  const styles = useStyles();
  const { outboxOf } = useOffline();
  const { t } = useTranslation('shipment');
  const figure = useFigure();
  const dates = useDateDisplay();
  return [
    {
      key: 'shipmentId',
      header: t('columns.shipmentId'),
      sort: 'shipmentId',
      alwaysShown: true,
      className: styles.nowrap,
      cell: (s) => (
        <CellButton
          text={s.shipmentId}
          label={t('actions.open', { shipmentId: s.shipmentId })}
          maxWidth="170px"
          onClick={() => onOpen(s)}
        />
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
      unit: CURRENCY_SIGN.JPY,
      cell: (s) => figure(s.totalShippingFee, 'JPY'),
    },
    { key: 'customId', header: t('columns.customId'), truncate: '150px', cell: (s) => s.customId ?? '—' },
    {
      key: 'totalCustomFee',
      header: t('columns.totalCustomFee'),
      numeric: true,
      unit: CURRENCY_SIGN.INR,
      cell: (s) => (s.totalCustomFee === null ? '—' : figure(s.totalCustomFee, 'INR')),
    },
    {
      key: 'receivedDate',
      header: t('columns.receivedDate'),
      sort: 'receivedDate',
      sortFirst: 'desc',
      className: styles.nowrap,
      cell: (s) => (s.receivedDate ? dates.date(s.receivedDate) : '—'),
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (s) => {
        const entry = outboxOf(s._id);
        return (
          <div className={styles.rowActions}>
            <ShipmentStatusBadge status={s.status} />
            {entry && <OutboxBadge entry={entry} onOpen={() => onOutbox(entry)} />}
          </div>
        );
      },
    },
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
            onClick={() => onOrders(s)}
          />
          <Button
            size="small"
            icon={<ReceiptRegular />}
            aria-label={t('actions.addCustomsFor', { shipmentId: s.shipmentId })}
            // Entered offline and not sent yet: one entry per shipment, settled before another.
            title={outboxOf(s._id) ? t('outbox.pendingHint') : t('actions.addCustoms')}
            disabled={outboxOf(s._id) !== undefined}
            onClick={() => onCustoms(s)}
          />
        </div>
      ),
    },
  ];
}
