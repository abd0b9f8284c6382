/**
 * The one product form behind /products/new and /product-edit: every field of
 * the shared product schemas, validated with them, with server field errors (409 'Duplicate
 * field') shown on the field they name. Nothing typed is lost on an error.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Caption1,
  Card,
  Checkbox,
  Combobox,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Spinner,
  Subtitle2,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PLATFORMS, type Platform } from '#shared/constants';
import { MESSAGES } from '#shared/messages';
import {
  productFieldsSchema,
  productInputSchema,
  productUpdateSchema,
  type PlatformListing,
  type Product,
} from '#shared/schemas/product';
import { ApiError } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { DateField } from '../../ui/date-field';
import { useLeaveGuard } from '../../ui/leave-guard';
import { useNotify } from '../../ui/notify';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { useErrorText, useFieldMessage } from '../../ui/use-error-text';
import { fetchActiveLookups, searchShelfNumbers, type LookupResource } from './products.api';

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
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    alignItems: 'start',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
  },
  wide: { gridColumn: '1 / -1' },
  platforms: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  error: { color: tokens.colorPaletteRedForeground1 },
  platformRow: {
    display: 'grid',
    gridTemplateColumns: '200px minmax(0, 320px)',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  actions: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    justifyContent: 'flex-end',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalL,
  },
});

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** An empty number box is "not given" (the schema's default applies); other text is a number or NaN. */
const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));
/** Fluent's Input keeps its own text, so register()ed inputs get their first value as defaultValue. */
const numberText = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const toNullableNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

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
  };
}

export function productValues(p: Product): ProductFormValues {
  return {
    name: p.name,
    nameJa: p.nameJa,
    skuCode: p.skuCode,
    janCode: p.janCode,
    categoryId: p.category?._id ?? null,
    manufacturerId: p.manufacturer?._id ?? null,
    supplierIds: p.suppliers.map((s) => s._id),
    purchasePrice: p.purchasePrice,
    inStockQuantity: p.inStockQuantity,
    amazonStockQuantity: p.amazonStockQuantity,
    shelfNumber: p.shelfNumber,
    releaseDate: p.releaseDate,
    lowStockLevel: p.lowStockLevel,
    activeStatus: p.activeStatus,
    availablePlatforms: p.availablePlatforms,
  };
}

interface LookupOption {
  _id: string;
  name: string;
  inactive: boolean;
}

