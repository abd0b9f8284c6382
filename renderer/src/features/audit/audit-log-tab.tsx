import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { auditListSpec } from '#shared/list-specs';
import { fetchAuditLogs } from '../../api/audit.api';
import { queryKeys } from '../../api/query-keys';
import { AppLink } from '../../ui/app-link';
import { ListScaffold } from '../../ui/list-screen/list-scaffold';
import { useListScreen } from '../../ui/list-screen/use-list-screen';
import { sidePanelAtom } from '../shell/shell.atoms';
import { AUDIT_PANEL_FILTERS, AuditFilters } from './audit-filters';
import { AuditEntries } from './audit-view';

const useStyles = makeStyles({
  root: { gap: tokens.spacingVerticalM },
  filter: { flexGrow: 1, minWidth: '140px' },
});

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
    filters: AUDIT_PANEL_FILTERS,
    queryKey: queryKeys.auditLogs.list,
    fetch: fetchAuditLogs,
  });

  return (
    <ListScaffold
      list={list}
      frame="plain"
      className={styles.root}
      label={t('panel.tabs.audit')}
      filters={
        <>
          <AuditFilters list={list} personLabel={t('audit.user')} fieldClassName={styles.filter} />
          <Caption1 onClick={() => closePanel(null)}>
            <AppLink to="/audit-log">{t('audit.screen.openFull')}</AppLink>
          </Caption1>
        </>
      }
      empty={{ icon: <HistoryRegular />, title: t('audit.empty') }}
      renderRows={(entries, busy) => (
        <AuditEntries entries={entries} busy={busy} label={t('panel.tabs.audit')} />
      )}
    />
  );
}
