/**
 * The simulator form's sections (the goods, the platform, the target), each a part of the one
 * react-hook-form form the editor holds (simulator-editor.tsx).
 */
import {
  Field,
  Input,
  makeStyles,
  Option,
  Radio,
  RadioGroup,
  Subtitle2,
  tokens,
  type InputProps,
} from '@fluentui/react-components';
import { Controller, type Control, type FieldError, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SIMULATOR_PLATFORMS, TARGET_TYPES, type TargetType } from '#shared/domain/simulator';
import type { HandlingFee } from '#shared/schemas/catalog';
import type { PlatformFee } from '#shared/schemas/simulation';
import { useFieldMessage } from '../../ui/use-error-text';
import { useProductName } from '../products/product-name';
import { ProductPicker } from '../products/product-picker';
import { useSimulatorMoney } from './simulation-result';
import type { TodaysRate } from './simulations.api';
import {
  handlingChoiceOf,
  platformDefaults,
  sameHandling,
  type HandlingChoice,
  type SimulatorFormValues,
  type TypedInputs,
} from './simulator-form';
import { Dropdown } from '../../ui/labelled-controls';

export const useFieldStyles = makeStyles({
  wide: { gridColumn: '1 / -1' },
  section: { gridColumn: '1 / -1', marginTop: tokens.spacingVerticalS },
  input: { width: '100%', minWidth: 0 },
});

type Form = UseFormReturn<SimulatorFormValues>;

/** A field set by another keeps the form's dirty and checked state right. */
const change = { shouldDirty: true, shouldValidate: true } as const;

type TextName = 'name' | keyof TypedInputs | 'targetValue';

/** One text input of the form, controlled (inputs filled by the form show what it holds). */
export function TextField({
  control,
  name,
  label,
  hint,
  required,
  className,
  inputMode = 'decimal',
  ...input
}: {
  control: Control<SimulatorFormValues>;
  name: TextName;
  label: string;
  hint?: string;
  required?: boolean;
  className?: string;
  inputMode?: InputProps['inputMode'];
  contentBefore?: string;
  contentAfter?: string;
}) {
  const styles = useFieldStyles();
  const fieldMessage = useFieldMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          className={className}
          label={label}
          hint={hint}
          required={required}
          validationMessage={fieldMessage(fieldState.error)}
        >
          <Input
            className={styles.input}
            name={field.name}
            ref={field.ref}
            value={field.value}
            inputMode={inputMode}
            onChange={(_e, data) => field.onChange(data.value)}
            onBlur={field.onBlur}
            {...input}
          />
        </Field>
      )}
    />
  );
}

/** The goods: a product (which fills the price, and the name when empty), the amounts in yen. */
export function GoodsFields({ form, todaysRate }: { form: Form; todaysRate: TodaysRate | null }) {
  const styles = useFieldStyles();
  const { t } = useTranslation('simulator');
  const productName = useProductName();
  const { control, setValue, getValues } = form;
  const rateHint = todaysRate
    ? todaysRate.date
      ? t('fields.rateToday', { date: todaysRate.date, rate: todaysRate.rate })
      : t('fields.rateTodayUndated', { rate: todaysRate.rate })
    : t('fields.rateNone');
  return (
    <>
      <Subtitle2 as="h3" className={styles.section}>
        {t('form.sections.goods')}
      </Subtitle2>
      <Controller
        control={control}
        name="product"
        render={({ field }) => (
          <Field className={styles.wide} label={t('fields.product')} hint={t('fields.productHint')}>
            <ProductPicker
              value={field.value}
              onBlur={field.onBlur}
              onChange={(product) => {
                field.onChange(product);
                if (product?.purchasePrice !== null && product?.purchasePrice !== undefined) {
                  setValue('purchasePrice', String(product.purchasePrice), change);
                }
                if (product && getValues('name').trim() === '') {
                  setValue('name', productName(product), change);
                }
              }}
            />
          </Field>
        )}
      />
      <TextField
        control={control}
        name="purchasePrice"
        label={t('fields.purchasePrice')}
        required
        contentBefore="¥"
        inputMode="numeric"
      />
      <TextField
        control={control}
        name="quantity"
        label={t('fields.quantity')}
        required
        inputMode="numeric"
      />
      <TextField
        control={control}
        name="exchangeRate"
        label={t('fields.exchangeRate')}
        hint={rateHint}
        required
        contentBefore="¥"
      />
      <TextField
        control={control}
        name="shippingCost"
        label={t('fields.shippingCost')}
        required
        contentBefore="¥"
        inputMode="numeric"
      />
      <TextField
        control={control}
        name="customsDuty"
        label={t('fields.customsDuty')}
        required
        contentAfter="%"
      />
    </>
  );
}

