/**
 * The product-details dialog: name, SKU, category, manufacturer,
 * JAN code, stock quantity, shelf number and the customs fields. Sales and shipment screens open it by id; the
 * product list opens it for a scanned JAN (where is it, how many are there) with a way on to
 * the edit screen.
 */
import { Button } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys';
import { AppDialog } from '../../ui/app-dialog';
import { DetailList } from '../../ui/detail-list';
import { ErrorState, LoadingState } from '../../ui/page-state';
import { countryLabel } from '#shared/domain/customs';
import { useProductName } from './product-name';
import { fetchProduct } from './products.api';

export interface ProductDetailsDialogProps {
  productId: string;
  open: boolean;
  onClose: () => void;
  /** When given, an "Edit product" button leads on to the edit screen. */
  onEdit?: () => void;
}

export function ProductDetailsDialog({ productId, open, onClose, onEdit }: ProductDetailsDialogProps) {
  const { t, i18n } = useTranslation('product');
  const productName = useProductName();
  const product = useQuery({
    queryKey: queryKeys.products.one(productId),
    queryFn: () => fetchProduct(productId),
    enabled: open && productId !== '',
  });

  const rows = product.data
    ? ([
        ['name', productName(product.data)],
        ['sku', product.data.skuCode],
        ['category', product.data.category?.name ?? '—'],
        ['manufacturer', product.data.manufacturer?.name ?? '—'],
        ['janCode', product.data.janCode],
        ['stockQuantity', String(product.data.inStockQuantity)],
        ['shelfNumber', product.data.shelfNumber ?? '—'],
        ['hsCode', product.data.hsCode ?? '—'],
        [
          'countryOfOrigin',
          product.data.countryOfOrigin ? countryLabel(product.data.countryOfOrigin, i18n.language) : '—',
        ],
        // The papers fall back to the name: the dialog says what they will print.
        ['descriptionEn', product.data.descriptionEn || t('details.descriptionFromName')],
        [
          'netWeightGrams',
          product.data.netWeightGrams === null
            ? '—'
            : t('details.grams', { grams: product.data.netWeightGrams.toLocaleString(i18n.language) }),
        ],
      ] as const)
    : [];

  return (
    <AppDialog
      open={open}
      title={t('details.title')}
      onClose={onClose}
      closeLabel={t('common:actions.close')}
      extraActions={
        onEdit && (
          <Button appearance="primary" disabled={!product.data} onClick={onEdit} data-dialog-primary="">
            {t('details.edit')}
          </Button>
        )
      }
    >
      {product.isPending ? (
        <LoadingState />
      ) : product.isError ? (
        <ErrorState error={product.error} onRetry={() => void product.refetch()} />
      ) : (
        <DetailList items={rows.map(([key, value]) => [t(`columns.${key}`), value])} />
      )}
    </AppDialog>
  );
}
