/**
 * The order-entry product picker: an asynchronous
 * search over active products that searches only once the text is longer than 1 character,
 * lists each product once, and selects the exact match of a scanned JAN (13 digits + Enter).
 */
import { makeStyles, Option, Spinner, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '#shared/constants';
import type { ListParams } from '#shared/query';
import type { Product } from '#shared/schemas/product';
import { queryKeys } from '../../api/query-keys';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { useErrorText } from '../../ui/use-error-text';
import { scannedJan } from './jan-scan';
import { useProductName } from './product-name';
import { searchProducts } from './products.api';
import { uniqueById } from './search-results';
import { Combobox } from '../../ui/labelled-controls';

const useStyles = makeStyles({
  secondary: { color: tokens.colorNeutralForeground3, marginLeft: tokens.spacingHorizontalS },
});

const pickerParams = (searchString: string): ListParams => ({
  page: 1,
  limit: LIMITS.searchLimit,
  sort: '-updatedAt',
  filters: { activeStatus: true },
  extras: { searchString },
});

export interface ProductPickerProps {
  value: Product | null;
  onChange: (product: Product | null) => void;
  /** Accessible name when the picker is not inside a labelled Field. */
  'aria-label'?: string;
  placeholder?: string;
  disabled?: boolean;
  onBlur?: () => void;
}

export function ProductPicker({
  value,
  onChange,
  placeholder,
  disabled,
  onBlur,
  ...rest
}: ProductPickerProps) {
  const styles = useStyles();
  const { t } = useTranslation('product');
  const errorText = useErrorText();
  const productName = useProductName();
  const [text, setText] = useState(value ? productName(value) : '');
  const [editing, setEditing] = useState(false);
  // Fluent opens a combobox's list only on a printable key press: text that arrives without
  // one (an IME composing Japanese, a paste, autofill) would search and
  // never show what it found. Any change of the text opens the list.
  const [open, setOpen] = useState(false);
  const debounced = useDebouncedValue(text.trim());
  const enabled = editing && debounced.length >= LIMITS.productSearchMinChars;
  const results = useQuery({
    queryKey: queryKeys.products.search(pickerParams(debounced)),
    queryFn: () => searchProducts(pickerParams(debounced)),
    enabled,
    staleTime: 10_000,
  });
  const options = uniqueById(results.data?.data ?? []);
  const shown = editing ? text : value ? productName(value) : text;

  const select = (product: Product | null) => {
    onChange(product);
    setText(product ? productName(product) : '');
    setEditing(false);
    setOpen(false);
  };

  const onScan = async (raw: string) => {
    const jan = scannedJan(raw);
    if (!jan) return;
    try {
      const found = await searchProducts(pickerParams(jan));
      const exact = found.data.filter((p) => p.janCode === jan);
      if (exact.length === 1 && exact[0]) select(exact[0]);
    } catch {
      // The typed digits stay; the list below shows the search and its error as for any text.
    }
  };

  return (
    <Combobox
      {...rest}
      freeform
      disabled={disabled}
      placeholder={placeholder ?? t('picker.placeholder')}
      value={shown}
      selectedOptions={value ? [value._id] : []}
      open={open}
      onOpenChange={(_e, data) => setOpen(data.open)}
      onChange={(e) => {
        setText(e.target.value);
        setEditing(true);
        setOpen(true);
        if (value && e.target.value === '') onChange(null);
      }}
      onOptionSelect={(_e, data) => select(options.find((p) => p._id === data.optionValue) ?? null)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') void onScan(e.currentTarget.value);
      }}
      onBlur={() => {
        setEditing(false);
        onBlur?.();
      }}
    >
      {!enabled ? (
        <Option disabled value="" text="">
          {t('picker.typeMore')}
        </Option>
      ) : results.isFetching && options.length === 0 ? (
        <Option disabled value="" text="">
          <Spinner size="extra-tiny" label={t('common:states.loading')} />
        </Option>
      ) : results.isError ? (
        <Option disabled value="" text="">
          {errorText(results.error)}
        </Option>
      ) : options.length === 0 ? (
        <Option disabled value="" text="">
          {t('errors:noResults')}
        </Option>
      ) : (
        options.map((p) => (
          <Option key={p._id} value={p._id} text={productName(p)}>
            {productName(p)}
            <span className={styles.secondary}>
              {p.skuCode} · {p.janCode}
            </span>
          </Option>
        ))
      )}
    </Combobox>
  );
}
