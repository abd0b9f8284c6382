/**
 * The simulator's form and its result side by side. The result follows every keystroke: the
 * values on screen go through the shared model (the function the server computes saved results
 * with), so what is shown is what will be saved. Save asks for nothing more than a name; a
 * reopened simulation is updated in place or saved as a new one.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Radio,
  RadioGroup,
  Spinner,
  Subtitle1,
  Subtitle2,
  tokens,
  type InputProps,
} from '@fluentui/react-components';
import { SaveRegular, SaveCopyRegular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SIMULATOR_PLATFORMS, TARGET_TYPES, type TargetType } from '#shared/domain/simulator';
import type { HandlingFee } from '#shared/schemas/catalog';
import type { PlatformFee, Simulation } from '#shared/schemas/simulation';
import { useLeaveGuard } from '../../ui/leave-guard';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useFieldMessage } from '../../ui/use-error-text';
import { useProductName } from '../products/product-name';
import { ProductPicker } from '../products/product-picker';
import { SimulationResultView, useSimulatorMoney } from './simulation-result';
import {
  handlingChoiceOf,
  liveResult,
  platformDefaults,
  sameHandling,
  simulatorFormSchema,
  toRequest,
  type HandlingChoice,
  type SimulatorFormValues,
} from './simulator-form';
import { createSimulation, updateSimulation, type TodaysRate } from './simulator.api';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 3fr) minmax(320px, 2fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM, minWidth: 0 },
  resultCard: {
    padding: tokens.spacingHorizontalXL,
    gap: tokens.spacingVerticalM,
    position: 'sticky',
    top: tokens.spacingVerticalL,
    minWidth: 0,
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
    '@media (max-width: 700px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  wide: { gridColumn: '1 / -1' },
  section: { gridColumn: '1 / -1', marginTop: tokens.spacingVerticalS },
  input: { width: '100%', minWidth: 0 },
  actions: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
    marginTop: tokens.spacingVerticalM,
  },
});

export interface SimulatorEditorProps {
  initial: SimulatorFormValues;
  /** The saved simulation being edited; null for a new one. */
  simulation: Simulation | null;
  platformFees: readonly PlatformFee[];
  handlingFees: readonly HandlingFee[];
  todaysRate: TodaysRate | null;
  onDirtyChange: (dirty: boolean) => void;
  /** After a save: the simulation as the server stored it, and the product the form held. */
  onSaved: (simulation: Simulation, values: SimulatorFormValues, created: boolean) => void;
}

type TextName =
  | 'name'
  | 'purchasePrice'
  | 'quantity'
  | 'exchangeRate'
  | 'shippingCost'
  | 'customsDuty'
  | 'commission'
  | 'closingFee'
  | 'targetValue';

/** One text input of the form, controlled (inputs filled by the form show what it holds). */
function TextField({
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
  const styles = useStyles();
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

export function SimulatorEditor({
  initial,
  simulation,
  platformFees,
  handlingFees,
  todaysRate,
  onDirtyChange,
  onSaved,
}: SimulatorEditorProps) {
  const styles = useStyles();
  const { t } = useTranslation('simulator');
  const fieldMessage = useFieldMessage();
  const money = useSimulatorMoney();
  const productName = useProductName();
  const {
    control,
    handleSubmit,
    setValue,
    getValues,
    reset,
    trigger,
    formState: { errors, isDirty },
  } = useForm<SimulatorFormValues>({
    resolver: zodResolver(simulatorFormSchema) as never,
    defaultValues: initial,
    mode: 'onChange',
  });
  const values = useWatch({ control }) as SimulatorFormValues;
  const live = liveResult(values);

  const save = useAppMutation({
    mutationFn: async ({ form, asNew }: { form: SimulatorFormValues; asNew: boolean }) => {
      const body = toRequest(form);
      const saved =
        simulation && !asNew ? await updateSimulation(simulation._id, body) : await createSimulation(body);
      return { saved, form, created: !simulation || asNew };
    },
    success: ({ saved, created }) => t(created ? 'toasts.created' : 'toasts.updated', { name: saved.name }),
    onSuccess: ({ saved, form, created }) => {
      // What was saved is the form's new starting point: nothing is unsaved any more.
      reset({ ...form, name: saved.name });
      onSaved(saved, form, created);
    },
  });

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const guard = useLeaveGuard(isDirty && !save.isPending);

  const change = { shouldDirty: true, shouldValidate: true } as const;
  const submit = (asNew: boolean) => handleSubmit((form) => save.mutate({ form, asNew }));

  // The handling charges on offer: the settings', and the saved one when it differs from them all.
  const choices: { key: string; choice: HandlingChoice; label: string }[] = handlingFees.map((fee) => ({
    key: fee._id,
    choice: handlingChoiceOf(fee),
    label: t('fields.handlingOption', { title: fee.title, value: handlingText(handlingChoiceOf(fee)) }),
  }));
  if (initial.handling && !choices.some((c) => sameHandling(c.choice, initial.handling))) {
    choices.push({
      key: 'saved',
      choice: initial.handling,
      label: t('fields.handlingSaved', { value: handlingText(initial.handling) }),
    });
  }
  const selectedHandling = values.handling
    ? (choices.find((c) => sameHandling(c.choice, values.handling))?.key ?? 'saved')
    : 'none';

  function handlingText(choice: HandlingChoice) {
    return choice.type === 'percentage' ? `${choice.value}%` : money(Number(choice.value), 'JPY');
  }

  const rateHint = todaysRate
    ? todaysRate.date
      ? t('fields.rateToday', { date: todaysRate.date, rate: todaysRate.rate })
      : t('fields.rateTodayUndated', { rate: todaysRate.rate })
    : t('fields.rateNone');
  const targetType = values.targetType;

  return (
    <div className={styles.layout}>
      <Card className={styles.card}>
        <Subtitle1 as="h2">
          {simulation ? t('form.editHeading', { name: simulation.name }) : t('form.newHeading')}
        </Subtitle1>
        <form
          noValidate
          aria-label={t('title')}
          onSubmit={(event) => void submit(false)(event)}
          className={styles.grid}
        >
          {guard.prompt}
          <TextField
            control={control}
            name="name"
            className={styles.wide}
            label={t('fields.name')}
            hint={t('fields.nameHint')}
            required
            inputMode="text"
          />
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
            render={({ field }) => (
              <Field
                label={t('fields.handling')}
                validationMessage={fieldMessage(errors.handling as FieldError | undefined)}
              >
                <Dropdown
                  value={
                    selectedHandling === 'none'
                      ? t('fields.handlingNone')
                      : (choices.find((c) => c.key === selectedHandling)?.label ?? '')
                  }
                  selectedOptions={[selectedHandling]}
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
            )}
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
          <div className={`${styles.actions} ${styles.wide}`}>
            <Button
              type="submit"
              appearance="primary"
              disabled={save.isPending}
              icon={save.isPending ? <Spinner size="tiny" /> : <SaveRegular />}
            >
              {simulation ? t('actions.update') : t('actions.save')}
            </Button>
            {simulation && (
              <Button
                type="button"
                disabled={save.isPending}
                icon={<SaveCopyRegular />}
                onClick={(event) => void submit(true)(event)}
              >
                {t('actions.saveAsNew')}
              </Button>
            )}
          </div>
        </form>
      </Card>
      <Card className={styles.resultCard} role="region" aria-label={t('result.heading')}>
        <Subtitle1 as="h2">{t('result.heading')}</Subtitle1>
        <SimulationResultView live={live} quantity={values.quantity} rate={values.exchangeRate} />
      </Card>
    </div>
  );
}
