/**
 * The new shipment of the chosen orders: shipment id, shipping date (today in the business's
 * time zone), shipping method (optional), total shipping fee in yen and tracking link, with
 * each order's share of the fee shown before saving, split as the server splits it.
 */
import {
  Dropdown,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Option,
  tokens,
} from '@fluentui/react-components';
import { VehicleTruckProfileRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#shared/schemas/order';
import type { Shipment } from '#shared/schemas/shipment';
import { ApiError } from '../../api/http';
import { invalidate, queryKeys } from '../../api/query-keys';
import { AppDialog } from '../../ui/app-dialog';
import type { TableColumn } from '../../ui/app-table';
import { DateField } from '../../ui/date-field';
import { useLeaveGuard } from '../../ui/leave-guard';
import { useNotify } from '../../ui/notify';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useErrorText } from '../../ui/use-error-text';
import { PlatformLogo, useBusinessTime, useMoney } from '../orders/order-parts';
import { checkShipmentForm, emptyShipmentForm, isDirty, type ShipmentFormValues } from './shipment-forms';
import { SharesPreview } from './shipment-parts';
import { shippingShares, typedFee } from './shipment-shares';
import { createShipment, fetchShippingMethods, SHIPPING_METHODS_PARAMS } from './shipments.api';

const useStyles = makeStyles({
  surface: { width: '760px' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingVerticalS,
    columnGap: tokens.spacingHorizontalL,
  },
  wide: { gridColumn: '1 / -1' },
  input: { width: '100%', minWidth: 0 },
  nowrap: { whiteSpace: 'nowrap' },
});

type Field = keyof ShipmentFormValues;
const FIELDS: readonly Field[] = [
  'shipmentId',
  'shippingDate',
  'shippingMethod',
  'totalShippingFee',
  'shipmentTrackingLink',
];
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

/** Amazon India shows the tracking of combined orders wrongly: said before they are combined. */
export const mixesAmazonIndia = (orders: readonly Order[]) =>
  orders.length > 1 && orders.some((o) => o.platformCode === 'AMAZONIND');

interface ShareRow {
  order: Order;
  share: number | null;
}

