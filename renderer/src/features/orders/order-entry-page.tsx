/**
 * /orderentryform: a manual order of one or more product lines, for Amazon India or the own
 * shop, in rupees. All lines go in one request and are created all or none; the form resets
 * after 'A new order was added', and keeps what was typed when the server refuses.
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
  Spinner,
  Subtitle1,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, SendRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ORDER_ENTRY_PLATFORMS, PLATFORM_CURRENCY } from '#shared/constants';
import type { OrderEntryLine } from '#shared/schemas/order';
import { invalidate } from '../../api/query-keys';
import { useLeaveGuard } from '../../ui/leave-guard';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useFieldMessage } from '../../ui/use-error-text';
import { ProductPicker } from '../products/product-picker';
import {
  emptyLine,
  emptyOrderEntry,
  lineTotalOf,
  orderEntryLines,
  orderEntrySchema,
  type OrderEntryValues,
} from './order-entry-form';
import { useBusinessTime, useMoney } from './order-parts';
import { createOrders } from './orders.api';
import { Dropdown } from '../../ui/labelled-controls';

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
  total: { fontVariantNumeric: 'tabular-nums', paddingTop: '6px', whiteSpace: 'nowrap' },
  remove: { marginTop: '24px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export default function OrderEntryPage() {
  const styles = useStyles();
  const { t } = useTranslation('orderentry');
  // Fluent inputs keep their own copy of the text: a sent order starts a fresh form.
  const [generation, setGeneration] = useState(0);
  const send = useAppMutation({
    mutationFn: createOrders,
    success: t('errors:newOrderAdded'),
    invalidate: invalidate.orders,
    onSuccess: () => setGeneration((g) => g + 1),
    // The server's word in a warning toast; what was typed stays for the user to correct.
    failureTone: 'warning',
  });
  return (
    <Card className={styles.card}>
      <Subtitle1 as="h2">{t('heading')}</Subtitle1>
      <Body1 className={styles.intro}>{t('intro')}</Body1>
      <OrderEntryFields key={generation} sending={send.isPending} onSend={(lines) => send.mutate(lines)} />
    </Card>
  );
}

function OrderEntryFields({
  sending,
  onSend,
}: {
  sending: boolean;
  onSend: (lines: OrderEntryLine[]) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('orderentry');
  const fieldMessage = useFieldMessage();
  const time = useBusinessTime();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<OrderEntryValues>({
    resolver: zodResolver(orderEntrySchema(t('fields.price'))) as never,
    defaultValues: emptyOrderEntry(),
  });
  const lines = useFieldArray({ control, name: 'lines' });
  const platform = useWatch({ control, name: 'platformCode' });
  const guard = useLeaveGuard(isDirty && !sending);

  return (
    <form
      noValidate
      aria-label={t('heading')}
      onSubmit={handleSubmit((values) => onSend(orderEntryLines(values, time.today())))}
    >
      {guard.prompt}
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
      <ol className={styles.lines} aria-label={t('lines.heading')}>
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
        <Button icon={<AddRegular />} onClick={() => lines.append(emptyLine())}>
          {t('lines.add')}
        </Button>
        <Button
          type="submit"
          appearance="primary"
          icon={sending ? <Spinner size="tiny" /> : <SendRegular />}
          disabled={sending}
        >
          {t('submit')}
        </Button>
      </div>
    </form>
  );
}

/** Unit price × quantity: what the line sends as its total. */
function LineTotal({ control, index }: { control: Control<OrderEntryValues>; index: number }) {
  const styles = useStyles();
  const { t } = useTranslation('orderentry');
  const money = useMoney();
  const [price, quantity] = useWatch({ control, name: [`lines.${index}.price`, `lines.${index}.quantity`] });
  const total = lineTotalOf({ price, quantity });
  return (
    <Field className={styles.field} label={t('fields.total')}>
      <output className={styles.total} data-testid={`line-total-${index + 1}`}>
        {total === null ? '—' : money(total, 'INR')}
      </output>
    </Field>
  );
}
