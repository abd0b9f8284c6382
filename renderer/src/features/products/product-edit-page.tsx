/** /product-edit?id=…: update a product; its stock (adjustments and history) and remarks beside it. */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { BoxRegular, CommentRegular, HistoryRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { invalidate, queryKeys } from '../../api/query-keys';
import { useNotify } from '../../ui/notify';
import { EmptyState, ErrorState, LoadingState } from '../../ui/page-state';
import { ProductForm, productValues } from './product-form';
import { useProductName } from './product-name';
import { fetchProduct, updateProduct } from './products.api';
import { RemarksDialog } from './remarks-dialog';
import { StockPanel } from './stock-panel';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    // Side by side only where the movement history has room to breathe.
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (min-width: 1600px)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(480px, 2fr)' },
  },
});

export default function ProductEditPage() {
  const styles = useStyles();
  const { t } = useTranslation('addproduct');
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const productName = useProductName();
  const [remarksOpen, setRemarksOpen] = useState(false);
  const id = useSearchParams()[0].get('id') ?? '';
  const product = useQuery({
    queryKey: queryKeys.products.one(id),
    queryFn: () => fetchProduct(id),
    enabled: id !== '',
  });

  if (id === '' || (product.error instanceof ApiError && product.error.status === 404)) {
    return <EmptyState icon={<BoxRegular />} title={t('notFound')} />;
  }
  if (product.isPending) return <LoadingState />;
  if (product.isError) return <ErrorState error={product.error} onRetry={() => void product.refetch()} />;

  const current = product.data;
  return (
    <div className={styles.layout}>
      <ProductForm
        mode="edit"
        title={t('updateTitle')}
        product={current}
        defaultValues={productValues(current)}
        headerActions={
          <>
            <Button
              icon={<HistoryRegular />}
              onClick={() =>
                void navigate(`/audit-log?entity=product&entityId=${encodeURIComponent(current._id)}`)
              }
            >
              {t('shell:audit.historyButton')}
            </Button>
            <Button icon={<CommentRegular />} onClick={() => setRemarksOpen(true)}>
              {t('remarksButton', { count: current.remarksCount })}
            </Button>
          </>
        }
        // Back keeps the list's filters; a directly opened edit screen goes to the list.
        onCancel={() => void (location.key === 'default' ? navigate('/products') : navigate(-1))}
        onSubmit={async (values) => {
          // Stock moves only through adjustments, so it is not sent back.
          const { inStockQuantity: _stock, ...update } = values;
          await updateProduct(current._id, update);
          notify.success(t('errors:productUpdated'));
          await invalidate.products(queryClient);
          void navigate('/products');
        }}
      />
      <StockPanel product={current} />
      <RemarksDialog
        productId={current._id}
        productName={productName(current)}
        open={remarksOpen}
        onClose={() => setRemarksOpen(false)}
      />
    </div>
  );
}
