/**
 * The history of one record inside its drawer (an order's): the latest changes as the same
 * sentences the History screen shows, newest first, under a heading of its own.
 */
import { Caption1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { fetchAuditLogs } from '../../api/audit.api';
import { ErrorState, LoadingState } from '../../ui/page-state';
import { AuditEntries } from './audit-view';

const HISTORY_LIMIT = 20;

const useStyles = makeStyles({
  // Heading and what follows stack: the empty note sits under "History", never beside it.
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function RecordHistory({
  entityId,
  queryKey,
  title,
  empty,
}: {
  entityId: string;
  queryKey: readonly unknown[];
  title: string;
  /** What the section says when nothing was recorded yet. */
  empty: string;
}) {
  const styles = useStyles();
  const history = useQuery({
    queryKey,
    queryFn: () => fetchAuditLogs({ page: 1, limit: HISTORY_LIMIT, sort: '-at', filters: { entityId } }),
  });
  const entries = history.data?.data ?? [];
  return (
    <section aria-label={title} className={styles.root}>
      <Subtitle2 as="h3" className={styles.heading}>
        {title}
      </Subtitle2>
      {history.isPending ? (
        <LoadingState />
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : entries.length === 0 ? (
        <Caption1 className={styles.muted}>{empty}</Caption1>
      ) : (
        <AuditEntries entries={entries} compact />
      )}
    </section>
  );
}
