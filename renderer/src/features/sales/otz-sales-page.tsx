/**
 * /ot-sales-management: the sales report over OTZ orders (the storefront's PayPal orders): the
 * same period bar and summary figures as sales management (commission is 0: PayPal's fees are
 * not recorded), and the OTZ sales with their yen figures. Not offered on the restricted brand,
 * which has no OTZ orders.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { LockClosedRegular, ReceiptMoneyRegular } from '@fluentui/react-icons';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BUSINESS_ZONE } from '#shared/domain/periods';
import type { ListParams } from '#shared/query';
import type { PublicConfig } from '../../api/config.api';
import { queryKeys } from '../../api/query-keys';
import { ListScaffold, type ListColumn } from '../../ui/list-screen/list-scaffold';
import { prefetchList, useListScreen } from '../../ui/list-screen/use-list-screen';
import { EmptyState, LoadingState } from '../../ui/page-state';
import { useDateDisplay } from '../../ui/use-date-display';
import { useProductName } from '../products/product-name';
import { useConfig } from '../shell/use-config';
import { profitColumn, yenColumn } from './sales-columns';
import { otzSalesListConfig, reportQueryOf } from './sales-list';
import { PeriodBar, SummaryCards } from './sales-parts';
import { fetchOtzSales, fetchOtzSalesSummary, type OtzSaleRow } from './sales.api';

const listOptions = (zone: string) => ({
  ...otzSalesListConfig(zone),
  queryKey: queryKeys.sales.otzList,
  fetch: (params: ListParams) => fetchOtzSales(params),
});

export const prefetch = (queryClient: QueryClient) => {
  const config = queryClient.getQueryData<PublicConfig>(queryKeys.config);
  if (config?.restrictedBrand) return;
  return prefetchList(queryClient, listOptions(config?.timeZone ?? BUSINESS_ZONE));
};

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  nowrap: { whiteSpace: 'nowrap' },
  mono: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'nowrap' },
});

export default function OtzSalesPage() {
  const { t } = useTranslation('otzsales');
  const config = useConfig();
  if (config.isPending) return <LoadingState />;
  if (config.data?.restrictedBrand)
    return (
      <div role="status" data-testid="otz-sales-unavailable">
        <EmptyState icon={<LockClosedRegular />} title={t('unavailable.title')}>
          {t('unavailable.body')}
        </EmptyState>
      </div>
    );
  return <OtzSalesReport zone={config.data?.timeZone ?? BUSINESS_ZONE} />;
}

function OtzSalesReport({ zone }: { zone: string }) {
  const styles = useStyles();
  const { t } = useTranslation('otzsales');
  const dates = useDateDisplay();
  const productName = useProductName();
  const list = useListScreen(listOptions(zone));
  const report = reportQueryOf(list.params);
  const summary = useQuery({
    queryKey: queryKeys.sales.otzSummary(report.from ?? '', report.to ?? ''),
    queryFn: () => fetchOtzSalesSummary({ from: report.from, to: report.to }),
  });

  const columns: ListColumn<OtzSaleRow>[] = [
    {
      key: 'transactionId',
      header: t('columns.transactionId'),
      alwaysShown: true,
      // The id in monospace, its header in the table's font.
      cell: (o) => <span className={styles.mono}>{o.paypalTransactionId}</span>,
    },
    {
      key: 'orderDate',
      header: t('columns.orderDate'),
      sort: 'orderDate',
      sortFirst: 'desc',
      className: styles.nowrap,
      cell: (o) => dates.date(o.orderDate),
    },
    {
      key: 'customer',
      header: t('columns.customer'),
      truncate: '180px',
      cell: (o) => o.customer?.name || '—',
    },
    {
      key: 'items',
      header: t('columns.items'),
      truncate: '260px',
      cell: (o) =>
        o.items
          .map((item) =>
            t('item', { name: item.product ? productName(item.product) : '—', count: item.orderQuantity }),
          )
          .join(', '),
    },
    yenColumn('salesValue', t('columns.salesValue'), 'salesValue'),
    yenColumn('goodsCost', t('columns.goodsCost'), 'costOfGoods'),
    profitColumn(t('columns.profit')),
  ];

  return (
    <div className={styles.page}>
      <PeriodBar
        value={list.state.filters.period}
        zone={zone}
        onChange={(v) => list.setFilter('period', v)}
      />
      <SummaryCards
        title={t('summary')}
        help={t('help')}
        summary={summary.data}
        error={summary.error}
        onRetry={() => void summary.refetch()}
        labels={{ amazonCommission: t('commission') }}
        cardNotes={{ amazonCommission: t('commissionNote') }}
      />
      <ListScaffold
        list={list}
        label={t('table')}
        search={{ label: t('search.label'), placeholder: t('search.placeholder') }}
        empty={{ icon: <ReceiptMoneyRegular />, title: t('errors:noData') }}
        columns={columns}
        tableSize="small"
      />
    </div>
  );
}
