import {
  Badge,
  Caption1,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageCount } from '#shared/query';
import type { AuditEntry } from '#shared/schemas/misc';
import { fetchAuditLogs } from '../../api/audit.api';
import { queryKeys } from '../../api/query-keys';
import { fetchUsers } from '../../api/users.api';
import { EmptyState, ErrorState, LoadingState } from '../../app/page-state';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { languageAtom } from '../../i18n/language.atoms';
import { auditDiff, formatAuditValue } from './audit-diff';
import { Pager } from '../../app/pager';

const PAGE_SIZE = 20;
const ALL = '';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalM },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  entry: {
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  diff: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: '2px',
  },
  field: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
  value: { margin: 0, wordBreak: 'break-word' },
  before: { color: tokens.colorPaletteRedForeground1, textDecoration: 'line-through' },
  after: { color: tokens.colorPaletteGreenForeground1 },
});

const ACTION_COLOR = { create: 'success', update: 'informative', delete: 'danger' } as const;

function AuditEntryView({ entry }: { entry: AuditEntry }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const language = useAtomValue(languageAtom);
  const at = DateTime.fromISO(entry.at).setLocale(language);
  const rows = auditDiff(entry.before, entry.after);
  return (
    <li className={styles.entry}>
      <div className={styles.head}>
        <Badge appearance="tint" color={ACTION_COLOR[entry.action]}>
          {t(`audit.actions.${entry.action}`)}
        </Badge>
        <Subtitle2>
          {entry.entity} <span className={styles.muted}>#{entry.entityId}</span>
        </Subtitle2>
      </div>
      <Caption1 className={styles.muted}>
        {entry.user?.fullname ?? t('audit.system')} ·{' '}
        <time dateTime={entry.at}>{at.toFormat('yyyy-MM-dd HH:mm')}</time> ({at.toRelative()})
      </Caption1>
      {rows.length > 0 && (
        <dl className={styles.diff}>
          {rows.map((row) => (
            <div key={row.field} style={{ display: 'contents' }}>
              <dt className={styles.field}>{row.field}</dt>
              <dd className={styles.value}>
                {entry.action === 'update' ? (
                  <>
                    <span className={styles.before}>{formatAuditValue(row.before)}</span> →{' '}
                    <span className={styles.after}>{formatAuditValue(row.after)}</span>
                  </>
                ) : (
                  formatAuditValue(entry.action === 'delete' ? row.before : row.after)
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

/** The audit-log tab of the slide-out panel: real data, admins only (issue 2). */
export function AuditLogTab() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const [entityText, setEntityText] = useState('');
  const [userId, setUserId] = useState(ALL);
  const [page, setPage] = useState(1);
  const entity = useDebouncedValue(entityText.trim());

  const params = { page, limit: PAGE_SIZE, sort: '-at', filters: { entity, userId } };
  const logs = useQuery({
    queryKey: queryKeys.auditLogs(params),
    queryFn: () => fetchAuditLogs(params),
    placeholderData: keepPreviousData,
  });
  const userParams = { page: 1, limit: 100 };
  const users = useQuery({ queryKey: queryKeys.users(userParams), queryFn: () => fetchUsers(userParams) });
  const pages = pageCount(logs.data?.totalCount ?? 0, PAGE_SIZE);
  const selectedUser = users.data?.data.find((u) => u._id === userId);

  return (
    <div className={styles.root}>
      <div className={styles.filters}>
        <Field label={t('audit.entity')}>
          <Input
            value={entityText}
            placeholder={t('audit.entityPlaceholder')}
            onChange={(_e, data) => {
              setEntityText(data.value);
              setPage(1);
            }}
          />
        </Field>
        <Field label={t('audit.user')}>
          <Dropdown
            value={selectedUser?.fullname ?? t('audit.allUsers')}
            selectedOptions={[userId]}
            onOptionSelect={(_e, data) => {
              setUserId(data.optionValue ?? ALL);
              setPage(1);
            }}
          >
            <Option value={ALL}>{t('audit.allUsers')}</Option>
            {(users.data?.data ?? []).map((u) => (
              <Option key={u._id} value={u._id}>
                {u.fullname}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      {logs.isPending ? (
        <LoadingState />
      ) : logs.isError ? (
        <ErrorState error={logs.error} onRetry={() => void logs.refetch()} />
      ) : logs.data.data.length === 0 ? (
        <EmptyState icon={<HistoryRegular />} title={t('audit.empty')} />
      ) : (
        <>
          <ul className={styles.list} aria-busy={logs.isFetching}>
            {logs.data.data.map((entry) => (
              <AuditEntryView key={entry._id} entry={entry} />
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
