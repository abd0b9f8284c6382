/**
 * One order over order management: its fields, the status changes its status allows, an edit
 * of the fields order management may change, and its history from the audit log. An edit with
 * unsaved changes is not lost without a word: closing the drawer (X, Escape) asks first, and
 * leaving the screen is held by the leave guard as every form's is.
 */
import {
  Button,
  Caption1,
  Divider,
  Field,
  Input,
  makeStyles,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { EditRegular, SaveRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '#shared/constants';
import { nextStatuses } from '#shared/domain/order-status';
import { MESSAGES } from '#shared/messages';
import { CUSTOMER_FIELDS, type Order } from '#shared/schemas/order';
import { invalidate, queryKeys } from '../../api/query-keys';
import { ConfirmDialog } from '../../ui/app-dialog';
import { AppDrawer } from '../../ui/app-drawer';
import { useConfirmAction } from '../../ui/confirm-action';
import { DateField } from '../../ui/date-field';
import { DetailList, type DetailItem } from '../../ui/detail-list';
import { useLeaveGuard } from '../../ui/leave-guard';
import { useNotify } from '../../ui/notify';
import { useAppMutation } from '../../ui/use-app-mutation';
import { ShipmentLink } from '../../ui/table-cells';
import { useErrorText } from '../../ui/use-error-text';
import { RecordHistory } from '../audit/record-history';
import { useProductName } from '../products/product-name';
import { customerKey, orderEditForm, orderEditOf, type OrderEditText } from './order-edit';
import { lineFees } from './order-money';
import { OrderStatusBadge, PlatformLogo, useBusinessTime, useMoney } from './order-parts';
import { setOrderStatus, updateOrder } from './orders.api';
import { changedOrder, statusImpact, statusQuestion, type Translate } from './status-confirm';
import { BusySpinner } from '../../ui/busy-spinner';
import { useOffline } from '../../ui/use-offline';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  value: { margin: 0, overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
  form: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingVerticalS, columnGap: '16px' },
  wide: { gridColumn: '1 / -1' },
});

