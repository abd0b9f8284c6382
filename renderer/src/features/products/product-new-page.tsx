/** /products/new: add a product, optionally started from a product request (location.state). */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useNotify } from '../../app/notify';
import { useErrorText } from '../../app/use-error-text';
import { emptyProductValues, ProductForm, type ProductPrefillState } from './product-form';
import { invalidate } from '../../api/query-keys';
import { createProduct, resolveIssue } from './products.api';

export default function ProductNewPage() {
  const { t } = useTranslation('addproduct');
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const state = (useLocation().state ?? {}) as ProductPrefillState;

  return (
    <ProductForm
      mode="create"
      title={t('title')}
      defaultValues={emptyProductValues(state.prefill)}
      onCancel={() => void navigate('/products')}
      onSubmit={async (values) => {
        const product = await createProduct(values);
        notify.success(t('toasts.created', { name: product.name }));
        if (state.fromIssueId) {
          try {
            await resolveIssue(state.fromIssueId);
            notify.success(t('toasts.requestResolved'));
          } catch (error) {
            // The product exists either way; the request can still be resolved on /issues.
            notify.warning(errorText(error));
          }
          await invalidate.issues(queryClient);
        }
        await invalidate.products(queryClient);
        void navigate('/products');
      }}
    />
  );
}
