/**
 * The searchable, paged, sortable table of every settings sub-screen (SPEC §2, §9), with
 * double-click editing that saves only after the user confirms a real change.
 */
import {
  Badge,
  Body1,
  Card,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  SearchBox,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { SearchRegular, TableRegular } from '@fluentui/react-icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '#shared/constants';
import { pageCount, type ListParams, type SortSpec } from '#shared/query';
import type { HandlingFee } from '#shared/schemas/catalog';
import { useNotify } from '../../app/notify';
import { EmptyState, ErrorState, LoadingState } from '../../app/page-state';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { nextSort, planEdit, sortParam } from './settings-edit';
import { fetchSettings, settingsKeys, updateSetting } from './settings.api';
import type { SettingsColumn, SettingsResource, SettingsRow } from './settings.resources';
import { useErrorText } from '../../app/use-error-text';
import { ConfirmDialog } from '../../app/confirm-dialog';
import { Pager } from '../../app/pager';

const PAGE_SIZE = LIMITS.settingsPageSize;

const useStyles = makeStyles({
  card: { padding: 0, gap: 0, minWidth: 0 },
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    padding: tokens.spacingHorizontalL,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  search: { width: '300px', maxWidth: '100%' },
  muted: { color: tokens.colorNeutralForeground3 },
  tableWrap: { overflowX: 'auto' },
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
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalL,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
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
  const queryClient = useQueryClient();
  const { kind, columns } = resource;
  const fieldLabel = (field: string) => t(`fields.${field}`);

  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortSpec | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [pending, setPending] = useState<PendingChange<Row> | null>(null);
  // Set synchronously: the dialog taking focus blurs the editor, which must not ask twice.
  const confirming = useRef(false);
  const searchText = useDebouncedValue(search.trim());

  const params: ListParams = {
    page,
    limit: PAGE_SIZE,
    sort: sortParam(sort),
    filters: { [resource.searchField]: searchText },
  };
  const list = useQuery({
    queryKey: settingsKeys.list(resource.apiPath, params),
    queryFn: () => fetchSettings(resource, params),
    placeholderData: keepPreviousData,
  });

  const endEdit = () => {
    confirming.current = false;
    setPending(null);
    setEditing(null);
  };

  const save = useMutation({
    mutationFn: ({ row, body }: PendingChange<Row>) => updateSetting(resource, row._id, body),
    onSuccess: () => {
      notify.success(t('errors:rowUpdated'));
      endEdit();
      return queryClient.invalidateQueries({ queryKey: settingsKeys.all(resource.apiPath) });
    },
    // The list was never changed, so leaving edit mode shows the old value again.
    onError: (error) => {
      notify.error(message(error));
      endEdit();
    },
  });

  const effectiveSort = sort ?? resource.defaultSort;
  const sortBy = (field: string) => {
    setSort(nextSort(effectiveSort, field));
    setPage(1);
  };

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
        setPending({ row, field: column.field, body: plan.body });
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
  const display = (row: Row, column: SettingsColumn<Row>) => {
    const value = row[column.field];
    switch (column.format) {
      case 'text':
        return String(value);
      case 'date':
        return DateTime.fromISO(String(value)).toFormat('yyyy-MM-dd');
      case 'status':
        return (
          <Badge appearance="tint" color={value ? 'success' : 'subtle'}>
            {value ? t('common:status.active') : t('common:status.inactive')}
          </Badge>
        );
      case 'feeType':
        return t(`types.${String(value)}`);
      case 'feeValue': {
        const type = (row as unknown as HandlingFee).type;
        return t(`valueFormat.${type}`, { value: numberFormat.format(Number(value)) });
      }
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

  const cell = (row: Row, column: SettingsColumn<Row>) => {
    const state = editing?.rowId === row._id && editing.field === column.field ? editing : null;
    if (state) {
      return (
        <TableCell key={column.field} className={styles.editing}>
          {editor(row, column, state)}
        </TableCell>
      );
    }
    const editable = canEdit && column.edit !== undefined;
    const nowrap = column.format !== 'text' ? styles.nowrap : undefined;
    if (!editable) {
      return (
        <TableCell key={column.field} className={nowrap}>
          {display(row, column)}
        </TableCell>
      );
    }
    return (
      <TableCell
        key={column.field}
        className={mergeClasses(styles.editable, nowrap)}
        tabIndex={0}
        title={t('table.editHint')}
        onDoubleClick={() => startEdit(row, column)}
        // Keyboard users open the editor with Enter or F2, as in a spreadsheet.
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === 'F2') {
            event.preventDefault();
            startEdit(row, column);
          }
        }}
      >
        {display(row, column)}
      </TableCell>
    );
  };

  const rows = list.data?.data ?? [];
  const total = list.data?.totalCount ?? 0;
  const pages = pageCount(total, PAGE_SIZE);
  const title = t(`${kind}.title`);

  return (
    <Card className={styles.card}>
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          aria-label={t(`${kind}.search`)}
          placeholder={t(`${kind}.search`)}
          value={search}
          onChange={(_e, data) => {
            setSearch(data.value);
            setPage(1);
          }}
        />
        {list.data && <Body1 className={styles.muted}>{t('common:paging.total', { total })}</Body1>}
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        searchText ? (
          <EmptyState icon={<SearchRegular />} title={t('table.noMatch', { text: searchText })} />
        ) : (
          <EmptyState icon={<TableRegular />} title={t(`${kind}.empty`)}>
            {canEdit ? t('table.emptyHint') : undefined}
          </EmptyState>
        )
      ) : (
        <div className={styles.tableWrap}>
          <Table aria-label={title} aria-busy={list.isFetching} sortable>
            <TableHeader>
              <TableRow>
                {columns.map((column) => (
                  <TableHeaderCell
                    key={column.field}
                    className={column.format === 'text' ? undefined : styles.narrow}
                    sortDirection={
                      effectiveSort.field === column.field
                        ? effectiveSort.direction === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : undefined
                    }
                    onClick={() => sortBy(column.field)}
                  >
                    {fieldLabel(column.field)}
                  </TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row._id}>{columns.map((column) => cell(row, column))}</TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {list.data && pages > 1 && (
        <Pager className={styles.pager} page={page} pages={pages} onPage={setPage} />
      )}
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
        {pending && t('confirm.body', { field: t(`changeField.${pending.field}`) })}
      </ConfirmDialog>
    </Card>
  );
}