/** Active entries to choose from, plus any inactive one the product already has (it stays, marked). */
function useLookup(resource: LookupResource, assigned: readonly { _id: string; name: string }[]) {
  const query = useQuery({
    queryKey: queryKeys.lookups(resource),
    queryFn: () => fetchActiveLookups(resource),
    staleTime: 60_000,
  });
  const active: LookupOption[] = (query.data ?? []).map((r) => ({
    _id: r._id,
    name: r.name,
    inactive: false,
  }));
  const kept = assigned
    .filter((a) => !active.some((r) => r._id === a._id))
    .map((a) => ({ ...a, inactive: true }));
  return { options: [...kept, ...active], loading: query.isPending };
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
  const styles = useStyles();
  const { t } = useTranslation('addproduct');
  const fieldMessage = useFieldMessage();
  const notify = useNotify();
  const errorText = useErrorText();
  const schema = mode === 'create' ? productInputSchema : productUpdateSchema;
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    trigger,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(schema) as Resolver<ProductFormValues, unknown, ProductFormOutput>,
    defaultValues,
  });
  const categories = useLookup('categories', product?.category ? [product.category] : []);
  const manufacturers = useLookup('manufacturers', product?.manufacturer ? [product.manufacturer] : []);
  const suppliers = useLookup('suppliers', product?.suppliers ?? []);
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

  const lookupDropdown = (
    name: 'categoryId' | 'manufacturerId',
    label: string,
    lookup: ReturnType<typeof useLookup>,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const selected = lookup.options.find((o) => o._id === field.value);
        return (
          <Field label={label} validationMessage={fieldMessage(errors[name])}>
            <Dropdown
              placeholder={lookup.loading ? t('common:states.loading') : t('choose')}
              value={selected ? optionLabel(selected) : ''}
              selectedOptions={field.value ? [field.value] : []}
              onOptionSelect={(_e, data) => field.onChange(data.optionValue || null)}
              onBlur={field.onBlur}
            >
              <Option value="" text={t('none')}>
                {t('none')}
              </Option>
              {lookup.options.map((o) => (
                <Option key={o._id} value={o._id} text={optionLabel(o)}>
                  {optionLabel(o)}
                </Option>
              ))}
            </Dropdown>
          </Field>
        );
      }}
    />
  );
  const optionLabel = (o: LookupOption) => (o.inactive ? t('inactiveOption', { name: o.name }) : o.name);

  return (
    <Card className={styles.card}>
      {guard.prompt}
      <form onSubmit={(e) => void submit(e)} noValidate className={styles.section} aria-label={title}>
        {headerActions && <div className={styles.header}>{headerActions}</div>}

        <section className={styles.section}>
          <Subtitle2 as="h3">{t('sections.basics')}</Subtitle2>
          <div className={styles.grid}>
            <Field label={t('fields.name')} required validationMessage={fieldMessage(errors.name)}>
              <Input {...register('name')} defaultValue={defaultValues.name} autoFocus={mode === 'create'} />
            </Field>
            <Field label={t('fields.nameJa')} validationMessage={fieldMessage(errors.nameJa)}>
              <Input
                {...register('nameJa', { setValueAs: blankToNull })}
                defaultValue={defaultValues.nameJa ?? ''}
                lang="ja"
              />
            </Field>
            <Field label={t('fields.skuCode')} required validationMessage={fieldMessage(errors.skuCode)}>
              <Input {...register('skuCode')} defaultValue={defaultValues.skuCode} />
            </Field>
            <Field
              label={t('fields.janCode')}
              required
              hint={t('hints.janCode')}
              validationMessage={fieldMessage(errors.janCode)}
            >
              <Input
                {...register('janCode')}
                defaultValue={defaultValues.janCode}
                inputMode="numeric"
                maxLength={13}
              />
            </Field>
          </div>
        </section>

        <section className={styles.section}>
          <Subtitle2 as="h3">{t('sections.classification')}</Subtitle2>
          <div className={styles.grid}>
            {lookupDropdown('categoryId', t('fields.category'), categories)}
            {lookupDropdown('manufacturerId', t('fields.manufacturer'), manufacturers)}
            <Controller
              control={control}
              name="supplierIds"
              render={({ field }) => {
                const ids = field.value ?? [];
                const names = suppliers.options.filter((o) => ids.includes(o._id)).map(optionLabel);
                return (
                  <Field label={t('fields.suppliers')} validationMessage={fieldMessage(errors.supplierIds)}>
                    <Dropdown
                      multiselect
                      placeholder={suppliers.loading ? t('common:states.loading') : t('choose')}
                      value={names.join(', ')}
                      selectedOptions={ids}
                      onOptionSelect={(_e, data) => field.onChange(data.selectedOptions)}
                      onBlur={field.onBlur}
                    >
                      {suppliers.options.map((o) => (
                        <Option key={o._id} value={o._id} text={optionLabel(o)}>
                          {optionLabel(o)}
                        </Option>
                      ))}
                    </Dropdown>
                  </Field>
                );
              }}
            />
          </div>
        </section>

        <section className={styles.section}>
          <Subtitle2 as="h3">{t('sections.stock')}</Subtitle2>
          <div className={styles.grid}>
            <Field label={t('fields.purchasePrice')} validationMessage={fieldMessage(errors.purchasePrice)}>
              <Input
                defaultValue={numberText(defaultValues.purchasePrice)}
                {...register('purchasePrice', { setValueAs: toNullableNumber })}
                type="number"
                min={0}
                step={1}
                contentBefore="¥"
              />
            </Field>
            {mode === 'create' ? (
              <Field
                label={t('fields.inStockQuantity')}
                validationMessage={fieldMessage(errors.inStockQuantity)}
              >
                <Input
                  defaultValue={numberText(defaultValues.inStockQuantity)}
                  {...register('inStockQuantity', { setValueAs: toNumber })}
                  type="number"
                  min={0}
                  step={1}
                />
              </Field>
            ) : (
              <Field label={t('fields.inStockQuantity')} hint={t('hints.stockReadOnly')}>
                <Input value={String(product?.inStockQuantity ?? '')} readOnly />
              </Field>
            )}
            <Field
              label={t('fields.amazonStockQuantity')}
              validationMessage={fieldMessage(errors.amazonStockQuantity)}
            >
              <Input
                defaultValue={numberText(defaultValues.amazonStockQuantity)}
                {...register('amazonStockQuantity', { setValueAs: toNumber })}
                type="number"
                min={0}
                step={1}
              />
            </Field>
            <Field
              label={t('fields.lowStockLevel')}
              hint={t('hints.lowStockLevel')}
              validationMessage={fieldMessage(errors.lowStockLevel)}
            >
              <Input
                defaultValue={numberText(defaultValues.lowStockLevel)}
                {...register('lowStockLevel', { setValueAs: toNumber })}
                type="number"
                min={0}
                step={1}
              />
            </Field>
            <Controller
              control={control}
              name="shelfNumber"
              render={({ field }) => (
                <ShelfNumberField
                  label={t('fields.shelfNumber')}
                  value={field.value ?? ''}
                  onChange={(v) => field.onChange(v.trim() === '' ? null : v)}
                  onBlur={field.onBlur}
                  validationMessage={fieldMessage(errors.shelfNumber)}
                />
              )}
            />
            <Controller
              control={control}
              name="releaseDate"
              render={({ field }) => (
                <DateField
                  label={t('fields.releaseDate')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={() => {
                    field.onBlur();
                    // Said when leaving the field, not only on save.
                    if (field.value) void trigger('releaseDate');
                    else clearErrors('releaseDate');
                  }}
                  validationMessage={fieldMessage(errors.releaseDate)}
                />
              )}
            />
            <Controller
              control={control}
              name="activeStatus"
              render={({ field }) => (
                <Field label={t('fields.activeStatus')}>
                  <Switch
                    checked={field.value !== false}
                    onChange={(_e, data) => field.onChange(data.checked)}
                    label={field.value !== false ? t('common:status.active') : t('common:status.inactive')}
                  />
                </Field>
              )}
            />
          </div>
        </section>

        <section className={styles.section}>
          <Subtitle2 as="h3">{t('sections.platforms')}</Subtitle2>
          <Controller
            control={control}
            name="availablePlatforms"
            render={({ field }) => (
              <PlatformListings
                value={(field.value ?? []) as PlatformListing[]}
                onChange={field.onChange}
                error={fieldMessage(errors.availablePlatforms as { message?: string } | undefined)}
              />
            )}
          />
        </section>

        <div className={styles.actions}>
          <Button onClick={onCancel} disabled={isSubmitting}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            appearance="primary"
            disabled={isSubmitting}
            icon={isSubmitting ? <Spinner size="tiny" /> : undefined}
          >
            {mode === 'create' ? t('submitCreate') : t('submitUpdate')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ShelfNumberField({
  label,
  value,
  onChange,
  onBlur,
  validationMessage,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  validationMessage?: string;
}) {
  const text = useDebouncedValue(value.trim());
  const [open, setOpen] = useState(false);
  const suggestions = useQuery({
    queryKey: queryKeys.shelfNumbers(text),
    queryFn: () => searchShelfNumbers(text),
    enabled: open,
    staleTime: 30_000,
  });
  return (
    <Field label={label} validationMessage={validationMessage}>
      <Combobox
        freeform
        value={value}
        open={open && (suggestions.data?.length ?? 0) > 0}
        onOpenChange={(_e, data) => setOpen(data.open)}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
        }}
        onOptionSelect={(_e, data) => {
          if (data.optionText !== undefined) onChange(data.optionText);
        }}
        onBlur={onBlur}
      >
        {(suggestions.data ?? []).map((s) => (
          <Option key={s._id} value={s.name}>
            {s.name}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}

function PlatformListings({
  value,
  onChange,
  error,
}: {
  value: PlatformListing[];
  onChange: (next: PlatformListing[]) => void;
  error?: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation('addproduct');
  const listing = (code: Platform) => value.find((l) => l.code === code);
  const set = (code: Platform, next: PlatformListing | null) =>
    onChange(
      PLATFORMS.flatMap((c) => {
        const current = c === code ? next : (listing(c) ?? null);
        return current ? [current] : [];
      }),
    );
  return (
    // No Field around the rows: a Field gives its one id to every control inside it.
    <div className={styles.platforms}>
      {PLATFORMS.map((code) => {
        const current = listing(code);
        const platformName = t(`common:platforms.${code}`);
        return (
          <div key={code} className={styles.platformRow}>
            <Checkbox
              label={platformName}
              checked={current !== undefined}
              onChange={(_e, data) => set(code, data.checked === true ? { code, asin: '' } : null)}
            />
            <Input
              aria-label={t(code === 'SHOPIFY' ? 'fields.shopHandle' : 'fields.asin', {
                platform: platformName,
              })}
              placeholder={t(code === 'SHOPIFY' ? 'fields.shopHandle' : 'fields.asin', {
                platform: platformName,
              })}
              disabled={current === undefined}
              value={current?.asin ?? ''}
              maxLength={64}
              onChange={(_e, data) => set(code, { code, asin: data.value })}
            />
          </div>
        );
      })}
      {error && <Caption1 className={styles.error}>{error}</Caption1>}
    </div>
  );
}
