/**
 * The packing station's queue: accepted orders' lines, earliest expected shipping date first,
 * within a platform or not, searched by order id (the order search). Each row opens its order.
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { BoxRegular, OpenRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Order } from '#shared/schemas/order';
import { queryKeys } from '../../api/query-keys';
import { formatDateOnly } from '../../ui/date-display';
import { ListScaffold, type ListColumn } from '../../ui/list-screen/list-scaffold';
import type { ListFilter } from '../../ui/list-screen/list-state';
import { useListScreen } from '../../ui/list-screen/use-list-screen';
import { ALL_PLATFORMS, PlatformFilter } from '../../ui/platform-filter';
import { useDateDisplay } from '../../ui/use-date-display';
import { PlatformLogo } from '../orders/order-parts';
import { useProductName } from '../products/product-name';
import { fetchPackingQueue, packingQueueSpec } from './packing.api';

const platformFilter: ListFilter = {
  default: ALL_PLATFORMS,
  toFilters: (value) => ({ platformCode: value || undefined }),
};

const useStyles = makeStyles({
  search: { width: '260px' },
  platform: { minWidth: '200px' },
  nowrap: { whiteSpace: 'nowrap' },
  open: { fontFamily: tokens.fontFamilyMonospace },
});

export function PackingQueue({ onOpen }: { onOpen: (order: Order) => void }) {
  const styles = useStyles();
  const { t } = useTranslation('packing');
  const display = useDateDisplay();
  const productName = useProductName();
  const list = useListScreen({
    spec: packingQueueSpec,
    searchParam: 'searchStr',
    pageSizes: [25, 50, 100],
    filters: { platform: platformFilter },
    queryKey: (params) => [...queryKeys.orders.all, 'packing-queue', params],
    fetch: fetchPackingQueue,
  });

  const columns: ListColumn<Order>[] = [
    {
      key: 'orderId',
      header: t('queue.orderId'),
      alwaysShown: true,
      cell: (order) => (
        <Button
          appearance="subtle"
          size="small"
          icon={<OpenRegular />}
          className={styles.open}
          aria-label={t('queue.open', { orderId: order.orderId })}
          onClick={() => onOpen(order)}
        >
          {order.orderId}
        </Button>
      ),
    },
    {
      key: 'platform',
      header: t('queue.platform'),
      cell: (order) => <PlatformLogo platform={order.platformCode} />,
    },
    {
      key: 'expectedShippingDate',
      header: t('queue.shipBy'),
      sort: 'expectedShippingDate',
      className: styles.nowrap,
      cell: (order) =>
        order.expectedShippingDate ? formatDateOnly(order.expectedShippingDate, display) : t('queue.noDate'),
    },
    {
      key: 'product',
      header: t('queue.product'),
      truncate: '360px',
      cell: (order) => (order.product ? productName(order.product) : '—'),
    },
    { key: 'quantity', header: t('queue.quantity'), numeric: true, cell: (order) => order.orderQuantity },
  ];

  return (
    <ListScaffold
      list={list}
      label={t('queue.title')}
      search={{ label: t('queue.search'), className: styles.search }}
      filters={
        <PlatformFilter
          label={t('queue.platform')}
          allLabel={t('queue.allPlatforms')}
          value={list.state.filters.platform}
          onChange={(value) => list.setFilter('platform', value)}
          className={styles.platform}
        />
      }
      empty={{ icon: <BoxRegular />, title: list.searching ? t('queue.emptySearch') : t('queue.empty') }}
      columns={columns}
      rowKey={(order) => order._id}
      onOpenRow={onOpen}
    />
  );
}
