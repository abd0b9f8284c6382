/** /products: the catalog with server-side paging, sort, filters, search, column choice and export. */
import { Button } from '@fluentui/react-components';
import { AddRegular, BoxRegular } from '@fluentui/react-icons';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '#shared/constants';
import { productsSearchSpec } from '#shared/list-specs';
import type { ListParams } from '#shared/query';
import type { Product } from '#shared/schemas/product';
import { queryKeys } from '../../api/query-keys';
import { ListScaffold } from '../../ui/list-screen/list-scaffold';
import { useSelectColumn } from '../../ui/table-cells';
import type { ListFilter } from '../../ui/list-screen/list-state';
import { prefetchList, useListScreen } from '../../ui/list-screen/use-list-screen';
import { ProductDetailsDialog } from './product-details-dialog';
import { ImportProductsButton } from './product-import-dialog';
import { useProductName } from './product-name';
import {
  editPath,
  isLowStock,
  ProductFilters,
  ProductsExportButton,
  STATUS_FILTERS,
  useJanScan,
  useProductColumns,
  type StatusFilter,
} from './products-page-parts';
import { PrintLabelsBar } from './product-labels-dialog';
import { useProductSelection } from './product-labels';
import { fetchProducts, searchProducts } from './products.api';
import { RemarksDialog } from './remarks-dialog';
import { useOffline } from '../../ui/use-offline';

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

export default function ProductsPage() {
  const { writeProps } = useOffline();
  const { t } = useTranslation('product');
  const navigate = useNavigate();
  const productName = useProductName();
  const [remarksFor, setRemarksFor] = useState<Product | null>(null);
  const [scanned, setScanned] = useState<string | null>(null);
  const list = useListScreen(LIST_OPTIONS);
  const selection = useProductSelection(list.rows);
  const select = useSelectColumn<Product>({
    rows: list.rows,
    isSelected: (p) => selection.selected.has(p._id),
    onToggle: selection.toggle,
    onTogglePage: selection.togglePage,
    header: t('columns.select'),
    pageLabel: t('columns.selectPage'),
    rowLabel: (p) => t('columns.selectProduct', { name: productName(p) }),
  });
  const columns = [select, ...useProductColumns(setRemarksFor)];
  const onScan = useJanScan(setScanned);

  const openProduct = (product: Pick<Product, '_id'>) => void navigate(editPath(product));

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
      filters={<ProductFilters list={list} />}
      actions={
        <>
          <PrintLabelsBar selection={selection} />
          <ProductsExportButton list={list} />
          <ImportProductsButton />
          <Button
            appearance="primary"
            icon={<AddRegular />}
            {...writeProps()}
            onClick={() => void navigate('/products/new')}
          >
            {t('add')}
          </Button>
        </>
      }
      columnsPreference="products.columns"
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
