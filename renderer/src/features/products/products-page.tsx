/** /products: the catalog with server-side paging, sort, filters, search, column choice and export. */
import { Button, makeStyles, Spinner, Switch, Tab, TabList, tokens } from '@fluentui/react-components';
import {
  AddRegular,
  ArrowDownloadRegular,
  BoxRegular,
  CommentRegular,
  WarningFilled,
} from '@fluentui/react-icons';
import type { QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '#shared/constants';
import { productsSearchSpec } from '#shared/list-specs';
import type { ListParams } from '#shared/query';
import type { Product } from '#shared/schemas/product';
import { queryKeys } from '../../api/query-keys';
import { platform } from '../../platform/platform';
import { AppLink } from '../../ui/app-link';
import { TruncatedText } from '../../ui/app-table';
import { ListScaffold, type ListColumn } from '../../ui/list-screen/list-scaffold';
import type { ListFilter } from '../../ui/list-screen/list-state';
import { prefetchList, useListScreen } from '../../ui/list-screen/use-list-screen';
import { useNotify } from '../../ui/notify';
import { StatusBadge } from '../../ui/status-badge';
import { useErrorText } from '../../ui/use-error-text';
import { scannedJan } from './jan-scan';
import { ProductDetailsDialog } from './product-details-dialog';
import { useProductName } from './product-name';
import { productsCsvPath, fetchProducts, searchProducts } from './products.api';
import { RemarksDialog } from './remarks-dialog';

const STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];

const statusFilter: ListFilter<StatusFilter> = {
  choices: STATUS_FILTERS,
  default: 'all',
  toFilters: (status) => ({ activeStatus: status === 'all' ? undefined : status === 'active' }),
};
const lowStockFilter: ListFilter<'false' | 'true'> = {
  choices: ['false', 'true'],
  default: 'false',
  toFilters: (lowStock) => ({ lowStock: lowStock === 'true' ? true : undefined }),
};

/** Text of two characters or more goes to the search endpoint, which answers in its own shape. */
const fetchPage = async (params: ListParams) => {
  if (!params.extras?.searchString) return fetchProducts(params);
  const found = await searchProducts(params);
  return { data: found.data, totalCount: found.totalcount };
};

/** The list's options, a module constant: the menu's prefetch builds the same first request. */
const LIST_OPTIONS = {
  spec: productsSearchSpec,
  searchParam: 'searchString',
  searchMinLength: LIMITS.productSearchMinChars,
  pageSizes: [25, 50, 100],
  filters: { status: statusFilter, lowStock: lowStockFilter },
  queryKey: (params: ListParams) =>
    params.extras?.searchString ? queryKeys.products.search(params) : queryKeys.products.list(params),
  fetch: fetchPage,
};

/** Hovering the menu's Products item fetches the first page (ui/route-prefetch.ts). */
export const prefetch = (queryClient: QueryClient) => prefetchList(queryClient, LIST_OPTIONS);

const useStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
  name: { minWidth: '200px' },
  lowStock: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    // The darkest warning text: 4.5:1 or better on the warning row tint and on its hover.
    color: tokens.colorStatusWarningForeground3,
    fontWeight: tokens.fontWeightSemibold,
  },
});

type ColumnKey =
  | 'name'
  | 'sku'
  | 'janCode'
  | 'category'
  | 'manufacturer'
  | 'stockQuantity'
  | 'amazonStock'
  | 'status'
  | 'releaseDate'
  | 'lastOrderDate'
  | 'monthlyQuantity'
  | 'suppliers'
  | 'remarks'
  | 'lowStockLevel';

interface Column {
  key: ColumnKey;
  sort?: string;
  numeric?: boolean;
  /** Cut at this width, whole on hover or focus. */
  truncate?: string;
  /** Left out of the default choice, which fits a 1280-pixel window. */
  extra?: boolean;
}

/** Numbers and dates sort largest or newest first; the text columns A to Z. */
const COLUMNS: readonly Column[] = [
  { key: 'name', sort: 'name' },
  { key: 'sku', sort: 'skuCode', truncate: '130px' },
  { key: 'janCode', sort: 'janCode', extra: true },
  { key: 'category', truncate: '130px' },
  { key: 'manufacturer', truncate: '120px' },
  { key: 'stockQuantity', sort: 'inStockQuantity', numeric: true },
  { key: 'amazonStock', sort: 'amazonStockQuantity', numeric: true, extra: true },
  { key: 'status' },
  { key: 'releaseDate', sort: 'releaseDate', extra: true },
  { key: 'lastOrderDate', sort: 'lastOrderDate', extra: true },
  { key: 'monthlyQuantity', sort: 'monthlyQuantity', numeric: true, extra: true },
  { key: 'suppliers', truncate: '200px', extra: true },
  { key: 'remarks' },
  { key: 'lowStockLevel', sort: 'lowStockLevel', numeric: true, extra: true },
];
const TEXT_SORTS = new Set(['name', 'skuCode', 'janCode']);

const COLUMNS_PREFERENCE = 'products.columns';

/** The name is how a row is opened, so it cannot be hidden. */
const ALWAYS_SHOWN: ColumnKey = 'name';

const editPath = (product: Pick<Product, '_id'>) => `/product-edit?id=${encodeURIComponent(product._id)}`;

const isLowStock = (p: Product) => p.inStockQuantity <= p.lowStockLevel;

