/**
 * The searchable, paged, sortable table of every settings sub-screen, with double-click
 * editing that saves only after the user confirms a real change.
 */
import {
  Body1,
  Caption1,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Select,
  tokens,
} from '@fluentui/react-components';
import { SearchRegular, TableRegular } from '@fluentui/react-icons';
import { type QueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '#shared/query';
import type { HandlingFee } from '#shared/schemas/catalog';
import { invalidate, queryKeys } from '../../api/query-keys';
import { ConfirmDialog } from '../../ui/app-dialog';
import type { AppTableCellProps } from '../../ui/app-table';
import { DATE_FORMATS } from '../../ui/date-display';
import { DATE_FORMAT } from '../../ui/date-text';
import { ListScaffold, type ListColumn } from '../../ui/list-screen/list-scaffold';
import { useListScreen } from '../../ui/list-screen/use-list-screen';
import { useNotify } from '../../ui/notify';
import { StatusBadge } from '../../ui/status-badge';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useDateDisplay } from '../../ui/use-date-display';
import { useErrorText } from '../../ui/use-error-text';
import { planEdit } from './settings-edit';
import { fetchSettings, updateSetting } from './settings.api';
import type { SettingsColumn, SettingsResource, SettingsRow } from './settings.resources';

/**
 * One settings list's options; the settings cards' prefetch builds the same first request.
 * `shown`, the user's date format, reads a search typed as a date.
 */
export const settingsListOptions = <Row extends SettingsRow, Values extends Record<string, string>, Body>(
  resource: SettingsResource<Row, Values, Body>,
  shown?: string,
) => ({
  spec: resource.spec,
  searchParam: resource.searchField,
  searchFilters: resource.searchFilters
    ? (text: string) => resource.searchFilters?.(text, shown ?? DATE_FORMAT) ?? {}
    : undefined,
  queryKey: (params: ListParams) => queryKeys.settings.list(resource.apiPath, params),
  fetch: (params: ListParams) => fetchSettings(resource, params),
});

/** After a save: the list, and what else the resource's rows change (orders take a rate). */
export const invalidateSaved = (
  queryClient: QueryClient,
  resource: { apiPath: string; alsoChanges?: readonly 'orders'[] },
) =>
  Promise.all([
    invalidate.settings(queryClient, resource.apiPath),
    ...(resource.alsoChanges?.includes('orders') ? [invalidate.orders(queryClient)] : []),
  ]);

const useStyles = makeStyles({
  search: { width: '300px' },
  nowrap: { whiteSpace: 'nowrap' },
  // Dates, statuses, types and values are short: the name or title gets the room.
  narrow: { width: '150px' },
  editable: {
    cursor: 'text',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  editing: { paddingTop: tokens.spacingVerticalXS, paddingBottom: tokens.spacingVerticalXS },
  editor: { width: '100%', minWidth: '120px' },
  change: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  values: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    '& dt': { color: tokens.colorNeutralForeground3 },
    '& dd': { margin: 0, overflowWrap: 'anywhere' },
  },
  oldValue: { textDecorationLine: 'line-through' },
  newValue: { fontWeight: tokens.fontWeightSemibold },
});

interface Editing {
  rowId: string;
  field: string;
  draft: string;
  /** A validation message shown under the editor (Enter on an invalid value). */
  error?: string;
}

interface PendingChange<Row> {
  row: Row;
  field: string;
  body: unknown;
  /** The value as the table shows it now, and as it will be: the confirmation names both. */
  from: string;
  to: string;
}

