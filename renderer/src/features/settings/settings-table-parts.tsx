/**
 * The parts of a settings table (settings-table.tsx): how a cell shows its value, the editor a
 * double-click opens in it, the editing itself (a change is saved only once confirmed), and the
 * confirmation that names the old and the new value.
 */
import { Body1, Caption1, Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import { DateTime } from 'luxon';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { HandlingFee } from '#shared/schemas/catalog';
import { ConfirmDialog } from '../../ui/app-dialog';
import { useNotify } from '../../ui/notify';
import { StatusBadge } from '../../ui/status-badge';
import { useDateDisplay } from '../../ui/use-date-display';
import { useErrorText } from '../../ui/use-error-text';
import { planEdit } from './settings-edit';
import type { SettingsColumn, SettingsResource, SettingsRow } from './settings-resource';

const useStyles = makeStyles({
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

export interface Editing {
  rowId: string;
  field: string;
  draft: string;
  /** A validation message shown under the editor (Enter on an invalid value). */
  error?: string;
}

export interface PendingChange<Row> {
  row: Row;
  field: string;
  body: unknown;
  /** The value as the table shows it now, and as it will be: the confirmation names both. */
  from: string;
  to: string;
}

type CommitFrom = 'enter' | 'blur' | 'pick';

/** How a cell reads: its value as the screens show it, and an editor's text as a reader sees it. */
export function useSettingsCells<Row extends SettingsRow>() {
  const { t, i18n } = useTranslation('setting');
  const dates = useDateDisplay();
  const numberFormat = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  /** A status is Active or Inactive, not true. */
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
  return { shown, display };
}

/**
 * A cell's editing: opened on one cell, committed on Enter, a pick or leaving it; an unchanged
 * value closes it, an invalid one says why, a change waits for the confirmation (`pending`).
 */
export function useCellEditing<Row extends SettingsRow, Values extends Record<string, string>, Body>(
  resource: SettingsResource<Row, Values, Body>,
  canEdit: boolean,
  shown: (column: SettingsColumn<Row>, text: string) => string,
) {
  const notify = useNotify();
  const message = useErrorText();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [pending, setPending] = useState<PendingChange<Row> | null>(null);
  // Set synchronously: the dialog taking focus blurs the editor, which must not ask twice.
  const confirming = useRef(false);

  const endEdit = () => {
    confirming.current = false;
    setPending(null);
    setEditing(null);
  };

  const startEdit = (row: Row, column: SettingsColumn<Row>) => {
    if (!canEdit || !column.edit || confirming.current) return;
    setEditing({ rowId: row._id, field: column.field, draft: column.edit.current(row) });
  };

  const commit = (row: Row, column: SettingsColumn<Row>, draft: string, from: CommitFrom) => {
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

  return { editing, setEditing, pending, startEdit, commit, endEdit };
}

/** The editor of a cell: a status picker, or a text box (decimal where the value is a number). */
export function CellEditor({
  label,
  kind,
  state,
  onDraft,
  onCommit,
  onCancel,
}: {
  label: string;
  kind: 'text' | 'status' | 'decimal' | undefined;
  state: Editing;
  onDraft: (draft: string) => void;
  onCommit: (draft: string, from: CommitFrom) => void;
  onCancel: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onCommit(state.draft, 'enter');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };
  if (kind === 'status') {
    return (
      <Select
        className={styles.editor}
        size="small"
        aria-label={label}
        autoFocus
        value={state.draft}
        onChange={(_e, data) => {
          onDraft(data.value);
          onCommit(data.value, 'pick');
        }}
        onKeyDown={onKeyDown}
        onBlur={() => onCommit(state.draft, 'blur')}
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
        inputMode={kind === 'decimal' ? 'decimal' : undefined}
        value={state.draft}
        onFocus={(event) => event.target.select()}
        onChange={(_e, data) => onDraft(data.value)}
        onKeyDown={onKeyDown}
        onBlur={() => onCommit(state.draft, 'blur')}
      />
    </Field>
  );
}

/** Close, Escape or a click outside: nothing is saved and the old value returns. */
export function ConfirmChangeDialog<Row>({
  pending,
  busy,
  onCancel,
  onConfirm,
}: {
  pending: PendingChange<Row> | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (change: PendingChange<Row>) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  return (
    <ConfirmDialog
      open={pending !== null}
      title={t('errors:confirmChanges')}
      cancelLabel={t('common:actions.close')}
      confirmLabel={t('common:actions.save')}
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => pending && onConfirm(pending)}
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
  );
}
