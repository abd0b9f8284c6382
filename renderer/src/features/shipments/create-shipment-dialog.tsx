/**
 * The new shipment of the chosen orders: shipment id, shipping date (today in the business's
 * time zone), shipping method (optional), total shipping fee in yen and tracking link, with
 * each order's share of the fee shown before saving, split as the server splits it.
 */
import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { VehicleTruckProfileRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#shared/schemas/order';
import type { Shipment } from '#shared/schemas/shipment';
import { ApiError } from '../../api/http';
import { invalidate } from '../../api/query-keys';
import { AppDialog } from '../../ui/app-dialog';
import { useLeaveGuard } from '../../ui/leave-guard';
import { useNotify } from '../../ui/notify';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useErrorText } from '../../ui/use-error-text';
import { useBusinessTime } from '../orders/order-parts';
import { ShipmentFields, ShippingSharesPreview, type ShipmentField } from './create-shipment-parts';
import { checkShipmentForm, emptyShipmentForm, isDirty, type ShipmentFormValues } from './shipment-forms';
import { createShipment } from './shipments.api';

const useStyles = makeStyles({
  surface: { width: '760px' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const FIELDS: readonly ShipmentField[] = [
  'shipmentId',
  'shippingDate',
  'shippingMethod',
  'totalShippingFee',
  'shipmentTrackingLink',
];
const isField = (name: string): name is ShipmentField => (FIELDS as readonly string[]).includes(name);

/** Amazon India shows the tracking of combined orders wrongly: said before they are combined. */
export const mixesAmazonIndia = (orders: readonly Order[]) =>
  orders.length > 1 && orders.some((o) => o.platformCode === 'AMAZONIND');

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
  const time = useBusinessTime();
  const [start] = useState(() => emptyShipmentForm(time.today()));
  const [values, setValues] = useState<ShipmentFormValues>(start);
  const [invalid, setInvalid] = useState<Partial<Record<ShipmentField, string>>>({});
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
        const marked: Partial<Record<ShipmentField, string>> = {};
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
  const set = (field: ShipmentField) => (value: string | null) => {
    setValues((v) => ({ ...v, [field]: value }));
    setInvalid(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = () => {
    const checked = checkShipmentForm(
      values,
      orders.map((o) => o._id),
      {
        shipmentId: t('create.shipmentId'),
        totalShippingFee: t('create.fee'),
        shipmentTrackingLink: t('create.link'),
      },
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
        <ShipmentFields values={values} invalid={invalid} set={set} />
        <ShippingSharesPreview orders={orders} fee={values.totalShippingFee} />
      </div>
    </AppDialog>
  );
}
