/**
 * /sales-management: the sales (shipped and completed orders, by order date) of a period and
 * platform: seven summary figures in yen, the daily sales value and profit as a chart or a
 * table, the sales list (search, sort, paging, column choice) and the CSV download. Every
 * filter is in the URL.
 */
import { Button, makeStyles, Tab, TabList, tokens, Card, Subtitle2 } from '@fluentui/react-components';
import { ArrowDownloadRegular, ReceiptMoneyRegular } from '@fluentui/react-icons';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { BUSINESS_ZONE } from '#shared/domain/periods';
import type { ListParams } from '#shared/query';
import type { PublicConfig } from '../../api/config.api';
import { queryKeys } from '../../api/query-keys';
import { AppLink } from '../../ui/app-link';
import { AppTable, type TableColumn } from '../../ui/app-table';
import type { DateRange } from '../../ui/date-range';
import { ListScaffold } from '../../ui/list-screen/list-scaffold';
import { prefetchList, useListScreen } from '../../ui/list-screen/use-list-screen';
import { EmptyState, ErrorState, LoadingState } from '../../ui/page-state';
import { PlatformFilter } from '../../ui/platform-filter';
import { useDateDisplay } from '../../ui/use-date-display';
import { ProductDetailsDialog } from '../products/product-details-dialog';
import { PAGES } from '../shell/menu';
import { useConfig } from '../shell/use-config';
import { useSalesColumns } from './sales-columns';
import { SalesExportDialog } from './sales-export-dialog';
import { reportQueryOf, salesListConfig, salesRequest, searchingIn } from './sales-list';
import { formatCount } from './sales-money';
import { PeriodBar, SummaryCards, Yen } from './sales-parts';
import { fillDays, type DailyPoint } from './sales-period';
import { fetchDailySales, fetchSales, fetchSalesSummary, type ReportQuery } from './sales.api';

// The chart library comes with the chart, after the screen is on screen.
const SalesChart = lazy(() => import('./sales-chart'));

const ANY = '';
/** Where rates are entered; linked from the note on sales without one once that screen exists. */
const RATES_PATH = '/settings/exchange-rates';
const hasRatesScreen = Object.hasOwn(PAGES, RATES_PATH);
const VIEW_KEY = 'view';
const COLUMNS_PREFERENCE = 'sales.columns';

const fetchPage = (params: ListParams) => fetchSales(salesRequest(params));

const listOptions = (zone: string, searching: boolean) => ({
  ...salesListConfig(zone, searching),
  queryKey: queryKeys.sales.list,
  fetch: fetchPage,
});

/** The business's time zone, as the config gave it (the default until it has). */
const zoneIn = (queryClient: QueryClient) =>
  queryClient.getQueryData<PublicConfig>(queryKeys.config)?.timeZone ?? BUSINESS_ZONE;

/** Hovering the menu's Sales item fetches the first page and the month's figures. */
export const prefetch = (queryClient: QueryClient) => {
  const options = listOptions(zoneIn(queryClient), false);
  return prefetchList(queryClient, options);
};

const summaryQuery = (query: ReportQuery) => ({
  queryKey: queryKeys.sales.summary(query.from ?? '', query.to ?? '', query.platformCode ?? ''),
  queryFn: () => fetchSalesSummary(query),
});

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  filter: { minWidth: '170px' },
  otz: { marginLeft: 'auto', alignSelf: 'center' },
  daily: { padding: 0, gap: 0, minWidth: 0 },
  dailyBar: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  dailyBody: { padding: tokens.spacingHorizontalL, minWidth: 0 },
  nowrap: { whiteSpace: 'nowrap' },
  heading: { margin: 0 },
});