export function SettingsTable<Row extends SettingsRow, Values extends Record<string, string>, Body>({
  resource,
  canEdit,
}: {
  resource: SettingsResource<Row, Values, Body>;
  canEdit: boolean;
}) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('setting');
  const notify = useNotify();
  const message = useErrorText();
  const { kind, columns } = resource;
  const fieldLabel = (field: string) => t(`fields.${field}`);

  const [editing, setEditing] = useState<Editing | null>(null);
  const [pending, setPending] = useState<PendingChange<Row> | null>(null);
  // Set synchronously: the dialog taking focus blurs the editor, which must not ask twice.
  const confirming = useRef(false);
  const dates = useDateDisplay();
  const list = useListScreen(settingsListOptions(resource, DATE_FORMATS[dates.dateFormat]));

  const endEdit = () => {
    confirming.current = false;
    setPending(null);
    setEditing(null);
  };

  const save = useAppMutation({
    mutationFn: ({ row, body }: PendingChange<Row>) => updateSetting(resource, row._id, body),
    success: t('errors:rowUpdated'),
    invalidate: (queryClient) => invalidateSaved(queryClient, resource),
    onSuccess: endEdit,
    // The list was never changed, so leaving edit mode shows the old value again.
    onError: endEdit,
  });

  const startEdit = (row: Row, column: SettingsColumn<Row>) => {
    if (!canEdit || !column.edit || confirming.current) return;
    setEditing({ rowId: row._id, field: column.field, draft: column.edit.current(row) });
  };

  const commit = (row: Row, column: SettingsColumn<Row>, draft: string, from: 'enter' | 'blur' | 'pick') => {
    if (!column.edit || confirming.current) return;
    const plan = planEdit(column.edit, resource.updateSchema, row, draft);
    switch (plan.kind) {
      case 'unchanged':
        setEditing(null);
        return;
      case 'invalid':
        if (from === 'blur') {
          // Leaving the cell gives the old value back; the message says why nothing was saved.
          notify.warning(message(plan.message));
          setEditing(null);
        } else {
          setEditing({ rowId: row._id, field: column.field, draft, error: message(plan.message) });
        }
        return;
      case 'change':
        confirming.current = true;
        setPending({
          row,
          field: column.field,
          body: plan.body,
          from: shown(column, column.edit.current(row)),
          to: shown(column, draft.trim()),
        });
    }
  };

  const onEditorKey = (row: Row, column: SettingsColumn<Row>, draft: string) => (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(row, column, draft, 'enter');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setEditing(null);
    }
  };

  const numberFormat = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  /** An editor's text as a reader sees it (a status is Active or Inactive, not true). */
  const shown = (column: SettingsColumn<Row>, text: string) =>
    column.edit?.editor === 'status'
      ? t(text === 'true' ? 'common:status.active' : 'common:status.inactive')
      : text;
  const display = (row: Row, column: SettingsColumn<Row>) => {
    const value = row[column.field];
    switch (column.format) {
      case 'text':
        return String(value);
      case 'date':
        return DateTime.fromISO(String(value)).toFormat('yyyy-MM-dd');
      case 'status':
        return <StatusBadge active={Boolean(value)} />;
      case 'feeType':
        return t(`types.${String(value)}`);
      case 'feeValue': {
        const type = (row as unknown as HandlingFee).type;
        return t(`valueFormat.${type}`, { value: numberFormat.format(Number(value)) });
      }
      case 'day':
        return dates.date(String(value));
      case 'moment':
        return dates.dateTime(String(value));
      case 'rate':
        // The rate's own exact text, every decimal it has ("1.734512"), never rounded for show.
        return String(value);
    }
  };

  const editor = (row: Row, column: SettingsColumn<Row>, state: Editing) => {
    const label = fieldLabel(column.field);
    if (column.edit?.editor === 'status') {
      return (
        <Select
          className={styles.editor}
          size="small"
          aria-label={label}
          autoFocus
          value={state.draft}
          onChange={(_e, data) => {
            setEditing({ ...state, draft: data.value });
            commit(row, column, data.value, 'pick');
          }}
          onKeyDown={onEditorKey(row, column, state.draft)}
          onBlur={() => commit(row, column, state.draft, 'blur')}
        >
          <option value="true">{t('common:status.active')}</option>
          <option value="false">{t('common:status.inactive')}</option>
        </Select>
      );
    }
    return (
      <Field validationMessage={state.error} validationState={state.error ? 'error' : 'none'}>
        <Input
          className={styles.editor}
          size="small"
          aria-label={label}
          autoFocus
          inputMode={column.edit?.editor === 'decimal' ? 'decimal' : undefined}
          value={state.draft}
          onFocus={(event) => event.target.select()}
          onChange={(_e, data) => setEditing({ ...state, draft: data.value, error: undefined })}
          onKeyDown={onEditorKey(row, column, state.draft)}
          onBlur={() => commit(row, column, state.draft, 'blur')}
        />
      </Field>
    );
  };

  /** The cell shows the editor while it is edited, and opens it on a double-click when editable. */
  const cellProps = (row: Row, column: SettingsColumn<Row>): AppTableCellProps => {
    const nowrap = column.format !== 'text' ? styles.nowrap : undefined;
    if (editing?.rowId === row._id && editing.field === column.field) return { className: styles.editing };
    if (!canEdit || column.edit === undefined) return { className: nowrap };
    return {
      className: mergeClasses(styles.editable, nowrap),
      tabIndex: 0,
      title: t('table.editHint'),
      onDoubleClick: () => startEdit(row, column),
      // Keyboard users open the editor with Enter or F2, as in a spreadsheet.
      onKeyDown: (event: KeyboardEvent<HTMLTableCellElement>) => {
        if (event.key === 'Enter' || event.key === 'F2') {
          event.preventDefault();
          startEdit(row, column);
        }
      },
    };
  };

  const listColumns: ListColumn<Row>[] = columns.map((column) => ({
    key: column.field,
    header: fieldLabel(column.field),
    // A header sorts only by what the list's spec sorts (the rates sort by date alone).
    sort: resource.spec.sorts.includes(column.field) ? column.field : undefined,
    sortFirst: column.format === 'day' ? 'desc' : undefined,
    numeric: column.format === 'rate' ? true : undefined,
    headerClassName: column.format === 'text' ? undefined : styles.narrow,
    cell: (row) =>
      editing?.rowId === row._id && editing.field === column.field
        ? editor(row, column, editing)
        : display(row, column),
    cellProps: (row) => cellProps(row, column),
  }));

  const searched = list.state.q;

  return (
    <ListScaffold
      list={list}
      label={t(`${kind}.title`)}
      search={{ label: t(`${kind}.search`), className: styles.search }}
      empty={
        searched
          ? { icon: <SearchRegular />, title: t('table.noMatch', { text: searched }) }
          : {
              icon: <TableRegular />,
              title: t(`${kind}.empty`),
              body: canEdit ? t('table.emptyHint') : undefined,
            }
      }
      columns={listColumns}
    >
      {/* Close, Escape or a click outside: nothing is saved and the old value returns. */}
      <ConfirmDialog
        open={pending !== null}
        title={t('errors:confirmChanges')}
        cancelLabel={t('common:actions.close')}
        confirmLabel={t('common:actions.save')}
        busy={save.isPending}
        onCancel={endEdit}
        onConfirm={() => pending && save.mutate(pending)}
      >
        {pending && (
          <div className={styles.change}>
            <Body1>{t('confirm.body', { field: t(`changeField.${pending.field}`) })}</Body1>
            <dl className={styles.values}>
              <dt>{t('confirm.from')}</dt>
              <dd className={styles.oldValue}>{pending.from}</dd>
              <dt>{t('confirm.to')}</dt>
              <dd className={styles.newValue}>{pending.to}</dd>
            </dl>
            <Caption1>{t('confirm.hint')}</Caption1>
          </div>
        )}
      </ConfirmDialog>
    </ListScaffold>
  );
}
