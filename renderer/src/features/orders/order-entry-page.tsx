/**
 * /orderentryform: a manual order of one or more product lines, for Amazon India or the own
 * shop, in rupees. All lines go in one request and are created all or none; the form resets
 * after 'A new order was added', and keeps what was typed when the server refuses. An order id
 * already on the platform is looked up first: its lines would be added to that order, so the
 * form asks (and marks a product the order already has, which the server would refuse).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Body1,
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  Option,
  Subtitle1,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, SendRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ORDER_ENTRY_PLATFORMS, PLATFORM_CURRENCY } from '#shared/constants';
import type { OrderEntryLine } from '#shared/schemas/order';
import { ApiError } from '../../api/http';
import { invalidate } from '../../api/query-keys';
import { useConfirmAction } from '../../ui/confirm-action';
import { useLeaveGuard } from '../../ui/leave-guard';
import { useNotify } from '../../ui/notify';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useErrorText, useFieldMessage } from '../../ui/use-error-text';
import { ProductPicker } from '../products/product-picker';
import {
  duplicateTarget,
  emptyLine,
  emptyOrderEntry,
  linesAlreadyInOrder,
  orderEntryLines,
  orderEntrySchema,
  type OrderEntryValues,
} from './order-entry-form';
import { LineTotal, OrderTotal, useStoredOrder } from './order-entry-parts';
import { useBusinessTime } from './order-parts';
import { createOrders } from './orders.api';
import { Dropdown } from '../../ui/labelled-controls';
import { BusySpinner } from '../../ui/busy-spinner';
import { useOffline } from '../../ui/use-offline';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM, maxWidth: '1100px' },
  intro: { color: tokens.colorNeutralForeground2 },
  head: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  lines: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0 },
  line: {
    listStyle: 'none',
    display: 'grid',
    gridTemplateColumns: 'minmax(240px, 2.4fr) repeat(3, minmax(90px, 1fr)) minmax(110px, 1fr) auto',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  // Fluent inputs have an intrinsic width; in a grid cell they must shrink to it.
  input: { width: '100%', minWidth: 0 },
  field: { minWidth: 0 },
  section: { marginTop: tokens.spacingVerticalL, marginBottom: tokens.spacingVerticalS },
  remove: { marginTop: '24px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export default function OrderEntryPage() {
  const styles = useStyles();
  const { t } = useTranslation('orderentry');
  // Fluent inputs keep their own copy of the text: a sent order starts a fresh form.
  const [generation, setGeneration] = useState(0);
  const sent = useRef<OrderEntryLine | undefined>(undefined);
  const send = useAppMutation({
    mutationFn: (lines: OrderEntryLine[]) => {
      sent.current = lines[0];
      return createOrders(lines);
    },
    success: t('errors:newOrderAdded'),
    invalidate: invalidate.orders,
    onSuccess: () => setGeneration((g) => g + 1),
    // The server's word in a warning toast; what was typed stays for the user to correct.
    failureTone: 'warning',
    // "Duplicate field" alone does not say which: the field and the order it is about.
    failureText: (text, error) => {
      const target =
        error instanceof ApiError ? duplicateTarget(error.code, error.message, error.errors) : undefined;
      const line = sent.current;
      if (!target || !line) return text;
      return t('duplicate', {
        field: fieldLabel(t, target.field),
        orderId: line.orderId,
        platform: t(`common:platforms.${line.platformCode}`),
      });
    },
  });
  return (
    <Card className={styles.card}>
      <Subtitle1 as="h2">{t('heading')}</Subtitle1>
      <Body1 className={styles.intro}>{t('intro')}</Body1>
      <OrderEntryFields
        key={generation}
        sending={send.isPending}
        onSend={(lines, onError) => send.mutate(lines, { onError })}
      />
    </Card>
  );
}

/** A form field's label by the API's name for it. */
const fieldLabel = (t: (key: string) => string, field: string) =>
  field === 'orderId' || field === 'product'
    ? t(`fields.${field}`)
    : field === 'platformCode'
      ? t('fields.platform')
      : field;

