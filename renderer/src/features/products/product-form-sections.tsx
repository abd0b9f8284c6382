/**
 * The product form's sections (product-form.tsx): each draws its fields over the one
 * react-hook-form form the product form holds.
 */
import {
  Caption1,
  Checkbox,
  Field,
  Input,
  makeStyles,
  Option,
  Subtitle2,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PLATFORMS, type Platform } from '#shared/constants';
import type { PlatformListing, Product } from '#shared/schemas/product';
import { queryKeys } from '../../api/query-keys';
import { DateField } from '../../ui/date-field';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { useFieldMessage } from '../../ui/use-error-text';
import type { ProductFormOutput, ProductFormValues } from './product-form';
import { fetchActiveLookups, searchShelfNumbers, type LookupResource } from './products.api';
import { Combobox, Dropdown } from '../../ui/labelled-controls';
import { countryLabel } from '#shared/domain/customs';
import { countryOptions } from './country-names';

export type ProductFormApi = UseFormReturn<ProductFormValues, unknown, ProductFormOutput>;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    alignItems: 'start',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
  },
  platforms: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  error: { color: tokens.colorPaletteRedForeground1 },
  platformRow: {
    display: 'grid',
    gridTemplateColumns: '200px minmax(0, 320px)',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
});

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** An empty number box is "not given" (the schema's default applies); other text is a number or NaN. */
const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));
/** Fluent's Input keeps its own text, so register()ed inputs get their first value as defaultValue. */
const numberText = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const toNullableNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

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

/** An entry's name, marked when it is no longer active. */
function useOptionLabel() {
  const { t } = useTranslation('addproduct');
  return (o: LookupOption) => (o.inactive ? t('inactiveOption', { name: o.name }) : o.name);
}

/** A category or manufacturer: one of the active entries, or none. */
function LookupDropdown({
  form,
  name,
  label,
  lookup,
}: {
  form: ProductFormApi;
  name: 'categoryId' | 'manufacturerId';
  label: string;
  lookup: ReturnType<typeof useLookup>;
}) {
  const { t } = useTranslation('addproduct');
  const fieldMessage = useFieldMessage();
  const optionLabel = useOptionLabel();
  const errors = form.formState.errors;
  return (
    <Controller
      control={form.control}
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
}

/** A whole number of 0 or more. */
function NumberField({
  form,
  name,
  label,
  hint,
  defaultValue,
  emptyIsNull,
  contentBefore,
}: {
  form: ProductFormApi;
  name: 'purchasePrice' | 'inStockQuantity' | 'amazonStockQuantity' | 'lowStockLevel' | 'netWeightGrams';
  label: string;
  hint?: string;
  defaultValue: number | null | undefined;
  /** An empty box is null (no price) rather than "not given". */
  emptyIsNull?: boolean;
  contentBefore?: string;
}) {
  const fieldMessage = useFieldMessage();
  return (
    <Field label={label} hint={hint} validationMessage={fieldMessage(form.formState.errors[name])}>
      <Input
        defaultValue={numberText(defaultValue)}
        {...form.register(name, { setValueAs: emptyIsNull ? toNullableNumber : toNumber })}
        type="number"
        min={0}
        step={1}
        contentBefore={contentBefore}
      />
    </Field>
  );
}

/** A section of the form under its heading; `grid`: its fields side by side. */
function FormSection({ title, grid, children }: { title: string; grid?: boolean; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.section}>
      <Subtitle2 as="h3">{title}</Subtitle2>
      {grid ? <div className={styles.grid}>{children}</div> : children}
    </section>
  );
}

/** Name, Japanese name, SKU and JAN code. */
export function BasicsSection({
  form,
  mode,
  defaultValues,
}: {
  form: ProductFormApi;
  mode: 'create' | 'edit';
  defaultValues: ProductFormValues;
}) {
  const { t } = useTranslation('addproduct');
  const fieldMessage = useFieldMessage();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormSection title={t('sections.basics')} grid>
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
    </FormSection>
  );
}

/** Category, manufacturer and suppliers, from their active entries. */
export function ClassificationSection({ form, product }: { form: ProductFormApi; product?: Product }) {
  const { t } = useTranslation('addproduct');
  const fieldMessage = useFieldMessage();
  const optionLabel = useOptionLabel();
  const {
    control,
    formState: { errors },
  } = form;
  const categories = useLookup('categories', product?.category ? [product.category] : []);
  const manufacturers = useLookup('manufacturers', product?.manufacturer ? [product.manufacturer] : []);
  const suppliers = useLookup('suppliers', product?.suppliers ?? []);
  return (
    <FormSection title={t('sections.classification')} grid>
      <LookupDropdown form={form} name="categoryId" label={t('fields.category')} lookup={categories} />
      <LookupDropdown
        form={form}
        name="manufacturerId"
        label={t('fields.manufacturer')}
        lookup={manufacturers}
      />
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
    </FormSection>
  );
}

