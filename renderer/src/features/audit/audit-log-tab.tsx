import {
  Badge,
  Caption1,
  Dropdown,
  Field,
  makeStyles,
  Option,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { auditListSpec } from '#shared/list-specs';
import type { AuditEntry } from '#shared/schemas/misc';
import { fetchAuditLogs } from '../../api/audit.api';
import { queryKeys } from '../../api/query-keys';
import { fetchUsers } from '../../api/users.api';
import { ListScaffold } from '../../app/list-screen/list-scaffold';
import type { ListFilter } from '../../app/list-screen/list-state';
import { useListScreen } from '../../app/list-screen/use-list-screen';
import { languageAtom } from '../../i18n/language.atoms';
import { auditDiff, formatAuditValue } from './audit-diff';

const ALL = '';
/** Whose changes: one user's id, or everyone's. */
const userFilter: ListFilter = { default: ALL, toFilters: (userId) => ({ userId: userId || undefined }) };

const useStyles = makeStyles({
  root: { gap: tokens.spacingVerticalM },
  userField: { flexGrow: 1, minWidth: '160px' },
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

/**
 * The audit-log tab of the slide-out panel, admins only. The panel opens over any page, so the
 * list keeps its state to itself rather than in that page's URL.
 */
export function AuditLogTab() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const list = useListScreen({
    spec: auditListSpec,
    stateIn: 'memory',
    searchParam: 'entity',
    pageSizes: [20],
    filters: { userId: userFilter },
    queryKey: queryKeys.auditLogs.list,
    fetch: fetchAuditLogs,
  });
  const userParams = { page: 1, limit: 100 };
  const users = useQuery({
    queryKey: queryKeys.users.list(userParams),
    queryFn: () => fetchUsers(userParams),
  });
  const userId = list.state.filters.userId;
  const selectedUser = users.data?.data.find((u) => u._id === userId);

  return (
    <ListScaffold
      list={list}
      frame="plain"
      className={styles.root}
      label={t('panel.tabs.audit')}
      search={{ label: t('audit.entity'), placeholder: t('audit.entityPlaceholder'), field: true }}
      filters={
        <Field className={styles.userField} label={t('audit.user')}>
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
      }
      empty={{ icon: <HistoryRegular />, title: t('audit.empty') }}
      renderRows={(entries, busy) => (
        <ul className={styles.list} aria-label={t('panel.tabs.audit')} aria-busy={busy}>
          {entries.map((entry) => (
            <AuditEntryView key={entry._id} entry={entry} />
          ))}
        </ul>
      )}
    />
  );
}
