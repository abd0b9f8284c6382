import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '#shared/schemas/product';

/** A product's name in the reader's language: its Japanese name when the language is ja and it has one. */
export function useProductName() {
  const { i18n } = useTranslation();
  const ja = i18n.language === 'ja';
  return useCallback(
    (product: Pick<Product, 'name'> & { nameJa?: string | null }) =>
      ja && product.nameJa ? product.nameJa : product.name,
    [ja],
  );
}