export default function SalesPage() {
  const styles = useStyles();
  const { t } = useTranslation('salesmanagement');
  const config = useConfig().data;
  const zone = config?.timeZone ?? BUSINESS_ZONE;
  const [urlParams] = useSearchParams();
  const list = useListScreen(listOptions(zone, searchingIn(urlParams)));
  const { state } = list;
  const report = reportQueryOf(list.params);
  const summary = useQuery(summaryQuery(report));
  const [productId, setProductId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  // The desktop app's File → Export sales CSV… arrives here with the dialog to open.
  const location = useLocation();
  const [arrival, setArrival] = useState<string | null>(null);
  if (location.key !== arrival) {
    setArrival(location.key);
    if ((location.state as { open?: string } | null)?.open === 'salesExport') setExporting(true);
  }

  const columns = useSalesColumns(setProductId);

  return (
    <div className={styles.page}>
      <PeriodBar value={state.filters.period} zone={zone} onChange={(v) => list.setFilter('period', v)}>
        <PlatformFilter
          label={t('filters.platform')}
          allLabel={t('filters.allPlatforms')}
          value={state.filters.platform ?? ANY}
          onChange={(v) => list.setFilter('platform', v)}
          className={styles.filter}
        />
        {config && !config.restrictedBrand && (
          <div className={styles.otz}>
            <AppLink to="/ot-sales-management">{t('otzSales')}</AppLink>
          </div>
        )}
      </PeriodBar>
      <SummaryCards
        title={t('summary')}
        help={t('help')}
        summary={summary.data}
        error={summary.error}
        onRetry={() => void summary.refetch()}
        rateNote={hasRatesScreen ? <AppLink to={RATES_PATH}>{t('notes.rates')}</AppLink> : undefined}
      />
      <DailySales
        query={report}
        // Open ends are the current month's, as the server fills them in.
        range={{ from: report.from ?? summary.data?.from, to: report.to ?? summary.data?.to }}
      />
      <ListScaffold
        list={list}
        label={t('table')}
        search={{ label: t('search.label'), placeholder: t('search.placeholder') }}
        actions={
          <Button icon={<ArrowDownloadRegular />} onClick={() => setExporting(true)}>
            {t('export.button')}
          </Button>
        }
        columnsPreference={COLUMNS_PREFERENCE}
        empty={{
          icon: <ReceiptMoneyRegular />,
          title: t('errors:noData'),
          body: list.searching ? t('search.completedOnly') : undefined,
        }}
        columns={columns}
        tableSize="small"
      >
        {productId && <ProductDetailsDialog productId={productId} open onClose={() => setProductId(null)} />}
        {exporting && <SalesExportDialog open initial={report} onClose={() => setExporting(false)} />}
      </ListScaffold>
    </div>
  );
}

type DailyView = 'chart' | 'table';

/** Daily sales value and profit of the period: a chart, or the same figures as a table. */
function DailySales({ query, range }: { query: ReportQuery; range: DateRange }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('salesmanagement');
  const dates = useDateDisplay();
  const [params, setParams] = useSearchParams();
  const view: DailyView = params.get(VIEW_KEY) === 'table' ? 'table' : 'chart';
  const setView = (next: DailyView) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'chart') updated.delete(VIEW_KEY);
        else updated.set(VIEW_KEY, next);
        return updated;
      },
      { replace: true },
    );
  const daily = useQuery({
    queryKey: queryKeys.sales.daily(query.from ?? '', query.to ?? '', query.platformCode ?? ''),
    queryFn: () => fetchDailySales(query),
  });
  const points = daily.data ? fillDays(daily.data, range) : [];
  const title = t('chart.title');

  const columns: TableColumn<DailyPoint>[] = [
    { key: 'date', header: t('chart.date'), className: styles.nowrap, cell: (p) => dates.date(p.date) },
    {
      key: 'orders',
      header: t('chart.orders'),
      numeric: true,
      cell: (p) => formatCount(p.noOfOrders, i18n.language),
    },
    {
      key: 'salesValue',
      header: t('chart.salesValue'),
      numeric: true,
      cell: (p) => <Yen value={p.salesValue} />,
    },
    { key: 'profit', header: t('chart.profit'), numeric: true, cell: (p) => <Yen value={p.profit} /> },
  ];

  let body;
  if (daily.isPending) body = <LoadingState />;
  else if (daily.isError) body = <ErrorState error={daily.error} onRetry={() => void daily.refetch()} />;
  else if (points.length === 0) body = <EmptyState title={t('errors:noData')} />;
  else if (view === 'chart')
    body = (
      <Suspense fallback={<LoadingState />}>
        <SalesChart points={points} title={title} />
      </Suspense>
    );
  else
    body = (
      <AppTable
        label={title}
        rows={points}
        columns={columns}
        rowKey={(p) => p.date}
        size="small"
        maxHeight="360px"
      />
    );

  return (
    <Card className={styles.daily} role="region" aria-labelledby="sales-daily-title">
      <div className={styles.dailyBar}>
        <Subtitle2 as="h2" id="sales-daily-title" className={styles.heading}>
          {title}
        </Subtitle2>
        <TabList
          size="small"
          aria-label={t('chart.view')}
          selectedValue={view}
          onTabSelect={(_e, data) => setView(data.value as DailyView)}
        >
          <Tab value="chart">{t('chart.showChart')}</Tab>
          <Tab value="table">{t('chart.showTable')}</Tab>
        </TabList>
      </div>
      <div className={styles.dailyBody}>{body}</div>
    </Card>
  );
}
