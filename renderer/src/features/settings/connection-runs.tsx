/** A connection's last 50 runs, newest first: when, how it ended, what it counted, why it failed. */
import { Badge, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ConnectionKindName, ConnectionRun } from '#shared/schemas/connections';
import { AppTable } from '../../ui/app-table';
import { EmptyState, ErrorState, LoadingState } from '../../ui/page-state';
import { useDateDisplay } from '../../ui/use-date-display';
import { usePlatformMessage } from './connection-state';
import { useConnectionRuns } from './use-connections';

const useStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
  running: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

export function RunStatus({ status }: { status: ConnectionRun['status'] }) {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  if (status === 'running')
    return (
      <span className={styles.running}>
        <Spinner size="extra-tiny" aria-hidden />
        {t('connections.runStatus.running')}
      </span>
    );
  return (
    <Badge appearance="tint" color={status === 'succeeded' ? 'success' : 'danger'}>
      {t(`connections.runStatus.${status}`)}
    </Badge>
  );
}

export function ConnectionRuns({ kind, label }: { kind: ConnectionKindName; label: string }) {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  const dates = useDateDisplay();
  const platformMessage = usePlatformMessage();
  const runs = useConnectionRuns(kind);
  if (runs.isPending) return <LoadingState />;
  if (runs.isError) return <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />;
  if (runs.data.data.length === 0)
    return <EmptyState icon={<HistoryRegular />} title={t('connections.runs.empty')} />;
  return (
    <AppTable
      size="small"
      label={label}
      rows={runs.data.data}
      rowKey={(run) => run.runId}
      maxHeight="320px"
      focusableFrame
      columns={[
        {
          key: 'startedAt',
          header: t('connections.runs.startedAt'),
          className: styles.nowrap,
          cell: (run) => dates.dateTime(run.startedAt),
        },
        {
          key: 'finishedAt',
          header: t('connections.runs.finishedAt'),
          className: styles.nowrap,
          cell: (run) => (run.finishedAt ? dates.dateTime(run.finishedAt) : '—'),
        },
        {
          key: 'status',
          header: t('connections.runs.status'),
          className: styles.nowrap,
          cell: (run) => <RunStatus status={run.status} />,
        },
        { key: 'created', header: t('connections.runs.created'), numeric: true, cell: (run) => run.created },
        { key: 'updated', header: t('connections.runs.updated'), numeric: true, cell: (run) => run.updated },
        {
          key: 'unmatched',
          header: t('connections.runs.unmatched'),
          numeric: true,
          cell: (run) => run.unmatched,
        },
        { key: 'errors', header: t('connections.runs.errors'), numeric: true, cell: (run) => run.errors },
        {
          key: 'message',
          header: t('connections.runs.message'),
          truncate: '320px',
          cell: (run) => platformMessage(run.messageCode, run.message) ?? '—',
        },
      ]}
    />
  );
}
