/**
 * Settings → Connections (administrators): Kura's live sync with Shopify and Amazon. A card
 * per platform holds its settings and where it stands, with its runs and the lines waiting for
 * a product under it. Other roles are refused at once, before anything is asked of the server.
 */
import { Badge, Card, makeStyles, Subtitle1, Subtitle2, tokens } from '@fluentui/react-components';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BREAKPOINTS } from '#shared/constants';
import type { Connection, ConnectionKindName } from '#shared/schemas/connections';
import { useLeaveGuard } from '../../ui/leave-guard';
import { ErrorState, ForbiddenState, LoadingState } from '../../ui/page-state';
import { useCurrentUser } from '../auth/current-user';
import { AmazonForm, ShopifyForm } from './connection-forms';
import { ConnectionRuns } from './connection-runs';
import { ConnectionState } from './connection-state';
import { UnmatchedLines } from './unmatched-lines';
import { useConnections } from './use-connections';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalL },
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    alignItems: 'start',
    gap: tokens.spacingHorizontalXXL,
    [`@media (max-width: ${BREAKPOINTS.lg - 1}px)`]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export default function ConnectionsPage() {
  // The route guard refuses other roles too; this keeps the screen from asking the server.
  if (useCurrentUser().role !== 'admin') return <ForbiddenState />;
  return <Connections />;
}

function Connections() {
  const styles = useStyles();
  const connections = useConnections();
  const [dirty, setDirty] = useState({ shopify: false, amazon: false });
  const shopifyDirty = useCallback(
    (value: boolean) =>
      setDirty((before) => (before.shopify === value ? before : { ...before, shopify: value })),
    [],
  );
  const amazonDirty = useCallback(
    (value: boolean) =>
      setDirty((before) => (before.amazon === value ? before : { ...before, amazon: value })),
    [],
  );
  // One guard for the screen: the router holds one blocker at a time.
  const guard = useLeaveGuard(dirty.shopify || dirty.amazon);

  if (connections.isPending) return <LoadingState />;
  if (connections.isError)
    return <ErrorState error={connections.error} onRetry={() => void connections.refetch()} />;
  const find = <K extends ConnectionKindName>(kind: K) =>
    connections.data.data.find((c): c is Extract<Connection, { kind: K }> => c.kind === kind);
  const shopify = find('shopify');
  const amazon = find('amazon');
  return (
    <div className={styles.page}>
      {guard.prompt}
      <PlatformSection kind="shopify" connection={shopify}>
        <ShopifyForm connection={shopify} onDirty={shopifyDirty} />
      </PlatformSection>
      <PlatformSection kind="amazon" connection={amazon}>
        <AmazonForm connection={amazon} onDirty={amazonDirty} />
      </PlatformSection>
    </div>
  );
}

function PlatformSection({
  kind,
  connection,
  children,
}: {
  kind: ConnectionKindName;
  connection: Connection | undefined;
  children: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  const titleId = `connection-${kind}-title`;
  const runsLabel = t('connections.runs.title', { platform: t(`connections.${kind}.title`) });
  const waitingLabel = t('connections.unmatched.title', { platform: t(`connections.${kind}.title`) });
  return (
    <section className={styles.section} aria-labelledby={titleId} data-testid={`connection-${kind}`}>
      <Card className={styles.card}>
        <Subtitle1 as="h2" id={titleId}>
          {t(`connections.${kind}.title`)}
        </Subtitle1>
        <div className={styles.layout}>
          {children}
          <ConnectionState kind={kind} connection={connection} />
        </div>
      </Card>
      <Subtitle2 as="h3">{runsLabel}</Subtitle2>
      <ConnectionRuns kind={kind} label={runsLabel} />
      <div className={styles.heading}>
        <Subtitle2 as="h3">{waitingLabel}</Subtitle2>
        {connection && connection.unmatchedWaiting > 0 && (
          <Badge appearance="tint" color="warning">
            {t('connections.unmatched.waiting', { count: connection.unmatchedWaiting })}
          </Badge>
        )}
      </div>
      <UnmatchedLines kind={kind} label={waitingLabel} />
    </section>
  );
}