export default function ProductsPage() {
  const styles = useStyles();
  const { t } = useTranslation('product');
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText();
  const productName = useProductName();
  const [remarksFor, setRemarksFor] = useState<Product | null>(null);
  const [scanned, setScanned] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const list = useListScreen(LIST_OPTIONS);
  const { state } = list;

  const openProduct = (product: Pick<Product, '_id'>) => void navigate(editPath(product));

  const onScan = async (text: string) => {
    const jan = scannedJan(text);
    if (!jan) return;
    try {
      const found = await searchProducts({ page: 1, limit: 2, extras: { searchString: jan } });
      const only = found.totalcount === 1 ? found.data[0] : undefined;
      if (only) setScanned(only._id);
      else notify.warning(t('errors:noResults'));
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  const onExport = async () => {
    setExporting(true);
    try {
      // Nothing listed means nothing to export (the file would hold only the header row).
      if (list.total === 0) {
        notify.warning(t('errors:listEmpty'));
        return;
      }
      const result = await platform.saveCsv({
        defaultName: 'products.csv',
        path: productsCsvPath(list.params),
      });
      if (result.saved) notify.success(t('export.saved'));
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setExporting(false);
    }
  };

  const cell = (column: ColumnKey, p: Product): ReactNode => {
    switch (column) {
      case 'name':
        return (
          <AppLink to={editPath(p)}>
            <TruncatedText text={productName(p)} maxWidth="240px" inFocusable />
          </AppLink>
        );
      case 'sku':
        return p.skuCode;
      case 'janCode':
        return p.janCode;
      case 'category':
        return p.category?.name ?? '—';
      case 'manufacturer':
        return p.manufacturer?.name ?? '—';
      case 'stockQuantity':
        return isLowStock(p) ? (
          // A title, not a Tooltip: a tooltip per low-stock row mounted a portal each and
          // slowed the table's first render.
          <span className={styles.lowStock} title={t('lowStock.tooltip', { level: p.lowStockLevel })}>
            <WarningFilled aria-label={t('lowStock.label')} />
            {p.inStockQuantity}
          </span>
        ) : (
          p.inStockQuantity
        );
      case 'amazonStock':
        return p.amazonStockQuantity;
      case 'status':
        return <StatusBadge active={p.activeStatus} />;
      case 'releaseDate':
        return p.releaseDate ?? '—';
      case 'lastOrderDate':
        return p.lastOrderDate ?? '—';
      case 'monthlyQuantity':
        return p.monthlyQuantity;
      case 'suppliers':
        return p.suppliers.length ? p.suppliers.map((s) => s.name).join(', ') : '—';
      case 'remarks':
        return (
          <Button
            size="small"
            appearance="subtle"
            icon={<CommentRegular />}
            aria-label={t('remarksFor', { name: productName(p), count: p.remarksCount })}
            onClick={() => setRemarksFor(p)}
          >
            {p.remarksCount}
          </Button>
        );
      case 'lowStockLevel':
        return p.lowStockLevel;
    }
  };

  const columns: ListColumn<Product>[] = COLUMNS.map((c) => ({
    key: c.key,
    header: t(`columns.${c.key}`),
    sort: c.sort,
    sortFirst: c.sort && TEXT_SORTS.has(c.sort) ? 'asc' : 'desc',
    alwaysShown: c.key === ALWAYS_SHOWN,
    defaultHidden: c.extra,
    numeric: c.numeric,
    truncate: c.truncate,
    className: c.key === 'name' ? styles.name : styles.nowrap,
    cell: (p) => cell(c.key, p),
  }));

  return (
    <ListScaffold
      list={list}
      label={t('title')}
      search={{
        label: t('search.label'),
        placeholder: t('search.placeholder'),
        onKeyDown: (e) => {
          if (e.key === 'Enter') void onScan(e.currentTarget.value);
        },
      }}
      filters={
        <>
          <TabList
            size="small"
            aria-label={t('filters.status')}
            selectedValue={state.filters.status}
            onTabSelect={(_e, data) => list.setFilter('status', data.value as StatusFilter)}
          >
            {STATUS_FILTERS.map((s) => (
              <Tab key={s} value={s}>
                {t(`filters.${s}`)}
              </Tab>
            ))}
          </TabList>
          <Switch
            label={t('filters.lowStock')}
            checked={state.filters.lowStock === 'true'}
            onChange={(_e, data) => list.setFilter('lowStock', String(data.checked))}
          />
        </>
      }
      actions={
        <>
          <Button
            icon={exporting ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
            disabled={exporting}
            onClick={() => void onExport()}
          >
            {t('export.button')}
          </Button>
          <Button appearance="primary" icon={<AddRegular />} onClick={() => void navigate('/products/new')}>
            {t('add')}
          </Button>
        </>
      }
      columnsPreference={COLUMNS_PREFERENCE}
      empty={{
        icon: <BoxRegular />,
        title: list.searching ? t('errors:noResults') : t('empty'),
        body: list.narrowed ? t('emptyFiltered') : undefined,
      }}
      columns={columns}
      rowTone={(p) => (isLowStock(p) ? 'warning' : undefined)}
      onOpenRow={openProduct}
      tableSize="small"
    >
      {scanned && (
        <ProductDetailsDialog
          productId={scanned}
          open
          onClose={() => setScanned(null)}
          onEdit={() => openProduct({ _id: scanned })}
        />
      )}
      {remarksFor && (
        <RemarksDialog
          productId={remarksFor._id}
          productName={productName(remarksFor)}
          open
          onClose={() => setRemarksFor(null)}
        />
      )}
    </ListScaffold>
  );
}
