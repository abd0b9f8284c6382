/** /products/new: add a product, optionally started from a product request (location.state). */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { invalidate } from '../../api/query-keys';
import { useNotify } from '../../ui/notify';
import { emptyProductValues, ProductForm, type ProductPrefillState } from './product-form';
import { createProduct, createProductFromIssue } from './products.api';

export default function ProductNewPage() {
  const { t } = useTranslation('addproduct');
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const state = (useLocation().state ?? {}) as ProductPrefillState;

  return (
    <ProductForm
      mode="create"
      title={t('title')}
      defaultValues={emptyProductValues(state.prefill)}
      onCancel={() => void navigate('/products')}
      onSubmit={async (values) => {
        const product = state.fromIssueId
          ? await createProductFromIssue(state.fromIssueId, values)
          : await createProduct(values);
        notify.success(t('toasts.created', { name: product.name }));
        if (state.fromIssueId) {
          notify.success(t('toasts.requestResolved'));
          await invalidate.issues(queryClient);
        }
        await invalidate.products(queryClient);
        void navigate('/products');
      }}
    />
  );
}
