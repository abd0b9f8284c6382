/**
 * Customs entered offline, as the shipment screens show them: a badge on the row, a notice in
 * the drawer with the values entered, and the choice a conflict needs ("Yours" beside "On the
 * server now": nothing is overwritten until the user keeps one) or a refusal's Discard. The
 * entries are main's outbox (useOffline), which `offline:changed` keeps current.
 */
import {
  Badge,
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ArrowUploadRegular, DeleteRegular, WarningRegular } from '@fluentui/react-icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '#shared/ipc';
import { ApiError } from '../../api/http';
import { outboxResolve } from '../../api/offline';
import { invalidate } from '../../api/query-keys';
import { AppDialog } from '../../ui/app-dialog';
import { useNotify } from '../../ui/notify';
import { useDateDisplay } from '../../ui/use-date-display';
import { useErrorText } from '../../ui/use-error-text';
import { useMoney } from '../orders/order-parts';

const useStyles = makeStyles({
  sides: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    alignItems: 'baseline',
  },
  head: { fontWeight: tokens.fontWeightSemibold },
  label: { color: tokens.colorNeutralForeground3 },
  changed: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorPaletteDarkOrangeForeground1 },
  row: { display: 'contents' },
  inline: { display: 'inline', margin: 0 },
  values: { margin: 0, display: 'flex', flexWrap: 'wrap', gap: `0 ${tokens.spacingHorizontalL}` },
});

/** The row's badge: pending, a conflict to settle, or refused. */
export function OutboxBadge({ entry, onOpen }: { entry: OutboxEntry; onOpen?: () => void }) {
  const { t } = useTranslation('shipment');
  const text = t(`outbox.badge.${entry.state}`);
  const badge = (
    <Badge
      appearance="tint"
      color={entry.state === 'pending' ? 'warning' : 'danger'}
      icon={entry.state === 'pending' ? <ArrowUploadRegular /> : <WarningRegular />}
      data-testid="outbox-badge"
      data-state={entry.state}
    >
      {text}
    </Badge>
  );
  // A conflict or a refusal waits for the user: the badge leads to the choice.
  return entry.state !== 'pending' && onOpen ? (
    <Button
      size="small"
      appearance="transparent"
      onClick={onOpen}
      aria-label={t('outbox.choose', { shipmentId: entry.shipment.shipmentId })}
    >
      {badge}
    </Button>
  ) : (
    badge
  );
}

/** The server's refusal as an error the screens translate by its code. */
const refusal = (entry: OutboxEntry) => new ApiError(0, entry.error?.message ?? '', [], entry.error?.code);

function useEnteredValues(entry: OutboxEntry) {
  const { t } = useTranslation('shipment');
  const money = useMoney();
  const dates = useDateDisplay();
  return [
    [t('customs.customId'), entry.customs.customId],
    [t('columns.totalCustomFee'), money(entry.customs.totalCustomFee, 'INR')],
    [t('customs.receivedDate'), dates.date(entry.customs.receivedDate)],
  ] as const;
}

/** Keep mine, keep the server's, or drop a refused entry: main answers the new outbox. */
function useResolve(entry: OutboxEntry, onDone?: () => void) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const errorText = useErrorText();
  const { t } = useTranslation('shipment');
  return useMutation({
    mutationFn: (keep: 'mine' | 'theirs') => outboxResolve({ id: entry.id, keep }),
    onSuccess: async (_outbox, keep) => {
      notify.success(t(keep === 'mine' ? 'outbox.keptMine' : 'outbox.keptTheirs'));
      onDone?.();
      await invalidate.shipments(queryClient);
    },
    onError: (error) => notify.error(errorText(error)),
  });
}