/** Price and stock levels, shelf, release date and status (the stock itself is read-only once created). */
export function StockSection({
  form,
  mode,
  product,
  defaultValues,
}: {
  form: ProductFormApi;
  mode: 'create' | 'edit';
  product?: Product;
  defaultValues: ProductFormValues;
}) {
  const { t } = useTranslation('addproduct');
  const fieldMessage = useFieldMessage();
  const {
    control,
    trigger,
    clearErrors,
    formState: { errors },
  } = form;
  return (
    <FormSection title={t('sections.stock')} grid>
      <NumberField
        form={form}
        name="purchasePrice"
        label={t('fields.purchasePrice')}
        defaultValue={defaultValues.purchasePrice}
        emptyIsNull
        contentBefore="¥"
      />
      {mode === 'create' ? (
        <NumberField
          form={form}
          name="inStockQuantity"
          label={t('fields.inStockQuantity')}
          defaultValue={defaultValues.inStockQuantity}
        />
      ) : (
        <Field label={t('fields.inStockQuantity')} hint={t('hints.stockReadOnly')}>
          <Input value={String(product?.inStockQuantity ?? '')} readOnly />
        </Field>
      )}
      <NumberField
        form={form}
        name="amazonStockQuantity"
        label={t('fields.amazonStockQuantity')}
        defaultValue={defaultValues.amazonStockQuantity}
      />
      <NumberField
        form={form}
        name="lowStockLevel"
        label={t('fields.lowStockLevel')}
        hint={t('hints.lowStockLevel')}
        defaultValue={defaultValues.lowStockLevel}
      />
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
    </FormSection>
  );
}

/** What the customs papers of a shipment need: HS code, country of origin, English description, net weight. */
export function CustomsSection({
  form,
  defaultValues,
}: {
  form: ProductFormApi;
  defaultValues: ProductFormValues;
}) {
  const { t } = useTranslation('addproduct');
  const fieldMessage = useFieldMessage();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <FormSection title={t('sections.customs')} grid>
      <Field
        label={t('fields.hsCode')}
        hint={t('hints.hsCode')}
        validationMessage={fieldMessage(errors.hsCode)}
      >
        <Input
          {...register('hsCode', { setValueAs: blankToNull })}
          defaultValue={defaultValues.hsCode ?? ''}
          inputMode="numeric"
        />
      </Field>
      <Controller
        control={control}
        name="countryOfOrigin"
        render={({ field }) => (
          <CountryField
            label={t('fields.countryOfOrigin')}
            value={field.value ?? null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            validationMessage={fieldMessage(errors.countryOfOrigin)}
          />
        )}
      />
      <Field
        label={t('fields.descriptionEn')}
        hint={t('hints.descriptionEn')}
        validationMessage={fieldMessage(errors.descriptionEn)}
      >
        <Input
          {...register('descriptionEn', { setValueAs: blankToNull })}
          defaultValue={defaultValues.descriptionEn ?? ''}
          lang="en"
        />
      </Field>
      <NumberField
        form={form}
        name="netWeightGrams"
        label={t('fields.netWeightGrams')}
        hint={t('hints.netWeightGrams')}
        defaultValue={defaultValues.netWeightGrams}
        emptyIsNull
      />
    </FormSection>
  );
}

/**
 * A country by its name in the user's language: typing filters the list by name or code;
 * leaving the box without choosing shows the chosen country again.
 */
function CountryField({
  label,
  value,
  onChange,
  onBlur,
  validationMessage,
}: {
  label: string;
  value: string | null;
  onChange: (code: string | null) => void;
  onBlur: () => void;
  validationMessage?: string;
}) {
  const { t, i18n } = useTranslation('addproduct');
  const language = i18n.language;
  const options = useMemo(() => countryOptions(language), [language]);
  // What the user is typing; null while the box shows the chosen country.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const needle = typed?.trim().toLocaleLowerCase(language) ?? '';
  const shown = needle === '' ? options : options.filter((o) => o.search.includes(needle));
  return (
    <Field label={label} validationMessage={validationMessage}>
      <Combobox
        clearable
        placeholder={t('countrySearch')}
        value={typed ?? (value ? countryLabel(value, language) : '')}
        selectedOptions={value ? [value] : []}
        open={open}
        onOpenChange={(_e, data) => setOpen(data.open)}
        onChange={(e) => {
          setTyped(e.target.value);
          setOpen(true);
        }}
        onOptionSelect={(_e, data) => {
          onChange(data.optionValue ?? null);
          setTyped(null);
        }}
        onBlur={() => {
          setTyped(null);
          onBlur();
        }}
      >
        {shown.map((o) => (
          <Option key={o.code} value={o.code} text={o.label}>
            {o.label}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}

/** The platforms the product is listed on, each with its listing id. */
export function PlatformsSection({ form }: { form: ProductFormApi }) {
  const { t } = useTranslation('addproduct');
  const fieldMessage = useFieldMessage();
  const {
    control,
    formState: { errors },
  } = form;
  return (
    <FormSection title={t('sections.platforms')}>
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
    </FormSection>
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
