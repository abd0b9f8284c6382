/** Product labels: the selection they are printed from and the request that makes their PDF. */
import { useState } from 'react';
import { MAX_LABELS, MAX_LABELS_PER_PRODUCT } from '#shared/constants';
import { isValidJan } from '#shared/domain/jan';
import type { LabelsPerPage } from '#shared/domain/label-sheet';
import type { Product } from '#shared/schemas/product';

export { MAX_LABELS, MAX_LABELS_PER_PRODUCT };

/**
 * The most products on one print run. Their ids travel in the address, which the server takes
 * up to 16 KiB with the headers: 300 ids of 36 characters and their quantities leave room.
 */
export const LABELS_MAX_PRODUCTS = 300;

export interface ProductSelection {
  selected: ReadonlyMap<string, Product>;
  toggle(product: Product, on: boolean): void;
  togglePage(on: boolean): void;
  clear(): void;
}

/** The products chosen for labels: kept across pages, filters and searches until cleared. */
export function useProductSelection(rows: readonly Product[]): ProductSelection {
  const [selected, setSelected] = useState<ReadonlyMap<string, Product>>(new Map());
  const change = (products: readonly Product[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const product of products) {
        if (on) next.set(product._id, product);
        else next.delete(product._id);
      }
      return next;
    });
  return {
    selected,
    toggle: (product, on) => change([product], on),
    togglePage: (on) => change(rows, on),
    clear: () => setSelected(new Map()),
  };
}

/** Products whose JAN would not scan: the server refuses to print them (409), so say so first. */
export const withoutValidJan = (products: readonly Product[]) =>
  products.filter((p) => !isValidJan(p.janCode));

export interface LabelRun {
  items: readonly { id: string; quantity: number }[];
  perPage: LabelsPerPage;
  start: number;
}

export const productLabelsPath = ({ items, perPage, start }: LabelRun) =>
  `labels/products.pdf?${[
    `ids=${items.map((item) => encodeURIComponent(item.id)).join(',')}`,
    `quantities=${items.map((item) => item.quantity).join(',')}`,
    `perPage=${perPage}`,
    `start=${start}`,
  ].join('&')}`;

/** A quantity as typed: a whole number from 1 to the bound, else null. */
export function labelQuantity(text: string): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= 1 && n <= MAX_LABELS_PER_PRODUCT ? n : null;
}
