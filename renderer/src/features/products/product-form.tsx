/**
 * The one product form behind /products/new and /product-edit: every field of
 * the shared product schemas, validated with them, with server field errors (409 'Duplicate
 * field') shown on the field they name. Nothing typed is lost on an error.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { MESSAGES } from '#shared/messages';
import {
  productFieldsSchema,
  productInputSchema,
  productUpdateOf,
  productUpdateSchema,
  type Product,
} from '#shared/schemas/product';
import { ApiError } from '../../api/http';
import { useLeaveGuard } from '../../ui/leave-guard';
import { useNotify } from '../../ui/notify';
import { useErrorText } from '../../ui/use-error-text';
import {
  BasicsSection,
  ClassificationSection,
  CustomsSection,
  PlatformsSection,
  StockSection,
} from './product-form-sections';
import { BusySpinner } from '../../ui/busy-spinner';
import { useOffline } from '../../ui/use-offline';

export type ProductFormValues = z.input<typeof productFieldsSchema>;
export type ProductFormOutput = z.output<typeof productFieldsSchema>;

/** What the product-requests screen passes in location.state to start a product from a request. */
export interface ProductPrefillState {
  prefill?: { name?: string; purchasePrice?: number };
  fromIssueId?: string;
}

const FIELDS = Object.keys(productFieldsSchema.shape) as (keyof ProductFormValues)[];
const isFormField = (field: string): field is keyof ProductFormValues => (FIELDS as string[]).includes(field);

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalL },
  header: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    justifyContent: 'flex-end',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalL,
  },
});

export function emptyProductValues(prefill?: ProductPrefillState['prefill']): ProductFormValues {
  return {
    name: prefill?.name ?? '',
    nameJa: null,
    skuCode: '',
    janCode: '',
    categoryId: null,
    manufacturerId: null,
    supplierIds: [],
    purchasePrice: prefill?.purchasePrice ?? null,
    inStockQuantity: 0,
    amazonStockQuantity: 0,
    shelfNumber: null,
    releaseDate: null,
    lowStockLevel: 0,
    activeStatus: true,
    availablePlatforms: [],
    hsCode: null,
    // The goods are bought in Japan: the form starts there (the API itself assumes nothing).
    countryOfOrigin: 'JP',
    descriptionEn: null,
    netWeightGrams: null,
  };
}

export function productValues(p: Product): ProductFormValues {
  return { ...productUpdateOf(p), inStockQuantity: p.inStockQuantity };
}

export interface ProductFormProps {
  mode: 'create' | 'edit';
  /** The form's accessible name (the page title is in the subheader). */
  title: string;
  defaultValues: ProductFormValues;
  /** The stored product (edit): its stock is shown read-only and Amazon stock is checked against it. */
  product?: Product;
  /** Extra header buttons (edit: remarks). */
  headerActions?: ReactNode;
  onSubmit: (values: ProductFormOutput) => Promise<void>;
  onCancel: () => void;
}

export function ProductForm({
  mode,
  title,
  defaultValues,
  product,
  headerActions,
  onSubmit,
  onCancel,
}: ProductFormProps) {
  const { writeProps } = useOffline();
  const styles = useStyles();
  const { t } = useTranslation('addproduct');
  const notify = useNotify();
  const errorText = useErrorText();
  const schema = mode === 'create' ? productInputSchema : productUpdateSchema;
  const form = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(schema) as Resolver<ProductFormValues, unknown, ProductFormOutput>,
    defaultValues,
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting, isDirty },
  } = form;
  const guard = useLeaveGuard(isDirty);

  const submit = handleSubmit(async (values) => {
    if (product && values.amazonStockQuantity > product.inStockQuantity) {
      setError('amazonStockQuantity', { message: MESSAGES.amazonStockAboveTotal });
      return;
    }
    // A saved form leaves on purpose: the screen navigates away once the save is done.
    guard.release();
    try {
      await onSubmit(values);
    } catch (error) {
      guard.rearm();
      const fields = error instanceof ApiError ? error.errors.filter((e) => isFormField(e.field)) : [];
      if (fields.length === 0) notify.error(errorText(error));
      for (const { field, message } of fields) {
        setError(field as keyof ProductFormValues, { message }, { shouldFocus: true });
      }
    }
  });

  return (
    <Card className={styles.card}>
      {guard.prompt}
      <form onSubmit={(e) => void submit(e)} noValidate className={styles.form} aria-label={title}>
        {headerActions && <div className={styles.header}>{headerActions}</div>}
        <BasicsSection form={form} mode={mode} defaultValues={defaultValues} />
        <ClassificationSection form={form} product={product} />
        <StockSection form={form} mode={mode} product={product} defaultValues={defaultValues} />
        <PlatformsSection form={form} />
        <CustomsSection form={form} defaultValues={defaultValues} />
        <div className={styles.actions}>
          <Button onClick={onCancel} disabled={isSubmitting}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            appearance="primary"
            {...writeProps({ disabled: isSubmitting })}
            icon={isSubmitting ? <BusySpinner /> : undefined}
          >
            {mode === 'create' ? t('submitCreate') : t('submitUpdate')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