/** The handling charges on offer: the settings', and the saved one when it differs from them all. */
function useHandlingChoices(handlingFees: readonly HandlingFee[], saved: HandlingChoice | null) {
  const { t } = useTranslation('simulator');
  const money = useSimulatorMoney();
  const handlingText = (choice: HandlingChoice) =>
    choice.type === 'percentage' ? `${choice.value}%` : money(Number(choice.value), 'JPY');
  const choices: { key: string; choice: HandlingChoice; label: string }[] = handlingFees.map((fee) => ({
    key: fee._id,
    choice: handlingChoiceOf(fee),
    label: t('fields.handlingOption', { title: fee.title, value: handlingText(handlingChoiceOf(fee)) }),
  }));
  if (saved && !choices.some((c) => sameHandling(c.choice, saved))) {
    choices.push({
      key: 'saved',
      choice: saved,
      label: t('fields.handlingSaved', { value: handlingText(saved) }),
    });
  }
  return choices;
}

/** The platform (which sets its default fees), the handling charge and the platform's fees. */
export function PlatformFields({
  form,
  platformFees,
  handlingFees,
  savedHandling,
}: {
  form: Form;
  platformFees: readonly PlatformFee[];
  handlingFees: readonly HandlingFee[];
  /** The handling charge the form opened with. */
  savedHandling: HandlingChoice | null;
}) {
  const styles = useFieldStyles();
  const { t } = useTranslation('simulator');
  const fieldMessage = useFieldMessage();
  const { control, setValue, formState } = form;
  const choices = useHandlingChoices(handlingFees, savedHandling);
  const labelOf = (key: string) =>
    key === 'none' ? t('fields.handlingNone') : (choices.find((c) => c.key === key)?.label ?? '');
  return (
    <>
      <Subtitle2 as="h3" className={styles.section}>
        {t('form.sections.platform')}
      </Subtitle2>
      <Controller
        control={control}
        name="platformCode"
        render={({ field }) => (
          <Field label={t('fields.platform')} hint={t('fields.platformHint')} required>
            <Dropdown
              value={t(`common:platforms.${field.value}`)}
              selectedOptions={[field.value]}
              onBlur={field.onBlur}
              onOptionSelect={(_e, data) => {
                const platform = SIMULATOR_PLATFORMS.find((p) => p === data.optionValue);
                if (!platform || platform === field.value) return;
                field.onChange(platform);
                const defaults = platformDefaults(platformFees, platform);
                setValue('commission', defaults.commission, change);
                setValue('closingFee', defaults.closingFee, change);
              }}
            >
              {SIMULATOR_PLATFORMS.map((platform) => (
                <Option key={platform} value={platform}>
                  {t(`common:platforms.${platform}`)}
                </Option>
              ))}
            </Dropdown>
          </Field>
        )}
      />
      <Controller
        control={control}
        name="handling"
        render={({ field }) => {
          const selected = field.value
            ? (choices.find((c) => sameHandling(c.choice, field.value))?.key ?? 'saved')
            : 'none';
          return (
            <Field
              label={t('fields.handling')}
              validationMessage={fieldMessage(formState.errors.handling as FieldError | undefined)}
            >
              <Dropdown
                value={labelOf(selected)}
                selectedOptions={[selected]}
                onBlur={field.onBlur}
                onOptionSelect={(_e, data) =>
                  field.onChange(choices.find((c) => c.key === data.optionValue)?.choice ?? null)
                }
              >
                <Option value="none">{t('fields.handlingNone')}</Option>
                {choices.map((c) => (
                  <Option key={c.key} value={c.key}>
                    {c.label}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          );
        }}
      />
      <TextField
        control={control}
        name="commission"
        label={t('fields.commission')}
        required
        contentAfter="%"
      />
      <TextField
        control={control}
        name="closingFee"
        label={t('fields.closingFee')}
        required
        contentBefore="₹"
      />
    </>
  );
}

/** The target: an amount in yen or a percentage of the price before tax. */
export function TargetFields({ form, targetType }: { form: Form; targetType: TargetType }) {
  const styles = useFieldStyles();
  const { t } = useTranslation('simulator');
  const { control, getValues, trigger } = form;
  return (
    <>
      <Subtitle2 as="h3" className={styles.section}>
        {t('form.sections.target')}
      </Subtitle2>
      <Controller
        control={control}
        name="targetType"
        render={({ field }) => (
          <Field className={styles.wide} label={t('fields.targetType')}>
            <RadioGroup
              layout="horizontal"
              value={field.value}
              onChange={(_e, data) => {
                field.onChange(data.value as TargetType);
                // The value's rule follows its type: check it again.
                if (getValues('targetValue').trim() !== '') void trigger('targetValue');
              }}
            >
              {TARGET_TYPES.map((type) => (
                <Radio
                  key={type}
                  value={type}
                  label={t(type === 'amount' ? 'fields.targetAmount' : 'fields.targetPercentage')}
                />
              ))}
            </RadioGroup>
          </Field>
        )}
      />
      <TextField
        control={control}
        name="targetValue"
        className={styles.wide}
        label={t(targetType === 'amount' ? 'fields.targetValueAmount' : 'fields.targetValuePercentage')}
        required
        {...(targetType === 'amount' ? { contentBefore: '¥' } : { contentAfter: '%' })}
      />
    </>
  );
}
