/**
 * A settings list as data: the one settings screen (settings-screen.tsx: an add form beside a
 * table edited in place) reads such a config, so a rule (paging, editing, confirmation) is
 * written once and holds for every list. The catalog's lists (features/catalog) and the
 * exchange rates (features/currency) are configs of it.
 */
import type { z } from 'zod';
import type { FilterInput, ListSpec } from '#shared/query';
import type { SettingsKind } from './settings.paths';

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

/** A column a double-click edits: the editor starts from the field's value as text. */
export const editedColumn = <Row>(
  field: keyof Row & string,
  format: ColumnFormat,
  editor: CellEditor,
  body: CellEdit<Row>['body'],
): SettingsColumn<Row> => ({ field, format, edit: { editor, current: (row) => String(row[field]), body } });

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
    /** The form's own message for a schema issue zod words generically (the handling type). */
    errors?: (issue: { path?: PropertyKey[] }) => string | undefined;
  };
  /** Other data a saved row changes (orders take a changed exchange rate). */
  alsoChanges?: readonly 'orders'[];
  /** Only admins may even read the list: other roles see the refusal, not a read-only list. */
  adminOnly?: true;
}
