/**
 * Desktop with a team server: the bar under the top bar while the server is out of reach
 * ("Offline — showing data synced at 14:32 (12 min ago)", with Retry) or while the first full
 * sync runs (its progress). Nothing when online and idle. The minutes move on by themselves.
 */
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  ProgressBar,
  tokens,
} from '@fluentui/react-components';
import { ArrowSyncRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfflineState } from '#shared/ipc';
import { refetchOnReconnect, syncNow } from '../../api/offline';
import type { Translate } from '../../i18n/error-message';
import { useDateDisplay } from '../../ui/use-date-display';
import { useOffline } from '../../ui/use-offline';
import { bannerText } from './offline-text';

const useStyles = makeStyles({
  bar: {
    position: 'sticky',
    top: '56px',
    zIndex: 19,
    borderRadius: 0,
    padding: `0 ${tokens.spacingHorizontalM}`,
  },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, width: '100%' },
});

/** The screens' queries refetch when the server answers again, so live data comes back by itself. */
function useRefetchOnReconnect() {
  const queryClient = useQueryClient();
  useEffect(() => refetchOnReconnect(queryClient), [queryClient]);
}

/** The current time, moved on every 30 s (from the mount: the offline bar mounts when offline). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function OfflineBanner() {
  const { state, offline } = useOffline();
  useRefetchOnReconnect();
  if (!state.available) return null;
  return offline ? <OfflineBar state={state} /> : <SyncBar state={state} />;
}

function OfflineBar({ state }: { state: OfflineState }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('shell');
  const display = useDateDisplay();
  const [retrying, setRetrying] = useState(false);
  const now = useNow();
  const banner = bannerText(t as unknown as Translate, state, now, display, i18n.language);
  if (banner?.kind !== 'offline') return null;
  const retry = () => {
    setRetrying(true);
    void syncNow()
      .catch(() => {})
      .finally(() => setRetrying(false));
  };
  return (
    <div role="status" data-testid="offline-banner" data-kind="offline" className={styles.bar}>
      <MessageBar intent="warning" layout="singleline">
        <MessageBarBody>{banner.text}</MessageBarBody>
        <MessageBarActions>
          <Button size="small" icon={<ArrowSyncRegular />} disabled={retrying} onClick={retry}>
            {t('offline.retry')}
          </Button>
        </MessageBarActions>
      </MessageBar>
    </div>
  );
}

function SyncBar({ state }: { state: OfflineState }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('shell');
  const display = useDateDisplay();
  // No clock needed: the progress text holds no time.
  const banner = bannerText(t as unknown as Translate, state, 0, display, i18n.language);
  if (banner?.kind !== 'syncing') return null;
  return (
    <div role="status" data-testid="offline-banner" data-kind="syncing" className={styles.bar}>
      <MessageBar intent="info" layout="multiline">
        <MessageBarBody className={styles.progress}>
          {banner.text}
          <ProgressBar
            value={banner.total > 0 ? banner.done / banner.total : undefined}
            aria-label={t('offline.syncingLabel')}
          />
        </MessageBarBody>
      </MessageBar>
    </div>
  );
}