export function CreateShipmentDialog({
  orders,
  onClose,
  onCreated,
}: {
  /** The chosen orders, in the order they were chosen. */
  orders: readonly Order[];
  onClose: () => void;
  onCreated: (shipment: Shipment) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('ordershipment');
  const notify = useNotify();
  const errorText = useErrorText();
  const money = useMoney();
  const time = useBusinessTime();
  const [start] = useState(() => emptyShipmentForm(time.today()));
  const [values, setValues] = useState<ShipmentFormValues>(start);
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});
  const methods = useQuery({
    queryKey: queryKeys.settings.list('shipping-methods', SHIPPING_METHODS_PARAMS),
    queryFn: fetchShippingMethods,
  });

  const dirty = isDirty(values, start);
  const [saved, setSaved] = useState(false);
  const guard = useLeaveGuard(dirty && !saved);

  const create = useAppMutation({
    mutationFn: createShipment,
    success: t('errors:shipmentAssigned'),
    invalidate: invalidate.shipments,
    onSuccess: (shipment) => {
      guard.release();
      setSaved(true);
      onCreated(shipment);
    },
    onError: (error) => {
      guard.rearm();
      // A field the server names is marked too; the toast says what happened.
      if (error instanceof ApiError) {
        const marked: Partial<Record<Field, string>> = {};
        for (const item of error.errors) {
          if (isField(item.field))
            marked[item.field] = errorText(
              new ApiError(error.status, item.message, [], item.code, item.params),
            );
        }
        setInvalid(marked);
      }
    },
  });

  // A changed field's message goes until the next check.
  const set = (field: Field) => (value: string | null) => {
    setValues((v) => ({ ...v, [field]: value }));
    setInvalid(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = () => {
    const checked = checkShipmentForm(
      values,
      orders.map((o) => o._id),
    );
    if (!checked.ok) {
      const { orders: none, ...fields } = checked.errors;
      if (none) notify.warning(errorText(none));
      setInvalid(Object.fromEntries(Object.entries(fields).map(([k, m]) => [k, errorText(m)])));
      return;
    }
    setInvalid({});
    create.mutate(checked.body);
  };

  const fee = typedFee(values.totalShippingFee, 'JPY');
  const shares = fee === null ? null : shippingShares(fee, orders);
  const rows: ShareRow[] = orders.map((order, i) => ({ order, share: shares?.[i] ?? null }));
  const shareColumns: TableColumn<ShareRow>[] = [
    { key: 'orderId', header: t('columns.orderId'), truncate: '180px', cell: (r) => r.order.orderId },
    {
      key: 'platform',
      header: t('columns.platform'),
      cell: (r) => <PlatformLogo platform={r.order.platformCode} />,
    },
    { key: 'quantity', header: t('columns.quantity'), numeric: true, cell: (r) => r.order.orderQuantity },
    {
      key: 'share',
      header: t('create.share'),
      numeric: true,
      cell: (r) => (r.share === null ? '—' : money(r.share, 'JPY')),
    },
  ];
  const methodName = methods.data?.data.find((m) => m._id === values.shippingMethod)?.name;

  return (
    <AppDialog
      open
      title={t('create.title', { count: orders.length })}
      onClose={onClose}
      dirty={dirty}
      busy={create.isPending}
      className={styles.surface}
      primary={{ label: t('create.submit'), icon: <VehicleTruckProfileRegular /> }}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {guard.prompt}
      <div className={styles.body}>
        {mixesAmazonIndia(orders) && (
          <MessageBar intent="warning" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>{t('create.amazonWarningTitle')}</MessageBarTitle>
              {t('create.amazonWarning')}
            </MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.grid}>
          <Field label={t('create.shipmentId')} required validationMessage={invalid.shipmentId}>
            <Input
              className={styles.input}
              value={values.shipmentId}
              onChange={(_e, d) => set('shipmentId')(d.value)}
            />
          </Field>
          <DateField
            label={t('create.shippingDate')}
            required
            value={values.shippingDate}
            onChange={set('shippingDate')}
            validationMessage={invalid.shippingDate}
          />
          <Field label={t('create.shippingMethod')} validationMessage={invalid.shippingMethod}>
            <Dropdown
              className={styles.input}
              value={methodName ?? (values.shippingMethod ? '' : t('create.noMethod'))}
              selectedOptions={[values.shippingMethod]}
              onOptionSelect={(_e, d) => set('shippingMethod')(d.optionValue ?? '')}
              disabled={methods.isPending}
            >
              <Option value="">{t('create.noMethod')}</Option>
              {(methods.data?.data ?? []).map((m) => (
                <Option key={m._id} value={m._id}>
                  {m.name}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Field label={t('create.fee')} required validationMessage={invalid.totalShippingFee}>
            <Input
              className={styles.input}
              inputMode="numeric"
              contentBefore="¥"
              value={values.totalShippingFee}
              onChange={(_e, d) => set('totalShippingFee')(d.value)}
            />
          </Field>
          <Field
            className={styles.wide}
            label={t('create.link')}
            hint={t('create.linkHint')}
            required
            validationMessage={invalid.shipmentTrackingLink}
          >
            <Input
              className={styles.input}
              type="url"
              value={values.shipmentTrackingLink}
              onChange={(_e, d) => set('shipmentTrackingLink')(d.value)}
            />
          </Field>
        </div>
        <SharesPreview
          label={t('create.sharesTitle')}
          hint={t('create.sharesHint')}
          rows={rows}
          columns={shareColumns}
          rowKey={(r) => r.order._id}
          total={fee === null ? undefined : t('create.sharesTotal', { total: money(fee, 'JPY') })}
        />
      </div>
    </AppDialog>
  );
}