/** The drawer's notice: what was entered offline and what it waits for. */
export function OutboxNotice({ entry }: { entry: OutboxEntry }) {
  const styles = useStyles();
  const { t } = useTranslation('shipment');
  const errorText = useErrorText();
  const values = useEnteredValues(entry);
  const [choosing, setChoosing] = useState(false);
  const resolve = useResolve(entry);
  return (
    <MessageBar
      intent={entry.state === 'pending' ? 'warning' : 'error'}
      layout="multiline"
      data-testid="outbox-notice"
      data-state={entry.state}
    >
      <MessageBarBody>
        <MessageBarTitle>{t(`outbox.badge.${entry.state}`)}</MessageBarTitle>
        {entry.state === 'refused' && entry.error && <div>{errorText(refusal(entry))}</div>}
        {entry.state === 'conflict' && <div>{t('outbox.conflictBody')}</div>}
        <dl className={styles.values}>
          {values.map(([label, value]) => (
            <div key={label}>
              <dt className={mergeClasses(styles.label, styles.inline)}>{label}: </dt>
              <dd className={styles.inline}>{value}</dd>
            </div>
          ))}
        </dl>
      </MessageBarBody>
      {entry.state === 'conflict' && (
        <MessageBarActions>
          <Button onClick={() => setChoosing(true)}>{t('outbox.compare')}</Button>
        </MessageBarActions>
      )}
      {entry.state === 'refused' && (
        <MessageBarActions>
          <Button
            icon={<DeleteRegular />}
            disabled={resolve.isPending}
            onClick={() => resolve.mutate('theirs')}
          >
            {t('outbox.discard')}
          </Button>
        </MessageBarActions>
      )}
      {choosing && <ConflictDialog entry={entry} onClose={() => setChoosing(false)} />}
    </MessageBar>
  );
}

/**
 * "Yours" (entered offline) beside "On the server now": the choice decides, nothing is sent or
 * dropped before it. Focus goes back to what opened it (AppDialog).
 */
export function ConflictDialog({ entry, onClose }: { entry: OutboxEntry; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('shipment');
  const errorText = useErrorText();
  const money = useMoney();
  const dates = useDateDisplay();
  const resolve = useResolve(entry, onClose);
  const theirs = entry.theirs;
  if (entry.state === 'refused') {
    return (
      <AppDialog
        open
        title={t('outbox.refusedTitle', { shipmentId: entry.shipment.shipmentId })}
        onClose={onClose}
        busy={resolve.isPending}
        primary={{
          label: t('outbox.discard'),
          icon: <DeleteRegular />,
          onClick: () => resolve.mutate('theirs'),
        }}
      >
        {entry.error && <p>{errorText(refusal(entry))}</p>}
      </AppDialog>
    );
  }
  const rows: [string, string, string][] = [
    [t('customs.customId'), entry.customs.customId, theirs?.customId ?? '—'],
    [
      t('columns.totalCustomFee'),
      money(entry.customs.totalCustomFee, 'INR'),
      theirs?.totalCustomFee == null ? '—' : money(theirs.totalCustomFee, 'INR'),
    ],
    [
      t('customs.receivedDate'),
      dates.date(entry.customs.receivedDate),
      theirs?.receivedDate ? dates.date(theirs.receivedDate) : '—',
    ],
    [t('columns.status'), t('status.SHIPPED'), theirs ? t(`status.${theirs.status}`) : '—'],
    [t('outbox.version'), String(entry.version), theirs ? String(theirs.version) : '—'],
    [t('outbox.when'), dates.dateTime(entry.enteredAt), theirs ? dates.dateTime(theirs.updatedAt) : '—'],
  ];
  return (
    <AppDialog
      open
      title={t('outbox.conflictTitle', { shipmentId: entry.shipment.shipmentId })}
      onClose={onClose}
      busy={resolve.isPending}
      closeLabel={t('outbox.later')}
      focusClose
      extraActions={
        <Button disabled={resolve.isPending} onClick={() => resolve.mutate('theirs')}>
          {t('outbox.keepTheirs')}
        </Button>
      }
      primary={{
        label: t('outbox.keepMine'),
        icon: <ArrowUploadRegular />,
        onClick: () => resolve.mutate('mine'),
      }}
    >
      <p>{t('outbox.conflictBody')}</p>
      <div
        className={styles.sides}
        role="table"
        aria-label={t('outbox.compareLabel')}
        data-testid="outbox-conflict"
      >
        <div role="row" className={styles.row}>
          <span role="columnheader" />
          <span role="columnheader" className={styles.head}>
            {t('outbox.yours')}
          </span>
          <span role="columnheader" className={styles.head}>
            {t('outbox.theirs')}
          </span>
        </div>
        {rows.map(([label, mine, server]) => (
          <div role="row" key={label} className={styles.row}>
            <span role="rowheader" className={styles.label}>
              {label}
            </span>
            <span role="cell">{mine}</span>
            <span role="cell" className={mine !== server ? styles.changed : undefined}>
              {server}
            </span>
          </div>
        ))}
      </div>
    </AppDialog>
  );
}