export function OrderDrawer({
  order,
  onChanged,
  onClose,
}: {
  order: Order;
  onChanged: (order: Order) => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('ordermanagement');
  const money = useMoney();
  const time = useBusinessTime();
  const productName = useProductName();
  const [editing, setEditing] = useState(false);
  const [editDirty, setEditDirty] = useState(false);
  const [askingDiscard, setAskingDiscard] = useState(false);
  const statusSection = useRef<HTMLElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // The form leaves with its Save or Cancel button: focus goes back to the Edit button that
  // opened it, inside the drawer, where Escape still closes it.
  const returnToEdit = useRef(false);
  useEffect(() => {
    if (editing || !returnToEdit.current) return;
    returnToEdit.current = false;
    editButton.current?.focus();
  }, [editing]);
  const endEdit = () => {
    setEditing(false);
    setEditDirty(false);
    returnToEdit.current = true;
  };
  const requestClose = () => {
    if (editing && editDirty) setAskingDiscard(true);
    else onClose();
  };

  const { writeProps } = useOffline();
  const status = useAppMutation({
    mutationFn: (next: OrderStatus) => setOrderStatus(order._id, next),
    success: t('errors:statusUpdated'),
    invalidate: invalidate.orders,
    onSuccess: (saved) => {
      // The pressed button leaves with the status that offered it. Focus would fall to the
      // page behind the drawer, where Escape and Tab no longer reach the drawer: it goes to
      // the status section instead, which then reads out the new choices.
      statusSection.current?.focus();
      onChanged(saved);
    },
  });

  // Cancelling, accepting (takes stock) and completing ask first.
  const confirm = useConfirmAction();
  const changeTo = (to: OrderStatus) => {
    const impact = statusImpact([changedOrder(order)], to);
    if (!impact) return status.mutate(to);
    confirm.ask({ ...statusQuestion(t as unknown as Translate, impact), onConfirm: () => status.mutate(to) });
  };

  const next = nextStatuses(order.shipmentStatus, order.platformCode).filter((s) => s !== 'SHIPPED');
  const fees = lineFees(order);
  const rows: DetailItem[] = [
    [t('columns.orderId'), order.orderId],
    [t('columns.orderDate'), order.orderDate],
    [t('columns.platform'), <PlatformLogo key="p" platform={order.platformCode} />],
    [
      t('columns.product'),
      order.product
        ? `${productName(order.product)} (${order.product.skuCode} · ${order.product.janCode})`
        : '—',
    ],
    [t('columns.quantity'), order.orderQuantity],
    [t('columns.price'), money(order.baseOrderPrice, order.currency)],
    [t('columns.discount'), money(order.discount, order.currency)],
    [t('fees.commission'), money(order.commission, order.currency)],
    [t('fees.closingFee'), money(order.closingFee, order.currency)],
    [t('fees.gst'), money(order.gst, order.currency)],
    [t('columns.platformFee'), money(fees.platformFee, order.currency)],
    [t('fees.handlingFee'), money(order.handlingFee, order.currency)],
    [t('columns.shippingFee'), money(order.shippingFee, 'JPY')],
    [t('columns.customFee'), money(order.customFee, 'INR')],
    [t('columns.status'), <OrderStatusBadge key="s" status={order.shipmentStatus} />],
    [t('columns.shipmentId'), <ShipmentLink key="shipment" shipmentId={order.shipmentId} />],
    [t('columns.expectedShippingDate'), order.expectedShippingDate ?? '—'],
    [t('drawer.advance'), order.isBookedAdvance ? t('drawer.yes') : t('drawer.no')],
    [
      t('drawer.customer'),
      order.customer
        ? [order.customer.name, order.customer.city, order.customer.country].filter(Boolean).join(', ')
        : '—',
    ],
    [t('drawer.created'), time.instant(order.createdAt)],
  ];

  return (
    <>
      <AppDrawer
        size="medium"
        title={t('drawer.title', { orderId: order.orderId })}
        onClose={requestClose}
        bodyClassName={styles.body}
      >
        <section ref={statusSection} tabIndex={-1} aria-label={t('drawer.status')}>
          <Subtitle2 as="h3">{t('drawer.status')}</Subtitle2>
          <div className={styles.actions}>
            {next.length === 0 ? (
              <Caption1 className={styles.muted}>{t('drawer.noNextStatus')}</Caption1>
            ) : (
              next.map((s) => (
                <Button
                  key={s}
                  appearance={s === 'CANCELLED' ? 'secondary' : 'primary'}
                  // Focusable while the change is saved, so focus stays in the drawer.
                  disabledFocusable={status.isPending}
                  {...writeProps()}
                  onClick={() => changeTo(s)}
                >
                  {t(`drawer.to.${s}`)}
                </Button>
              ))
            )}
            {status.isPending && <BusySpinner />}
          </div>
          {confirm.dialog}
        </section>
        <DetailList items={rows} />
        <Divider />
        {editing ? (
          <OrderEditForm
            order={order}
            onDirty={setEditDirty}
            onSaved={(saved) => {
              onChanged(saved);
              endEdit();
            }}
            onCancel={endEdit}
          />
        ) : (
          <div>
            <Button
              ref={editButton}
              icon={<EditRegular />}
              {...writeProps()}
              onClick={() => setEditing(true)}
            >
              {t('drawer.edit')}
            </Button>
          </div>
        )}
        <Divider />
        <RecordHistory
          entityId={order._id}
          queryKey={queryKeys.orders.history(order._id)}
          title={t('drawer.history')}
          empty={t('drawer.noHistory')}
        />
      </AppDrawer>
      {/* A sibling, not a child: Escape in it must not reach the drawer underneath. */}
      {askingDiscard && (
        <ConfirmDialog
          open
          title={t('common:discard.title')}
          confirmLabel={t('common:discard.confirm')}
          cancelLabel={t('common:discard.keep')}
          onCancel={() => setAskingDiscard(false)}
          onConfirm={() => {
            setAskingDiscard(false);
            onClose();
          }}
        >
          {t('common:discard.body')}
        </ConfirmDialog>
      )}
    </>
  );
}

function OrderEditForm({
  order,
  onDirty,
  onSaved,
  onCancel,
}: {
  order: Order;
  /** Whether the form holds changes not saved yet. */
  onDirty: (dirty: boolean) => void;
  onSaved: (order: Order) => void;
  onCancel: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('ordermanagement');
  const notify = useNotify();
  const errorText = useErrorText();
  const [values, setValues] = useState<OrderEditText>(() => orderEditForm(order));
  const [invalid, setInvalid] = useState<Partial<Record<keyof OrderEditText, string>>>({});
  // The Edit button that opened the form has left: focus goes to its first field, inside
  // the drawer, where Escape still reaches it.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector('input')?.focus(), []);
  const [initial] = useState(() => JSON.stringify(orderEditForm(order)));
  const dirty = JSON.stringify(values) !== initial;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const guard = useLeaveGuard(dirty);
  const { writeProps } = useOffline();
  const save = useAppMutation({
    mutationFn: (edit: Parameters<typeof updateOrder>[1]) => {
      guard.release();
      return updateOrder(order._id, edit);
    },
    success: t('errors:rowUpdated'),
    invalidate: invalidate.orders,
    onSuccess: onSaved,
    onError: guard.rearm,
  });
  const set = (field: keyof OrderEditText) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const submit = () => {
    const result = orderEditOf(order, values);
    if (!result.ok) return setInvalid(result.errors);
    setInvalid({});
    if (Object.keys(result.edit).length === 0) return notify.info(errorText(MESSAGES.nothingToUpdate));
    save.mutate(result.edit);
  };
  const amountFields = ['discount', 'commission', 'closingFee', 'gst', 'handlingFee', 'shippingFee'] as const;
  return (
    <form
      ref={form}
      className={styles.form}
      noValidate
      aria-label={t('drawer.edit')}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <DateField
        className={styles.wide}
        label={t('columns.expectedShippingDate')}
        value={values.expectedShippingDate}
        onChange={(v) => set('expectedShippingDate')(v ?? '')}
        validationMessage={invalid.expectedShippingDate && errorText(invalid.expectedShippingDate)}
      />
      {amountFields.map((field) => {
        // In a shipment the fee is the order's share of the shipment's, changed on the shipment.
        const shared = field === 'shippingFee' && order.shipmentId !== null;
        return (
          <Field
            key={field}
            label={`${t(`edit.${field}`)} (${field === 'shippingFee' ? 'JPY' : order.currency})`}
            validationMessage={invalid[field] && errorText(invalid[field])}
            hint={shared ? t('edit.shippingFeeShared', { shipmentId: order.shipmentId }) : undefined}
          >
            <Input
              inputMode="decimal"
              value={values[field]}
              readOnly={shared}
              onChange={(_e, d) => set(field)(d.value)}
            />
          </Field>
        );
      })}
      <Subtitle2 as="h4" className={styles.wide}>
        {t('edit.customer')}
      </Subtitle2>
      {CUSTOMER_FIELDS.map((field) => (
        <Field key={field} label={t(`common:customer.${field}`)}>
          <Input
            value={values[customerKey(field)]}
            inputMode={field === 'email' ? 'email' : field === 'phone' ? 'tel' : undefined}
            autoComplete="off"
            onChange={(_e, d) => set(customerKey(field))(d.value)}
          />
        </Field>
      ))}
      <div className={`${styles.actions} ${styles.wide}`}>
        <Button
          type="submit"
          appearance="primary"
          icon={save.isPending ? <BusySpinner /> : <SaveRegular />}
          {...writeProps({ disabled: save.isPending })}
        >
          {t('common:actions.save')}
        </Button>
        <Button onClick={onCancel} disabled={save.isPending}>
          {t('common:actions.cancel')}
        </Button>
      </div>
      {guard.prompt}
    </form>
  );
}
