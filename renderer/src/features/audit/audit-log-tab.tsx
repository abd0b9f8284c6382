import { Caption1, Dropdown, Field, makeStyles, Option, tokens } from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { auditListSpec } from '#shared/list-specs';
import type { AuditEntry } from '#shared/schemas/misc';
import { fetchAuditLogs } from '../../api/audit.api';
import { queryKeys } from '../../api/query-keys';
import { fetchUsers } from '../../api/users.api';
import { AppLink } from '../../ui/app-link';
import { ListScaffold } from '../../ui/list-screen/list-scaffold';
import type { ListFilter } from '../../ui/list-screen/list-state';
import { useListScreen } from '../../ui/list-screen/use-list-screen';
import { sidePanelAtom } from '../shell/shell.atoms';
import { AUDIT_KINDS } from './audit-fields';
import { AuditSentenceView, AuditWhen, useAuditSentences } from './audit-view';

const ALL = '';
/** Whose changes: one user's id, or everyone's. */
const userFilter: ListFilter = { default: ALL, toFilters: (userId) => ({ userId: userId || undefined }) };
/** Which kind of record: one kind, or every kind. */
const kindFilter: ListFilter = {
  default: ALL,
  choices: [ALL, ...AUDIT_KINDS],
  toFilters: (entity) => ({ entity: entity || undefined }),
};

const useStyles = makeStyles({
  root: { gap: tokens.spacingVerticalM },
  filter: { flexGrow: 1, minWidth: '140px' },
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
});

function Entries({ entries, busy }: { entries: AuditEntry[]; busy: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const sentences = useAuditSentences(entries);
  return (
    <ul className={styles.list} aria-label={t('panel.tabs.audit')} aria-busy={busy}>
      {entries.map((entry) => {
        const sentence = sentences.get(entry._id);
        return (
          sentence && (
            <li key={entry._id} className={styles.entry}>
              <AuditSentenceView entry={entry} sentence={sentence} />
              <AuditWhen entry={entry} sentence={sentence} />
            </li>
          )
        );
      })}
    </ul>
  );
}

/**
 * The audit-log tab of the slide-out panel, admins only: the latest changes as sentences, and
 * the way to the full history screen. The panel opens over any page, so the list keeps its
 * state to itself rather than in that page's URL.
 */
export function AuditLogTab() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const closePanel = useSetAtom(sidePanelAtom);
  const list = useListScreen({
    spec: auditListSpec,
    stateIn: 'memory',
    pageSizes: [20],
    filters: { userId: userFilter, entity: kindFilter },
    queryKey: queryKeys.auditLogs.list,
    fetch: fetchAuditLogs,
  });
  const userParams = { page: 1, limit: 100 };
  const users = useQuery({
    queryKey: queryKeys.users.list(userParams),
    queryFn: () => fetchUsers(userParams),
  });
  const { userId, entity } = list.state.filters;
  const selectedUser = users.data?.data.find((u) => u._id === userId);
  const kindLabel = (kind: string) => (kind ? t(`audit.kindLabels.${kind}`) : t('audit.screen.allKinds'));

  return (
    <ListScaffold
      list={list}
      frame="plain"
      className={styles.root}
      label={t('panel.tabs.audit')}
      filters={
        <>
          <Field className={styles.filter} label={t('audit.user')}>
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
              onOptionSelect={(_e, data) => list.setFilter('entity', data.optionValue ?? ALL)}
            >
              {[ALL, ...AUDIT_KINDS].map((kind) => (
                <Option key={kind || 'all'} value={kind}>
                  {kindLabel(kind)}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Caption1 onClick={() => closePanel(null)}>
            <AppLink to="/audit-log">{t('audit.screen.openFull')}</AppLink>
          </Caption1>
        </>
      }
      empty={{ icon: <HistoryRegular />, title: t('audit.empty') }}
      renderRows={(entries, busy) => <Entries entries={entries} busy={busy} />}
    />
  );
}
