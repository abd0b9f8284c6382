/** The parts of the new-shipment dialog (create-shipment-dialog.tsx): its fields and the fee's shares. */
import { Field, Input, makeStyles, Option, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Order } from '#shared/schemas/order';
import { queryKeys } from '../../api/query-keys';
import type { TableColumn } from '../../ui/app-table';
import { DateField } from '../../ui/date-field';
import { PlatformLogo, useMoney } from '../orders/order-parts';
import type { ShipmentFormValues } from './shipment-forms';
import { SharesPreview } from './shipment-parts';
import { shippingShares, typedFee } from './shipment-shares';
import { fetchShippingMethods, SHIPPING_METHODS_PARAMS } from './shipments.api';
import { Dropdown } from '../../ui/labelled-controls';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingVerticalS,
    columnGap: tokens.spacingHorizontalL,
  },
  wide: { gridColumn: '1 / -1' },
  input: { width: '100%', minWidth: 0 },
});

export type ShipmentField = keyof ShipmentFormValues;

/** Shipment id, shipping date, shipping method, total shipping fee and tracking link. */
export function ShipmentFields({
  values,
  invalid,
  set,
}: {
  values: ShipmentFormValues;
  /** Each field's message, already translated. */
  invalid: Partial<Record<ShipmentField, string>>;
  set: (field: ShipmentField) => (value: string | null) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('ordershipment');
  const methods = useQuery({
    queryKey: queryKeys.settings.list('shipping-methods', SHIPPING_METHODS_PARAMS),
    queryFn: fetchShippingMethods,
  });
  const methodName = methods.data?.data.find((m) => m._id === values.shippingMethod)?.name;
  return (
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
  );
}

interface ShareRow {
  order: Order;
  share: number | null;
}

/** Each order's share of the fee typed so far, split as the server splits it. */
export function ShippingSharesPreview({ orders, fee: text }: { orders: readonly Order[]; fee: string }) {
  const { t } = useTranslation('ordershipment');
  const money = useMoney();
  const fee = typedFee(text, 'JPY');
  const shares = fee === null ? null : shippingShares(fee, orders);
  const rows: ShareRow[] = orders.map((order, i) => ({ order, share: shares?.[i] ?? null }));
  const columns: TableColumn<ShareRow>[] = [
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
  return (
    <SharesPreview
      label={t('create.sharesTitle')}
      hint={t('create.sharesHint')}
      rows={rows}
      columns={columns}
      rowKey={(r) => r.order._id}
      total={fee === null ? undefined : t('create.sharesTotal', { total: money(fee, 'JPY') })}
    />
  );
}
