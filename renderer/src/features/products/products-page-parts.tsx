/**
 * The parts of the product list (products-page.tsx): its columns, its filters, the CSV export
 * and the JAN scan.
 */
import { Button, makeStyles, Switch, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, CommentRegular, WarningFilled } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '#shared/schemas/product';
import { platform } from '../../platform/platform';
import { AppLink } from '../../ui/app-link';
import { TruncatedText } from '../../ui/app-table';
import { FilterTabs } from '../../ui/list-screen/filter-tabs';
import type { ListColumn } from '../../ui/list-screen/list-scaffold';
import type { ListScreen } from '../../ui/list-screen/use-list-screen';
import { ExportProgress } from '../../ui/export-progress';
import { useNotify } from '../../ui/notify';
import { StatusBadge } from '../../ui/status-badge';
import { useErrorText } from '../../ui/use-error-text';
import { scannedJan } from './jan-scan';
import { useProductName } from './product-name';
import { productsCsvPath, searchProducts } from './products.api';
import { BusySpinner } from '../../ui/busy-spinner';
import { useOffline } from '../../ui/use-offline';

export const STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

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

/** The name is how a row is opened, so it cannot be hidden. */
const ALWAYS_SHOWN: ColumnKey = 'name';

export const editPath = (product: Pick<Product, '_id'>) =>
  `/product-edit?id=${encodeURIComponent(product._id)}`;

export const isLowStock = (p: Product) => p.inStockQuantity <= p.lowStockLevel;

/** The list's columns; the remarks count opens the product's remarks. */
export function useProductColumns(onRemarks: (product: Product) => void): ListColumn<Product>[] {
  const styles = useStyles();
  const { t } = useTranslation('product');
  const productName = useProductName();
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
            onClick={() => onRemarks(p)}
          >
            {p.remarksCount}
          </Button>
        );
      case 'lowStockLevel':
        return p.lowStockLevel;
    }
  };

  return COLUMNS.map((c) => ({
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
}

/** Active, inactive or all; and low stock only. */
export function ProductFilters({ list }: { list: ListScreen<Product, 'status' | 'lowStock'> }) {
  const { t } = useTranslation('product');
  const { filters } = list.state;
  return (
    <>
      <FilterTabs
        list={list}
        filter="status"
        values={STATUS_FILTERS}
        label={t('filters.status')}
        text={(s) => t(`filters.${s}`)}
        size="small"
      />
      <Switch
        label={t('filters.lowStock')}
        checked={filters.lowStock === 'true'}
        onChange={(_e, data) => list.setFilter('lowStock', String(data.checked))}
      />
    </>
  );
}

/** The CSV of the list as filtered and searched, saved where the user says. */
export function ProductsExportButton({ list }: { list: ListScreen<Product, 'status' | 'lowStock'> }) {
  const { t } = useTranslation('product');
  const notify = useNotify();
  const errorText = useErrorText();
  const { writeProps } = useOffline();
  const [exporting, setExporting] = useState(false);
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
      else if (result.canceled) notify.info(t('common:export.canceled'));
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Button
        icon={exporting ? <BusySpinner /> : <ArrowDownloadRegular />}
        // The file comes from the server: not kept offline.
        {...writeProps({ disabled: exporting })}
        onClick={() => void onExport()}
      >
        {t('export.button')}
      </Button>
      <ExportProgress active={exporting} />
    </>
  );
}

/** A JAN scanned into the search box (Enter): the one product it names, found. */
export function useJanScan(onFound: (productId: string) => void) {
  const { t } = useTranslation('product');
  const notify = useNotify();
  const errorText = useErrorText();
  return async (text: string) => {
    const jan = scannedJan(text);
    if (!jan) return;
    try {
      const found = await searchProducts({ page: 1, limit: 2, extras: { searchString: jan } });
      const only = found.totalcount === 1 ? found.data[0] : undefined;
      if (only) onFound(only._id);
      else notify.warning(t('errors:noResults'));
    } catch (error) {
      notify.error(errorText(error));
    }
  };
}
