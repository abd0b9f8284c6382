/**
 * Where a connection stands: idle, a sync running, stopped (the platform refused the
 * credentials: nothing runs until they are saved again) or failing (several runs in a row
 * failed); its last run; and its two actions, "Test connection" and "Sync now". The platform's
 * messages are shown in the user's language, by their code.
 */
import {
  Badge,
  Body1,
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { ArrowSyncRegular, PlugConnectedRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connection, ConnectionKindName } from '#shared/schemas/connections';
import { ApiError } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { BusySpinner } from '../../ui/busy-spinner';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useDateDisplay } from '../../ui/use-date-display';
import { useErrorText } from '../../ui/use-error-text';
import { startSync, testConnection } from './connections.api';
import { RunStatus } from './connection-runs';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  line: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/**
 * A platform's or the sync's message in the user's language: the English text is matched back
 * to its code with its parameters (a status, an order id), else the code alone is translated.
 */
export function usePlatformMessage() {
  const errorText = useErrorText();
  return useCallback(
    (code: string | null, message: string | null): string | null => {
      if (message) return errorText(message);
      if (code) return errorText(new ApiError(0, code, [], code));
      return null;
    },
    [errorText],
  );
}

export function ConnectionState({
  kind,
  connection,
}: {
  kind: ConnectionKindName;
  connection: Connection | undefined;
}) {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  const dates = useDateDisplay();
  const platformMessage = usePlatformMessage();
  const client = useQueryClient();
  const platform = t(`connections.${kind}.title`);

  const test = useAppMutation({
    mutationFn: () => testConnection(kind),
    success: t('connections.testSucceeded', { platform }),
  });
  const sync = useAppMutation({
    mutationFn: () => startSync(kind),
    success: t('connections.syncStarted', { platform }),
    // The run shows in the runs list, which is then asked again until it ends.
    invalidate: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.connections.runs(kind) }),
        client.invalidateQueries({ queryKey: queryKeys.connections.list }),
      ]),
  });

  if (!connection)
    return (
      <div className={styles.panel}>
        <Body1 className={styles.muted}>{t('connections.notSetUp')}</Body1>
      </div>
    );

  const reason = platformMessage(connection.stateMessageCode, connection.stateMessage);
  const last = connection.lastRun;
  return (
    <div className={styles.panel} data-testid={`connection-state-${kind}`}>
      <div className={styles.line}>
        <Body1>{t('connections.stateLabel')}</Body1>
        {connection.state === 'running' ? (
          <Spinner size="tiny" labelPosition="after" label={t('connections.state.running')} />
        ) : (
          <Badge
            appearance="tint"
            color={
              connection.state === 'idle'
                ? 'informative'
                : connection.state === 'stopped'
                  ? 'danger'
                  : 'warning'
            }
          >
            {t(`connections.state.${connection.state}`)}
          </Badge>
        )}
        {!connection.enabled && (
          <Badge appearance="outline" color="informative">
            {t('connections.off')}
          </Badge>
        )}
      </div>
      {connection.state === 'stopped' && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t('connections.stoppedTitle')}</MessageBarTitle>
            <div>{reason}</div>
            <div>{t('connections.saveAgain')}</div>
          </MessageBarBody>
        </MessageBar>
      )}
      {connection.state === 'failing' && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t('connections.failingTitle')}</MessageBarTitle>
            <div>{reason}</div>
            <div>{t('connections.failuresInRow', { count: connection.consecutiveFailures })}</div>
          </MessageBarBody>
        </MessageBar>
      )}
      {last ? (
        <div className={styles.line} data-testid={`last-run-${kind}`}>
          <Body1>{t('connections.lastRun', { time: dates.dateTime(last.startedAt) })}</Body1>
          <RunStatus status={last.status} />
          <Body1 className={styles.muted}>
            {t('connections.counts', {
              created: last.created,
              updated: last.updated,
              unmatched: last.unmatched,
              errors: last.errors,
            })}
          </Body1>
        </div>
      ) : (
        <Body1 className={styles.muted}>{t('connections.noRunYet')}</Body1>
      )}
      {connection.savedBy && (
        <Body1 className={styles.muted}>
          {t('connections.savedBy', { name: connection.savedBy.fullname })}
        </Body1>
      )}
      <div className={styles.actions}>
        <Button
          icon={test.isPending ? <BusySpinner /> : <PlugConnectedRegular />}
          disabled={test.isPending}
          onClick={() => test.mutate()}
        >
          {t('connections.test')}
        </Button>
        <Button
          icon={sync.isPending ? <BusySpinner /> : <ArrowSyncRegular />}
          disabled={sync.isPending || connection.state === 'running'}
          onClick={() => sync.mutate()}
        >
          {t('connections.syncNow')}
        </Button>
      </div>
    </div>
  );
}
