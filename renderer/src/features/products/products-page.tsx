/** /products: the catalog with server-side paging, sort, filters, search, column choice and export. */
import {
  Badge,
  Body1,
  Button,
  Card,
  Dropdown,
  makeStyles,
  Menu,
  MenuButton,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Option,
  SearchBox,
  Spinner,
  Switch,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import {
  AddRegular,
  ArrowDownloadRegular,
  BoxRegular,
  ColumnTripleRegular,
  CommentRegular,
  WarningFilled,
} from '@fluentui/react-icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LIMITS } from '#shared/constants';
import { pageCount } from '#shared/query';
import type { Product } from '#shared/schemas/product';
import { AppLink } from '../../app/app-link';
import { useNotify } from '../../app/notify';
import { EmptyState, ErrorState, LoadingState } from '../../app/page-state';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { useErrorText } from '../../app/use-error-text';
import { platform } from '../../platform/platform';
import { scannedJan } from './jan-scan';
import { useProductName } from './product-name';
import {
  exportProductsCsv,
  fetchPreference,
  fetchProducts,
  productKeys,
  savePreference,
  searchProducts,
} from './products.api';
import {
  listParamsOf,
  listStateToSearch,
  nextSort,
  parseListState,
  PRODUCT_PAGE_SIZES,
  STATUS_FILTERS,
  type ProductListState,
  type ProductSortField,
} from './products-list-state';
import { ProductDetailsDialog } from './product-details-dialog';
import { RemarksDialog } from './remarks-dialog';
import { Pager } from '../../app/pager';

const COLUMNS_PREFERENCE = 'products.columns';

const useStyles = makeStyles({
  card: { padding: 0, gap: 0 },
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  spacer: { flexGrow: 1 },
  search: { width: '320px', maxWidth: '100%' },
  tableWrap: { overflowX: 'auto' },
  // Fluent tables share the width equally; a catalog needs columns sized by their content.
  table: { tableLayout: 'auto', minWidth: '100%', width: 'max-content' },
  clip: { maxWidth: '220px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  nowrap: { whiteSpace: 'nowrap' },
  number: { textAlign: 'right', whiteSpace: 'nowrap' },
  name: { minWidth: '240px', maxWidth: '360px' },
  muted: { color: tokens.colorNeutralForeground3 },
  lowRow: {
    backgroundColor: tokens.colorStatusWarningBackground1,
    ':hover': { backgroundColor: tokens.colorStatusWarningBackground2 },
  },
  lowStock: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorStatusWarningForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  pagerGroup: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  pageSize: { minWidth: '90px' },
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
  sort?: ProductSortField;
  numeric?: boolean;
}

const COLUMNS: readonly Column[] = [
  { key: 'name', sort: 'name' },
  { key: 'sku', sort: 'skuCode' },
  { key: 'janCode', sort: 'janCode' },
  { key: 'category' },
  { key: 'manufacturer' },
  { key: 'stockQuantity', sort: 'inStockQuantity', numeric: true },
  { key: 'amazonStock', sort: 'amazonStockQuantity', numeric: true },
  { key: 'status' },
  { key: 'releaseDate', sort: 'releaseDate' },
  { key: 'lastOrderDate', sort: 'lastOrderDate' },
  { key: 'monthlyQuantity', sort: 'monthlyQuantity', numeric: true },
  { key: 'suppliers' },
  { key: 'remarks' },
  { key: 'lowStockLevel', sort: 'lowStockLevel', numeric: true },
];

/** Long bilingual names are cut with an ellipsis; the whole text is in the cell's tooltip. */
const CLIPPED = new Set<ColumnKey>(['category', 'manufacturer', 'suppliers']);
const cellTitle = (key: ColumnKey, p: Product) =>
  key === 'suppliers'
    ? p.suppliers.map((s) => s.name).join(', ')
    : key === 'category'
      ? p.category?.name
      : p.manufacturer?.name;

/** The name is how a row is opened, so it cannot be hidden. */
const ALWAYS_SHOWN: ColumnKey = 'name';

const editPath = (product: Pick<Product, '_id'>) => `/product-edit?id=${encodeURIComponent(product._id)}`;

const isLowStock = (p: Product) => p.inStockQuantity <= p.lowStockLevel;

function useListState(): [ProductListState, (patch: Partial<ProductListState>, replace?: boolean) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseListState(searchParams);
  const update = (patch: Partial<ProductListState>, replace = false) => {
    // Any change but paging itself starts again from the first page.
    const next = { ...state, page: 1, ...patch };
    setSearchParams(listStateToSearch(next), { replace });
  };
  return [state, update];
}

function useHiddenColumns() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const errorText = useErrorText();
  const preference = useQuery({
    queryKey: productKeys.preference(COLUMNS_PREFERENCE),
    queryFn: () => fetchPreference(COLUMNS_PREFERENCE),
    staleTime: Infinity,
  });
  const save = useMutation({
    mutationFn: (hidden: string[]) => savePreference(COLUMNS_PREFERENCE, { hidden }),
    onMutate: (hidden) => queryClient.setQueryData(productKeys.preference(COLUMNS_PREFERENCE), { hidden }),
    onError: (error) => notify.error(errorText(error)),
  });
  const raw = preference.data?.hidden;
  const hidden = new Set(Array.isArray(raw) ? raw.filter((k): k is string => typeof k === 'string') : []);
  return { hidden, save: (next: Set<string>) => save.mutate([...next]) };
}

export default function ProductsPage() {
  const styles = useStyles();
  const { t } = useTranslation('product');
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText();
  const productName = useProductName();
  const [state, update] = useListState();
  const [search, setSearch] = useState(state.q);
  const [remarksFor, setRemarksFor] = useState<Product | null>(null);
  const [scanned, setScanned] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const columns = useHiddenColumns();
  const debounced = useDebouncedValue(search.trim());

  // The URL follows the typed text (debounced), and the box follows the URL (back, reload).
  useEffect(() => {
    if (debounced !== state.q) update({ q: debounced }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text drives this
  }, [debounced]);
  const [urlQ, setUrlQ] = useState(state.q);
  if (urlQ !== state.q) {
    setUrlQ(state.q);
    if (search.trim() !== state.q) setSearch(state.q);
  }

  const searching = state.q.length >= LIMITS.productSearchMinChars;
  const params = listParamsOf(state, searching ? state.q : undefined);
  const products = useQuery({
    queryKey: searching ? productKeys.search(params) : productKeys.list(params),
    queryFn: async () => {
      if (!searching) return fetchProducts(params);
      const found = await searchProducts(params);
      return { data: found.data, totalCount: found.totalcount };
    },
    placeholderData: keepPreviousData,
  });

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
      const content = await exportProductsCsv(listParamsOf({ ...state, page: 1 }));
      // The server always sends the header row; nothing under it means nothing to export.
      if (
        content
          .replace(/^\uFEFF/, '')
          .trim()
          .split(/\r?\n/).length <= 1
      ) {
        notify.warning(t('errors:listEmpty'));
        return;
      }
      const result = await platform.saveCsv({ defaultName: 'products.csv', content });
      if (result.saved) notify.success(t('export.saved'));
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setExporting(false);
    }
  };

  const visible = COLUMNS.filter((c) => c.key === ALWAYS_SHOWN || !columns.hidden.has(c.key));
  const total = products.data?.totalCount ?? 0;
  const pages = Math.max(1, pageCount(total, state.limit));

  const sortDirection = (field?: ProductSortField) =>
    !field
      ? undefined
      : state.sort === field
        ? 'ascending'
        : state.sort === `-${field}`
          ? 'descending'
          : undefined;

  const cell = (column: ColumnKey, p: Product): ReactNode => {
    switch (column) {
      case 'name':
        return <AppLink to={editPath(p)}>{productName(p)}</AppLink>;
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
          <Tooltip content={t('lowStock.tooltip', { level: p.lowStockLevel })} relationship="description">
            <span className={styles.lowStock}>
              <WarningFilled aria-label={t('lowStock.label')} />
              {p.inStockQuantity}
            </span>
          </Tooltip>
        ) : (
          p.inStockQuantity
        );
      case 'amazonStock':
        return p.amazonStockQuantity;
      case 'status':
        return (
          <Badge appearance="outline" color={p.activeStatus ? 'success' : 'subtle'}>
            {p.activeStatus ? t('common:status.active') : t('common:status.inactive')}
          </Badge>
        );
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

  return (
    <Card className={styles.card}>
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={search}
          onChange={(_e, data) => setSearch(data.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void onScan(e.currentTarget.value);
          }}
        />
        <TabList
          size="small"
          aria-label={t('filters.status')}
          selectedValue={state.status}
          onTabSelect={(_e, data) => update({ status: data.value as ProductListState['status'] })}
        >
          {STATUS_FILTERS.map((s) => (
            <Tab key={s} value={s}>
              {t(`filters.${s}`)}
            </Tab>
          ))}
        </TabList>
        <Switch
          label={t('filters.lowStock')}
          checked={state.lowStock}
          onChange={(_e, data) => update({ lowStock: data.checked })}
        />
        <div className={styles.spacer} />
        <Menu
          checkedValues={{ columns: COLUMNS.filter((c) => !columns.hidden.has(c.key)).map((c) => c.key) }}
          onCheckedValueChange={(_e, data) =>
            columns.save(new Set(COLUMNS.map((c) => c.key).filter((k) => !data.checkedItems.includes(k))))
          }
        >
          <MenuTrigger disableButtonEnhancement>
            <MenuButton icon={<ColumnTripleRegular />}>{t('columnsMenu')}</MenuButton>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {COLUMNS.map((c) => (
                <MenuItemCheckbox key={c.key} name="columns" value={c.key} disabled={c.key === ALWAYS_SHOWN}>
                  {t(`columns.${c.key}`)}
                </MenuItemCheckbox>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
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
      </div>
      {products.isPending ? (
        <LoadingState />
      ) : products.isError ? (
        <ErrorState error={products.error} onRetry={() => void products.refetch()} />
      ) : products.data.data.length === 0 ? (
        <EmptyState icon={<BoxRegular />} title={searching ? t('errors:noResults') : t('empty')}>
          {searching || state.lowStock || state.status !== 'all' ? t('emptyFiltered') : undefined}
        </EmptyState>
      ) : (
        <div className={styles.tableWrap}>
          <Table
            className={styles.table}
            aria-label={t('title')}
            aria-busy={products.isFetching}
            sortable
            size="small"
          >
            <TableHeader>
              <TableRow>
                {visible.map((c) => (
                  <TableHeaderCell
                    key={c.key}
                    className={c.key === 'name' ? styles.name : styles.nowrap}
                    sortDirection={sortDirection(c.sort)}
                    onClick={
                      c.sort
                        ? () => update({ sort: nextSort(state.sort, c.sort as ProductSortField) })
                        : undefined
                    }
                    // Fluent makes every header of a sortable table a button; the others are plain.
                    sortable={c.sort !== undefined}
                  >
                    {t(`columns.${c.key}`)}
                  </TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {products.data.data.map((p) => (
                <TableRow key={p._id} className={isLowStock(p) ? styles.lowRow : undefined}>
                  {visible.map((c) => (
                    <TableCell
                      key={c.key}
                      className={
                        c.numeric
                          ? styles.number
                          : c.key === 'name'
                            ? styles.name
                            : CLIPPED.has(c.key)
                              ? styles.clip
                              : styles.nowrap
                      }
                      title={CLIPPED.has(c.key) ? cellTitle(c.key, p) : undefined}
                    >
                      {cell(c.key, p)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {products.data && products.data.totalCount > 0 && (
        <div className={styles.pager}>
          <div className={styles.pagerGroup}>
            <Body1 className={styles.muted}>{t('common:paging.total', { total })}</Body1>
            <Dropdown
              className={styles.pageSize}
              aria-label={t('pageSize')}
              value={String(state.limit)}
              selectedOptions={[String(state.limit)]}
              onOptionSelect={(_e, data) => update({ limit: Number(data.optionValue) })}
            >
              {PRODUCT_PAGE_SIZES.map((size) => (
                <Option key={size} value={String(size)}>
                  {String(size)}
                </Option>
              ))}
            </Dropdown>
          </div>
          <Pager page={state.page} pages={pages} onPage={(page) => update({ page })} />
        </div>
      )}
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
    </Card>
  );
}
