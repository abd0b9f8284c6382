/**
 * The six settings lists as data: one generic screen reads these configs, so a rule (paging,
 * editing, confirmation) is written once and holds for all six.
 */
import type { z } from 'zod';
import { MESSAGES } from '#shared/messages';
import { exchangeRatesListSpec, handlingFeesListSpec, namedSettingsListSpec } from '#shared/list-specs';
import type { FilterInput, ListSpec } from '#shared/query';
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
import {
  exchangeRateEditSchema,
  exchangeRateFormSchema,
  exchangeRateSchema,
  type ExchangeRate,
  type ExchangeRateForm,
} from '#shared/schemas/currency';
import { dateSearchFilters } from './date-search';
import { putExchangeRate } from './settings.api';
import type { SettingsKind } from './settings.paths';

export { SETTINGS_KINDS, SETTINGS_PATHS, type SettingsKind } from './settings.paths';

export interface SettingsRow {
  _id: string;
  createdAt: string;
}

/**
 * How a column shows its value: `date` a creation date, `day` a calendar date in the user's
 * format, `moment` a date and time in the business's time zone, `rate` an exchange rate with
 * all its decimals.
 */
export type ColumnFormat = 'text' | 'date' | 'status' | 'feeType' | 'feeValue' | 'day' | 'moment' | 'rate';

/** How a double-clicked cell is edited: free text, Active/Inactive, or a decimal number. */
export type CellEditor = 'text' | 'status' | 'decimal';

export interface CellEdit<Row> {
  editor: CellEditor;
  /** The cell's value as the editor holds it. */
  current(row: Row): string;
  /** The PUT body that saves `draft` (before validation by the resource's update schema). */
  body(row: Row, draft: string): Record<string, unknown>;
}

export interface SettingsColumn<Row> {
  /** The row field shown, which is also its sort field and its `setting:fields.*` label. */
  field: keyof Row & string;
  format: ColumnFormat;
  /** Present when a double-click edits the cell. */
  edit?: CellEdit<Row>;
}

/** `date` is the shared date field, starting at today in the business's time zone. */
export type FormFieldKind = 'text' | 'feeType' | 'decimal' | 'date';

export interface SettingsResource<Row extends SettingsRow, Values extends Record<string, string>, Body> {
  kind: SettingsKind;
  /** API path segment under /api/v1/. */
  apiPath: string;
  rowSchema: z.ZodType<Row>;
  /** The list filter a search types into: `?name=text` (`?title=text` for handling charges). */
  searchField: string;
  /**
   * The filters a search text stands for, when it is not sent as it is (`shown` is the user's
   * date format): the exchange rates are searched by day, month or year.
   */
  searchFilters?: (text: string, shown: string) => Record<string, FilterInput>;
  columns: readonly SettingsColumn<Row>[];
  /** What the list may sort and filter on, shared with the server. */
  spec: ListSpec;
  updateSchema: z.ZodType;
  form: {
    /** `unit`: a `setting:units.*` key shown after the field. */
    fields: readonly { name: keyof Values & string; kind: FormFieldKind; unit?: string }[];
    defaults: Values;
    /** The shared create schema: the server validates the very same rules. */
    schema: z.ZodType<Body, Values>;
    /** Shows `setting:<kind>.help` under the form's title. */
    help?: true;
    /** How an added row is sent; by default POST to `apiPath`. */
    create?: (body: Body) => Promise<unknown>;
  };
  /** Other data a saved row changes (orders take a changed exchange rate). */
  alsoChanges?: readonly 'orders'[];
  /** Only admins may even read the list: other roles see the refusal, not a read-only list. */
  adminOnly?: true;
}

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
  },
};

type ExchangeRateValues = { date: string; rate: string };

/**
 * INR→JPY rates by date: the date is the row's id and is set once (a new date is a new row);
 * the rate is edited in place. PUT currency/rates/{date} {rate} both adds and replaces, so
 * adding a date that already has a rate replaces it (the form's help says so).
 */
export const exchangeRateResource: SettingsResource<ExchangeRate, ExchangeRateValues, ExchangeRateForm> = {
  kind: 'exchangeRates',
  apiPath: 'currency/rates',
  rowSchema: exchangeRateSchema,
  searchField: 'date',
  searchFilters: (text, shown) => dateSearchFilters('date', text, shown),
  columns: [
    { field: 'date', format: 'day' },
    {
      field: 'rate',
      format: 'rate',
      edit: {
        editor: 'decimal',
        // The API's number is the rate's shortest exact text: 1.734512 reads "1.734512".
        current: (row) => String(row.rate),
        body: (_row, draft) => ({ rate: draft }),
      },
    },
    { field: 'updatedAt', format: 'moment' },
  ],
  spec: exchangeRatesListSpec,
  updateSchema: exchangeRateEditSchema,
  form: {
    fields: [
      { name: 'date', kind: 'date' },
      { name: 'rate', kind: 'decimal', unit: 'rate' },
    ],
    defaults: { date: '', rate: '' },
    schema: exchangeRateFormSchema as z.ZodType<ExchangeRateForm, ExchangeRateValues>,
    help: true,
    create: putExchangeRate,
  },
  alsoChanges: ['orders'],
  adminOnly: true,
};

/**
 * The placeholder type ('') fails the shared enum with zod's generic text; the form asks for a
 * choice with the spec's generic required message instead.
 */
export const handlingFormErrors = (issue: { path?: PropertyKey[] }) =>
  issue.path?.[0] === 'type' ? MESSAGES.required : undefined;
