/**
 * /audit-log: the history of every change, as sentences. Filters by who, by kind of record, by
 * one record (the product form's History button opens that product's) and by a date range of
 * the business's calendar; all of them live in the URL, so a history can be linked. The raw
 * record of an entry is one click away for an administrator.
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { CodeRegular, HistoryRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditListSpec } from '#shared/list-specs';
import type { AuditEntry } from '#shared/schemas/misc';
import { fetchAuditLogs } from '../../api/audit.api';
import { queryKeys } from '../../api/query-keys';
import { AppDialog } from '../../ui/app-dialog';
import { ListScaffold, type ListColumn } from '../../ui/list-screen/list-scaffold';
import { useListScreen } from '../../ui/list-screen/use-list-screen';
import { useDateDisplay } from '../../ui/use-date-display';
import { useCurrentUser } from '../auth/current-user';
import { AuditFilters, auditScreenFilters } from './audit-filters';
import { AuditSentenceView, AuditWhen, useAuditSentences } from './audit-view';

const useStyles = makeStyles({
  filter: { minWidth: '180px' },
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
  const filters = useMemo(() => auditScreenFilters(timeZone), [timeZone]);
  const list = useListScreen({
    spec: auditListSpec,
    pageSizes: [25, 50, 100],
    filters,
    queryKey: queryKeys.auditLogs.list,
    fetch: fetchAuditLogs,
  });
  const sentences = useAuditSentences(list.rows);
  const [raw, setRaw] = useState<AuditEntry | null>(null);

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
        <AuditFilters list={list} personLabel={t('audit.screen.who')} fieldClassName={styles.filter} />
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
