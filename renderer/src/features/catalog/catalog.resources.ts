/**
 * The catalog's settings lists as data (categories, manufacturers, suppliers, shipping methods,
 * handling charges): configs of the one settings screen (features/settings).
 */
import type { z } from 'zod';
import { MESSAGES } from '#shared/messages';
import { handlingFeesListSpec, namedSettingsListSpec } from '#shared/list-specs';
import {
  categoryCreateSchema,
  categorySchema,
  categoryUpdateSchema,
  handlingFeeCreateSchema,
  handlingFeeSchema,
  handlingFeeUpdateSchema,
  manufacturerCreateSchema,
  manufacturerSchema,
  manufacturerUpdateSchema,
  shippingMethodCreateSchema,
  shippingMethodSchema,
  shippingMethodUpdateSchema,
  supplierCreateSchema,
  supplierSchema,
  supplierUpdateSchema,
  type Category,
  type HandlingFee,
} from '#shared/schemas/catalog';
import { editedColumn, type SettingsResource } from '../settings/settings-resource';

export type NamedSetting = Category;
type NamedValues = { name: string };

const nameColumn = editedColumn<NamedSetting>(
  'name',
  'text',
  'text',
  // The API takes PUT {name, activeStatus}.
  (row, draft) => ({ name: draft, activeStatus: row.activeStatus }),
);
const createdColumn = { field: 'createdAt', format: 'date' } as const;

function namedResource(
  kind: 'category' | 'manufacturer' | 'supplier',
  apiPath: string,
  rowSchema: z.ZodType<NamedSetting>,
  createSchema: z.ZodType<{ name: string; activeStatus: boolean }, NamedValues>,
  updateSchema: z.ZodType,
): SettingsResource<NamedSetting, NamedValues, { name: string; activeStatus: boolean }> {
  return {
    kind,
    apiPath,
    rowSchema,
    searchField: 'name',
    columns: [
      nameColumn,
      createdColumn,
      editedColumn('activeStatus', 'status', 'status', (row, draft) => ({
        name: row.name,
        activeStatus: draft === 'true',
      })),
    ],
    spec: namedSettingsListSpec,
    updateSchema,
    form: { fields: [{ name: 'name', kind: 'text' }], defaults: { name: '' }, schema: createSchema },
  };
}

export const categoryResource = namedResource(
  'category',
  'categories',
  categorySchema,
  categoryCreateSchema,
  categoryUpdateSchema,
);
export const manufacturerResource = namedResource(
  'manufacturer',
  'manufacturers',
  manufacturerSchema,
  manufacturerCreateSchema,
  manufacturerUpdateSchema,
);
export const supplierResource = namedResource(
  'supplier',
  'suppliers',
  supplierSchema,
  supplierCreateSchema,
  supplierUpdateSchema,
);

export const shippingMethodResource: SettingsResource<NamedSetting, NamedValues, { name: string }> = {
  kind: 'shippingMethod',
  apiPath: 'shipping-methods',
  rowSchema: shippingMethodSchema,
  searchField: 'name',
  // Name and created date only; PUT shipping-methods/{id} {name}.
  columns: [editedColumn('name', 'text', 'text', (_row, draft) => ({ name: draft })), createdColumn],
  spec: namedSettingsListSpec,
  updateSchema: shippingMethodUpdateSchema,
  form: {
    fields: [{ name: 'name', kind: 'text' }],
    defaults: { name: '' },
    schema: shippingMethodCreateSchema,
  },
};

/**
 * The placeholder type ('') fails the shared enum with zod's generic text; the form asks for a
 * choice with the generic "Required field" text instead.
 */
export const handlingFormErrors = (issue: { path?: PropertyKey[] }) =>
  issue.path?.[0] === 'type' ? MESSAGES.required : undefined;

type HandlingValues = { title: string; type: string; value: string };
type HandlingBody = z.output<typeof handlingFeeCreateSchema>;

/** PUT handling-fees/{id} {title, type, value}; the type goes back unchanged. */
const handlingBody = (row: HandlingFee, change: Partial<Record<'title' | 'value', string>>) => ({
  title: row.title,
  type: row.type,
  value: row.value,
  ...change,
});

export const handlingChargeResource: SettingsResource<HandlingFee, HandlingValues, HandlingBody> = {
  kind: 'handlingCharges',
  apiPath: 'handling-fees',
  rowSchema: handlingFeeSchema,
  searchField: 'title',
  columns: [
    editedColumn('title', 'text', 'text', (row, draft) => handlingBody(row, { title: draft })),
    // Read-only once created: no edit.
    { field: 'type', format: 'feeType' },
    editedColumn('value', 'feeValue', 'decimal', (row, draft) => handlingBody(row, { value: draft })),
    { field: 'createdAt', format: 'date' },
  ],
  spec: handlingFeesListSpec,
  updateSchema: handlingFeeUpdateSchema,
  form: {
    fields: [
      { name: 'title', kind: 'text' },
      { name: 'type', kind: 'feeType' },
      { name: 'value', kind: 'decimal' },
    ],
    defaults: { title: '', type: '', value: '' },
    // The form holds every value as text; the schema also accepts a number.
    schema: handlingFeeCreateSchema as z.ZodType<HandlingBody, HandlingValues>,
    errors: handlingFormErrors,
  },
};
