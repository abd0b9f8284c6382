/**
 * The searchable, paged, sortable table of every settings sub-screen, with double-click
 * editing that saves only after the user confirms a real change.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { SearchRegular, TableRegular } from '@fluentui/react-icons';
import { type QueryClient } from '@tanstack/react-query';
import { type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '#shared/query';
import { invalidate, queryKeys } from '../../api/query-keys';
import type { AppTableCellProps } from '../../ui/app-table';
import { DATE_FORMATS } from '../../ui/date-display';
import { DATE_FORMAT } from '../../ui/date-text';
import { ListScaffold, type ListColumn } from '../../ui/list-screen/list-scaffold';
import { useListScreen } from '../../ui/list-screen/use-list-screen';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useDateDisplay } from '../../ui/use-date-display';
import type { SettingsColumn, SettingsResource, SettingsRow } from './settings-resource';
import {
  CellEditor,
  ConfirmChangeDialog,
  useCellEditing,
  useSettingsCells,
  type PendingChange,
} from './settings-table-parts';
import { fetchSettings, updateSetting } from './settings.api';

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
});

export function SettingsTable<Row extends SettingsRow, Values extends Record<string, string>, Body>({
  resource,
  canEdit,
}: {
  resource: SettingsResource<Row, Values, Body>;
  canEdit: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  const { kind, columns } = resource;
  const fieldLabel = (field: string) => t(`fields.${field}`);
  const dates = useDateDisplay();
  const list = useListScreen(settingsListOptions(resource, DATE_FORMATS[dates.dateFormat]));
  const { shown, display } = useSettingsCells<Row>();
  const { editing, setEditing, pending, startEdit, commit, endEdit } = useCellEditing(
    resource,
    canEdit,
    shown,
  );

  const save = useAppMutation({
    mutationFn: ({ row, body }: PendingChange<Row>) => updateSetting(resource, row._id, body),
    success: t('errors:rowUpdated'),
    invalidate: (queryClient) => invalidateSaved(queryClient, resource),
    onSuccess: endEdit,
    // The list was never changed, so leaving edit mode shows the old value again.
    onError: endEdit,
  });

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
      editing?.rowId === row._id && editing.field === column.field ? (
        <CellEditor
          label={fieldLabel(column.field)}
          kind={column.edit?.editor}
          state={editing}
          onDraft={(draft) => setEditing({ ...editing, draft, error: undefined })}
          onCommit={(draft, from) => commit(row, column, draft, from)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        display(row, column)
      ),
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
      <ConfirmChangeDialog
        pending={pending}
        busy={save.isPending}
        onCancel={endEdit}
        onConfirm={(change) => save.mutate(change)}
      />
    </ListScaffold>
  );
}