function OrderEntryFields({
  sending,
  onSend,
}: {
  sending: boolean;
  /** `onError` marks the field a refusal names. */
  onSend: (lines: OrderEntryLine[], onError: (error: unknown) => void) => void;
}) {
  const { writeProps } = useOffline();
  const styles = useStyles();
  const { t } = useTranslation('orderentry');
  const fieldMessage = useFieldMessage();
  const errorText = useErrorText();
  const notify = useNotify();
  const time = useBusinessTime();
  const confirm = useConfirmAction();
  const storedOrder = useStoredOrder();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<OrderEntryValues>({
    resolver: zodResolver(orderEntrySchema(t('fields.price'))) as never,
    defaultValues: emptyOrderEntry(),
  });
  const lines = useFieldArray({ control, name: 'lines' });
  const platform = useWatch({ control, name: 'platformCode' });
  const busy = sending || isSubmitting;
  const guard = useLeaveGuard(isDirty && !busy);

  // "Add product" puts focus on the new line's product picker, where its entry starts.
  const lineList = useRef<HTMLOListElement>(null);
  const focusNewLine = useRef(false);
  useEffect(() => {
    if (!focusNewLine.current) return;
    focusNewLine.current = false;
    lineList.current?.lastElementChild?.querySelector<HTMLElement>('[role="combobox"]')?.focus();
  });

  const markRefusal = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    const target = duplicateTarget(error.code, error.message, error.errors);
    if (!target) return;
    const message = errorText(error);
    if (target.field === 'product' && target.line !== undefined)
      setError(`lines.${target.line}.product`, { message });
    else if (target.field === 'orderId') setError('orderId', { message });
  };

  const submit = async (values: OrderEntryValues) => {
    const toSend = orderEntryLines(values, time.today());
    const orderId = values.orderId.trim();
    let stored;
    try {
      stored = await storedOrder(orderId, values.platformCode);
    } catch (error) {
      notify.warning(t('existing.checkFailed', { orderId, reason: errorText(error) }));
      return;
    }
    if (stored.totalCount === 0) return onSend(toSend, markRefusal);
    const held = linesAlreadyInOrder(values, stored.lines);
    for (const index of held)
      setError(`lines.${index}.product`, { message: t('existing.hasProduct', { orderId }) });
    if (held.length > 0) return;
    confirm.ask({
      title: t('existing.title', { orderId }),
      body: t('existing.body', {
        count: stored.totalCount,
        orderId,
        platform: t(`common:platforms.${values.platformCode}`),
      }),
      confirmLabel: t('existing.confirm'),
      keepLabel: t('existing.keep'),
      onConfirm: () => onSend(toSend, markRefusal),
    });
  };

  return (
    <form noValidate aria-label={t('heading')} onSubmit={handleSubmit(submit)}>
      {guard.prompt}
      {confirm.dialog}
      <div className={styles.head}>
        <Field label={t('fields.orderId')} required validationMessage={fieldMessage(errors.orderId)}>
          <Input {...register('orderId')} autoFocus />
        </Field>
        <Controller
          control={control}
          name="platformCode"
          render={({ field }) => (
            <Field
              label={t('fields.platform')}
              required
              validationMessage={fieldMessage(errors.platformCode)}
            >
              <Dropdown
                placeholder={t('fields.choosePlatform')}
                value={field.value ? t(`common:platforms.${field.value}`) : ''}
                selectedOptions={field.value ? [field.value] : []}
                onOptionSelect={(_e, data) => field.onChange(data.optionValue ?? '')}
                onBlur={field.onBlur}
              >
                {ORDER_ENTRY_PLATFORMS.map((p) => (
                  <Option key={p} value={p}>
                    {t(`common:platforms.${p}`)}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          )}
        />
        {platform && (
          <Field label={t('fields.currency')}>
            <Input readOnly value={PLATFORM_CURRENCY[platform]} data-testid="currency" />
          </Field>
        )}
      </div>
      <Subtitle1 as="h3" className={styles.section} block>
        {t('lines.heading')}
      </Subtitle1>
      {errors.lines?.root && <Body1 role="alert">{fieldMessage(errors.lines.root)}</Body1>}
      {errors.lines?.message && <Body1 role="alert">{fieldMessage(errors.lines)}</Body1>}
      <ol ref={lineList} className={styles.lines} aria-label={t('lines.heading')}>
        {lines.fields.map((item, index) => {
          const lineErrors = errors.lines?.[index];
          const n = index + 1;
          return (
            <li key={item.id} className={styles.line} aria-label={t('lines.line', { n })}>
              <Controller
                control={control}
                name={`lines.${index}.product`}
                render={({ field }) => (
                  <Field
                    label={t('fields.product')}
                    required
                    validationMessage={fieldMessage(lineErrors?.product)}
                  >
                    <ProductPicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
                  </Field>
                )}
              />
              <Field
                className={styles.field}
                label={t('fields.price')}
                required
                validationMessage={fieldMessage(lineErrors?.price)}
              >
                <Input className={styles.input} inputMode="decimal" {...register(`lines.${index}.price`)} />
              </Field>
              <Field
                label={t('fields.discount')}
                required
                validationMessage={fieldMessage(lineErrors?.discount)}
              >
                <Input
                  className={styles.input}
                  inputMode="decimal"
                  {...register(`lines.${index}.discount`)}
                />
              </Field>
              <Field
                label={t('fields.quantity')}
                required
                validationMessage={fieldMessage(lineErrors?.quantity)}
              >
                <Input
                  className={styles.input}
                  inputMode="numeric"
                  {...register(`lines.${index}.quantity`)}
                />
              </Field>
              <LineTotal control={control} index={index} />
              <Button
                className={styles.remove}
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={t('lines.remove', { n })}
                disabled={lines.fields.length === 1}
                onClick={() => lines.remove(index)}
              />
            </li>
          );
        })}
      </ol>
      <div className={styles.actions} style={{ marginTop: tokens.spacingVerticalM }}>
        <Button
          icon={<AddRegular />}
          onClick={() => {
            // React-hook-form would focus the first registered input, the price.
            focusNewLine.current = true;
            lines.append(emptyLine(), { shouldFocus: false });
          }}
        >
          {t('lines.add')}
        </Button>
        <Button
          type="submit"
          appearance="primary"
          icon={busy ? <BusySpinner /> : <SendRegular />}
          {...writeProps({ disabled: busy })}
        >
          {t('submit')}
        </Button>
        <OrderTotal control={control} />
      </div>
    </form>
  );
}
