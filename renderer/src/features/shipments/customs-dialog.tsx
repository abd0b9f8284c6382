/**
 * A shipment's customs: custom id, total custom fee in rupees and received date (today in the
 * business's time zone), with each order's share of the fee shown before saving, split by
 * declared value as the server splits it. Saved once by anyone who may open the screen (the
 * shipment becomes RECEIVED, its orders COMPLETED); an admin may correct saved customs.
 */
import { Field, Input, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shipment, ShippedOrder } from '#shared/schemas/shipment';
import { ApiError } from '../../api/http';
import { invalidate } from '../../api/query-keys';
import { AppDialog } from '../../ui/app-dialog';
import type { TableColumn } from '../../ui/app-table';
import { useConfirmAction } from '../../ui/confirm-action';
import { DateField } from '../../ui/date-field';
import { useLeaveGuard } from '../../ui/leave-guard';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useErrorText } from '../../ui/use-error-text';
import { useOffline } from '../../ui/use-offline';
import { useBusinessTime, useMoney } from '../orders/order-parts';
import {
  checkCustomsForm,
  customsFormOf,
  emptyCustomsForm,
  isDirty,
  type CustomsFormValues,
} from './shipment-forms';
import { SharesPreview } from './shipment-parts';
import { customShares, declaredValue, typedFee } from './shipment-shares';
import { correctCustoms, saveCustoms } from './shipments.api';

const useStyles = makeStyles({
  surface: { width: '640px' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
  },
  input: { width: '100%', minWidth: 0 },
  // Fluent's date input has an intrinsic width of its own; the grid cell sets it.
  date: { minWidth: 0, '& .fui-Input': { width: '100%', minWidth: 0 } },
});

type FieldName = keyof CustomsFormValues;

interface ShareRow {
  order: ShippedOrder;
  share: number | null;
}

export function CustomsDialog({
  shipment,
  mode,
  onClose,
  onSaved,
}: {
  shipment: Shipment;
  /** `save`: the first time (refused once saved); `correct`: an admin's correction. */
  mode: 'save' | 'correct';
  onClose: () => void;
  onSaved?: (shipment: Shipment) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('shipment');
  const errorText = useErrorText();
  const money = useMoney();
  const time = useBusinessTime();
  const alreadySaved = mode === 'save' && shipment.customId !== null;
  const [start] = useState(() =>
    shipment.customId !== null ? customsFormOf(shipment) : emptyCustomsForm(time.today()),
  );
  const [values, setValues] = useState<CustomsFormValues>(start);
  const [invalid, setInvalid] = useState<Partial<Record<FieldName, string>>>({});
  const dirty = isDirty(values, start);
  const [saved, setSaved] = useState(false);
  const guard = useLeaveGuard(dirty && !saved);
  const confirm = useConfirmAction();
  const { offline } = useOffline();

  const save = useAppMutation({
    mutationFn: (body: Parameters<typeof saveCustoms>[1]) =>
      mode === 'correct' ? correctCustoms(shipment._id, body) : saveCustoms(shipment, body),
    // Kept in the outbox (offline): said so, for it is not on the server yet.
    success: (next) => (next ? t('errors:rowUpdated') : t('outbox.queued')),
    invalidate: invalidate.shipments,
    onSuccess: (next) => {
      guard.release();
      setSaved(true);
      if (next) onSaved?.(next);
      onClose();
    },
    // The fixed failure text, and why when the server said more than that.
    failureText: (reason, error) => {
      const wrong = t('errors:somethingWentWrong');
      return error instanceof ApiError && reason !== wrong ? t('customs.failed', { wrong, reason }) : wrong;
    },
    onError: () => guard.rearm(),
  });

  // A changed field's message goes until the next check.
  const set = (field: FieldName) => (value: string | null) => {
    setValues((v) => ({ ...v, [field]: value }));
    setInvalid(({ [field]: _gone, ...rest }) => rest);
  };
  const submit = () => {
    if (alreadySaved) return;
    const checked = checkCustomsForm(values);
    if (!checked.ok) {
      setInvalid(Object.fromEntries(Object.entries(checked.errors).map(([k, m]) => [k, errorText(m)])));
      return;
    }
    setInvalid({});
    // The first save completes the shipment's orders, which is final: asked first. A
    // correction changes the fees only.
    if (mode === 'correct') return save.mutate(checked.body);
    confirm.ask({
      title: t('customs.confirmTitle', { shipmentId: shipment.shipmentId }),
      body: t('customs.confirmBody', { count: shipment.shippedOrders.length }),
      confirmLabel: t('customs.confirm'),
      keepLabel: t('customs.keep'),
      confirmIcon: <SaveRegular />,
      onConfirm: () => save.mutate(checked.body),
    });
  };

  const fee = typedFee(values.totalCustomFee, 'INR');
  const shares = fee === null ? null : customShares(fee, shipment.shippedOrders);
  const rows: ShareRow[] = shipment.shippedOrders.map((order, i) => ({ order, share: shares?.[i] ?? null }));
  const columns: TableColumn<ShareRow>[] = [
    { key: 'orderId', header: t('orders.orderId'), truncate: '180px', cell: (r) => r.order.orderId },
    {
      key: 'declared',
      header: t('customs.declared'),
      numeric: true,
      cell: (r) => money(declaredValue(r.order), r.order.currency),
    },
    {
      key: 'share',
      header: t('customs.share'),
      numeric: true,
      cell: (r) => (r.share === null ? '—' : money(r.share, 'INR')),
    },
  ];

  return (
    <AppDialog
      open
      title={t(mode === 'correct' ? 'customs.correctTitle' : 'customs.title', {
        shipmentId: shipment.shipmentId,
      })}
      onClose={onClose}
      dirty={dirty}
      busy={save.isPending}
      className={styles.surface}
      primary={{ label: t('customs.save'), icon: <SaveRegular />, disabled: alreadySaved }}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {guard.prompt}
      {confirm.dialog}
      <div className={styles.body}>
        {alreadySaved && (
          <MessageBar intent="info">
            <MessageBarBody>{t('customs.alreadySaved')}</MessageBarBody>
          </MessageBar>
        )}
        {offline && mode === 'save' && !alreadySaved && (
          <MessageBar intent="warning">
            <MessageBarBody>{t('outbox.offlineHint')}</MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.grid}>
          <Field label={t('customs.customId')} required validationMessage={invalid.customId}>
            <Input
              className={styles.input}
              value={values.customId}
              readOnly={alreadySaved}
              onChange={(_e, d) => set('customId')(d.value)}
            />
          </Field>
          <Field label={t('customs.fee')} required validationMessage={invalid.totalCustomFee}>
            <Input
              className={styles.input}
              inputMode="decimal"
              contentBefore="₹"
              value={values.totalCustomFee}
              readOnly={alreadySaved}
              onChange={(_e, d) => set('totalCustomFee')(d.value)}
            />
          </Field>
          <DateField
            className={styles.date}
            label={t('customs.receivedDate')}
            required
            value={values.receivedDate}
            onChange={set('receivedDate')}
            validationMessage={invalid.receivedDate}
          />
        </div>
        <SharesPreview
          label={t('customs.sharesTitle')}
          hint={t('customs.sharesHint')}
          rows={rows}
          columns={columns}
          rowKey={(r) => r.order._id}
          total={fee === null ? undefined : t('customs.sharesTotal', { total: money(fee, 'INR') })}
        />
      </div>
    </AppDialog>
  );
}
