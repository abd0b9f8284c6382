/**
 * The data of Settings → Connections: the connections, each one's runs and waiting lines, and
 * the changes made there. A run goes on in the server's background after "Sync now": its runs
 * list is asked again every 2 s while one of them is `running`, and not at all otherwise; when
 * a run has ended, what it changed (the connection's state, the waiting lines, orders, stock)
 * is refreshed once.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ConnectionKindName, ConnectionRun } from '#shared/schemas/connections';
import { invalidate, queryKeys } from '../../api/query-keys';
import { fetchConnections, fetchRuns, fetchUnmatched } from './connections.api';

/** How often a running sync's runs are asked for. */
export const RUN_POLL_MS = 2_000;

export function useConnections() {
  return useQuery({
    queryKey: queryKeys.connections.list,
    queryFn: fetchConnections,
    // A run started elsewhere (the schedule, another admin) shows its state until it ends.
    refetchInterval: (query) =>
      query.state.data?.data.some((c) => c.state === 'running') ? RUN_POLL_MS : false,
  });
}

const running = (runs: readonly ConnectionRun[] | undefined) =>
  runs?.some((run) => run.status === 'running') ?? false;

/** What a finished run may have changed. */
export const refreshAfterRun = (client: QueryClient, kind: ConnectionKindName) =>
  Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.connections.list }),
    client.invalidateQueries({ queryKey: queryKeys.connections.unmatched(kind) }),
    invalidate.orders(client),
  ]);

export function useConnectionRuns(kind: ConnectionKindName) {
  const client = useQueryClient();
  const runs = useQuery({
    queryKey: queryKeys.connections.runs(kind),
    queryFn: () => fetchRuns(kind),
    refetchInterval: (query) => (running(query.state.data?.data) ? RUN_POLL_MS : false),
  });
  // A run that ended since the list was last read: what it changed is read again. It may have
  // ended before the list ever showed it running (a short run), so the newest run's id and
  // status are compared, not only a running → ended transition.
  const newest = runs.data?.data[0];
  const ended = newest && newest.status !== 'running' ? newest.runId : null;
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (runs.data === undefined) return;
    const before = seen.current;
    seen.current = ended;
    if (before !== undefined && ended !== null && ended !== before) void refreshAfterRun(client, kind);
  }, [runs.data, ended, client, kind]);
  return runs;
}

export function useUnmatched(kind: ConnectionKindName) {
  return useQuery({ queryKey: queryKeys.connections.unmatched(kind), queryFn: () => fetchUnmatched(kind) });
}
