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
import type { SettingsColumn, SettingsResource } from '../settings/settings-resource';

export type NamedSetting = Category;
type NamedValues = { name: string };

const nameColumn: SettingsColumn<NamedSetting> = {
  field: 'name',
  format: 'text',
  edit: {
    editor: 'text',
    current: (row) => row.name,
    // The API takes PUT {name, activeStatus}.
    body: (row, draft) => ({ name: draft, activeStatus: row.activeStatus }),
  },
};
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
      {
        field: 'activeStatus',
        format: 'status',
        edit: {
          editor: 'status',
          current: (row) => String(row.activeStatus),
          body: (row, draft) => ({ name: row.name, activeStatus: draft === 'true' }),
        },
      },
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
  columns: [
    {
      ...nameColumn,
      edit: { editor: 'text', current: (row) => row.name, body: (_row, draft) => ({ name: draft }) },
    },
    createdColumn,
  ],
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
    {
      field: 'title',
      format: 'text',
      edit: {
        editor: 'text',
        current: (row) => row.title,
        body: (row, draft) => handlingBody(row, { title: draft }),
      },
    },
    // Read-only once created: no edit.
    { field: 'type', format: 'feeType' },
    {
      field: 'value',
      format: 'feeValue',
      edit: {
        editor: 'decimal',
        current: (row) => String(row.value),
        body: (row, draft) => handlingBody(row, { value: draft }),
      },
    },
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
