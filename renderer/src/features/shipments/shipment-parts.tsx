/** What both shipment screens show alike: the status badge, the tracking link and the shares table. */
import { Badge, Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShipmentStatus } from '#shared/constants';
import { platform } from '../../platform/platform';
import { AppTable, type TableColumn } from '../../ui/app-table';
import { useNotify } from '../../ui/notify';
import { isWebLink } from './shipment-forms';

export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  const { t } = useTranslation('shipment');
  return (
    <Badge appearance="tint" color={status === 'RECEIVED' ? 'success' : 'important'} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * Opens the tracking page outside the app: the system browser in the desktop app (through the
 * bridge, which opens web links only), a new tab without access to this page in a browser.
 */
export function TrackingLinkButton({ link, shipmentId }: { link: string; shipmentId: string }) {
  const { t } = useTranslation('shipment');
  const notify = useNotify();
  const open = async () => {
    const result = await platform.openExternal(link).catch(() => ({ opened: false }));
    if (!result.opened) notify.warning(t('actions.trackFailed'));
  };
  return (
    <Button
      size="small"
      appearance="subtle"
      icon={<OpenRegular />}
      disabled={!isWebLink(link)}
      title={link}
      aria-label={t('actions.trackFor', { shipmentId })}
      onClick={() => void open()}
    >
      {t('actions.track')}
    </Button>
  );
}

const useStyles = makeStyles({
  shares: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  hint: { color: tokens.colorNeutralForeground2 },
  total: { fontVariantNumeric: 'tabular-nums' },
});

/**
 * Each order's share of a fee before it is saved: the rows as the dialog lists them, and a
 * caption saying how the fee is split and what the shares add up to.
 */
export function SharesPreview<Row>({
  label,
  hint,
  rows,
  columns,
  rowKey,
  total,
}: {
  label: string;
  hint: string;
  rows: readonly Row[];
  columns: readonly TableColumn<Row>[];
  rowKey: (row: Row) => string;
  total?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <section className={styles.shares} aria-label={label}>
      <Caption1 className={styles.hint}>{hint}</Caption1>
      <AppTable label={label} rows={rows} columns={columns} rowKey={rowKey} size="small" maxHeight="240px" />
      {total && (
        <Caption1 className={styles.total} data-testid="shares-total">
          {total}
        </Caption1>
      )}
    </section>
  );
}
