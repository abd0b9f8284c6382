/**
 * /audit-log: the history of every change, as sentences. Filters by who, by kind of record, by
 * one record (the product form's History button opens that product's) and by a date range of
 * the business's calendar; all of them live in the URL, so a history can be linked. The raw
 * record of an entry is one click away for an administrator.
 */
import { Button, Dropdown, Field, makeStyles, Option, tokens } from '@fluentui/react-components';
import { CodeRegular, DismissRegular, HistoryRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { auditListSpec } from '#shared/list-specs';
import type { AuditEntry } from '#shared/schemas/misc';
import { fetchAuditLogs } from '../../api/audit.api';
import { queryKeys } from '../../api/query-keys';
import { fetchUsers } from '../../api/users.api';
import { AppDialog } from '../../ui/app-dialog';
import { dayEndUtc, dayStartUtc } from '../../ui/date-display';
import { DateField } from '../../ui/date-field';
import { dateOfValue } from '../../ui/date-text';
import { ListScaffold, type ListColumn } from '../../ui/list-screen/list-scaffold';
import type { ListFilter } from '../../ui/list-screen/list-state';
import { useListScreen } from '../../ui/list-screen/use-list-screen';
import { useDateDisplay } from '../../ui/use-date-display';
import { useCurrentUser } from '../auth/current-user';
import { AUDIT_KINDS } from './audit-fields';
import { AuditSentenceView, AuditWhen, useAuditSentences } from './audit-view';

const ALL = '';
/** A date range in the URL: `2026-11-01..2026-11-24`; either end may be left open. */
const RANGE = '..';
const isDay = (text: string) => dateOfValue(text) !== null;
const splitRange = (value: string): [string, string] => {
  const [from = '', to = ''] = value.split(RANGE);
  return [isDay(from) ? from : '', isDay(to) ? to : ''];
};

const text = (apiField: string): ListFilter => ({
  default: ALL,
  toFilters: (value) => ({ [apiField]: value || undefined }),
});

/** The range's days are the business's calendar days, whatever the computer's zone. */
const rangeFilter = (timeZone: string): ListFilter => ({
  default: ALL,
  toFilters: (value) => {
    const [from, to] = splitRange(value);
    const gte = from ? dayStartUtc(from, timeZone) : null;
    const lt = to ? dayEndUtc(to, timeZone) : null;
    if (!gte && !lt) return { at: undefined };
    return { at: { ...(gte ? { gte } : {}), ...(lt ? { lt } : {}) } };
  },
});

const useStyles = makeStyles({
  filter: { minWidth: '180px' },
  // The picker's own minimum width would run over the next field.
  date: { width: '170px', '& .fui-DatePicker': { minWidth: 0, width: '100%' } },
  when: { whiteSpace: 'nowrap', width: '150px' },
  who: { whiteSpace: 'nowrap' },
  change: { minWidth: '360px' },
  raw: { width: '120px' },
  json: {
    margin: 0,
    padding: tokens.spacingHorizontalS,
    maxHeight: '50vh',
    overflow: 'auto',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  rawGrid: { display: 'grid', gap: tokens.spacingVerticalM },
});

function RawRecordDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  return (
    <AppDialog
      open={entry !== null}
      title={t('audit.screen.rawTitle')}
      onClose={onClose}
      closeLabel={t('common:actions.close')}
    >
      {entry && (
        <div className={styles.rawGrid}>
          <pre className={styles.json} tabIndex={0} aria-label={t('audit.screen.rawTitle')}>
            {JSON.stringify(entry, null, 2)}
          </pre>
        </div>
      )}
    </AppDialog>
  );
}

export default function AuditPage() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const me = useCurrentUser();
  const { timeZone } = useDateDisplay();
  const filters = useMemo(
    () => ({
      userId: text('userId'),
      entity: { ...text('entity'), choices: [ALL, ...AUDIT_KINDS] },
      entityId: text('entityId'),
      when: rangeFilter(timeZone),
    }),
    [timeZone],
  );
  const list = useListScreen({
    spec: auditListSpec,
    pageSizes: [25, 50, 100],
    filters,
    queryKey: queryKeys.auditLogs.list,
    fetch: fetchAuditLogs,
  });
  const sentences = useAuditSentences(list.rows);
  const [raw, setRaw] = useState<AuditEntry | null>(null);
  const [, setParams] = useSearchParams();
  const userParams = { page: 1, limit: 100 };
  const users = useQuery({
    queryKey: queryKeys.users.list(userParams),
    queryFn: () => fetchUsers(userParams),
  });

  const { userId, entity, entityId, when } = list.state.filters;
  const [from, to] = splitRange(when);
  const setRange = (nextFrom: string, nextTo: string) =>
    list.setFilter('when', nextFrom || nextTo ? `${nextFrom}${RANGE}${nextTo}` : ALL);
  const kindLabel = (kind: string) => (kind ? t(`audit.kindLabels.${kind}`) : t('audit.screen.allKinds'));
  // Another kind of record cannot hold the one record chosen before: both change in one step.
  const chooseKind = (kind: string) =>
    setParams((params) => {
      const next = new URLSearchParams(params);
      next.delete('entityId');
      next.delete('page');
      if (kind) next.set('entity', kind);
      else next.delete('entity');
      return next;
    });
  const selectedUser = users.data?.data.find((u) => u._id === userId);
  const recordName = list.rows.find((row) => row.entityId === entityId)?.entityName ?? entityId;

  const columns: ListColumn<AuditEntry>[] = [
    {
      key: 'when',
      header: t('audit.screen.columns.when'),
      sort: 'at',
      sortFirst: 'desc',
      className: styles.when,
      alwaysShown: true,
      cell: (entry) => {
        const sentence = sentences.get(entry._id);
        return sentence && <AuditWhen entry={entry} sentence={sentence} />;
      },
    },
    {
      key: 'change',
      header: t('audit.screen.columns.change'),
      className: styles.change,
      alwaysShown: true,
      cell: (entry) => {
        const sentence = sentences.get(entry._id);
        return sentence && <AuditSentenceView entry={entry} sentence={sentence} />;
      },
    },
    ...(me.role === 'admin'
      ? [
          {
            key: 'raw',
            header: t('audit.screen.showRaw'),
            headerClassName: styles.raw,
            cell: (entry: AuditEntry) => (
              <Button
                size="small"
                appearance="subtle"
                icon={<CodeRegular />}
                aria-label={`${t('audit.screen.showRaw')}: ${sentences.get(entry._id)?.headline ?? ''}`}
                onClick={() => setRaw(entry)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <ListScaffold
      list={list}
      label={t('audit.screen.title')}
      tableSize="small"
      filters={
        <>
          <Field className={styles.filter} label={t('audit.screen.who')}>
            <Dropdown
              value={selectedUser?.fullname ?? t('audit.allUsers')}
              selectedOptions={[userId]}
              onOptionSelect={(_e, data) => list.setFilter('userId', data.optionValue ?? ALL)}
            >
              <Option value={ALL}>{t('audit.allUsers')}</Option>
              {(users.data?.data ?? []).map((u) => (
                <Option key={u._id} value={u._id}>
                  {u.fullname}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Field className={styles.filter} label={t('audit.screen.kind')}>
            <Dropdown
              value={kindLabel(entity)}
              selectedOptions={[entity]}
              onOptionSelect={(_e, data) => chooseKind(data.optionValue ?? ALL)}
            >
              {[ALL, ...AUDIT_KINDS].map((kind) => (
                <Option key={kind || 'all'} value={kind}>
                  {kindLabel(kind)}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <DateField
            className={styles.date}
            label={t('audit.screen.from')}
            value={from || null}
            onChange={(value) => {
              if (value === null || isDay(value)) setRange(value ?? '', to);
            }}
          />
          <DateField
            className={styles.date}
            label={t('audit.screen.to')}
            value={to || null}
            onChange={(value) => {
              if (value === null || isDay(value)) setRange(from, value ?? '');
            }}
          />
          {entityId && (
            <Button
              icon={<DismissRegular />}
              iconPosition="after"
              title={t('audit.screen.allRecords')}
              onClick={() => list.setFilter('entityId', ALL)}
            >
              {t('audit.screen.record', { name: recordName })}
            </Button>
          )}
        </>
      }
      empty={{
        icon: <HistoryRegular />,
        title: list.narrowed ? t('audit.screen.emptyFiltered') : t('audit.empty'),
      }}
      columns={columns}
      rowKey={(entry) => entry._id}
    >
      <RawRecordDialog entry={raw} onClose={() => setRaw(null)} />
    </ListScaffold>
  );
}
