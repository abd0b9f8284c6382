/** The add form of every settings sub-screen, driven by the resource's config. */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Body1,
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  Select,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useEffect, useId, useMemo } from 'react';
import { Controller, useForm, useWatch, type Control, type DefaultValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HANDLING_FEE_TYPES } from '#shared/constants';
import { DateField } from '../../ui/date-field';
import { businessToday } from '../../ui/date-text';
import { useLeaveGuard } from '../../ui/leave-guard';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useErrorText } from '../../ui/use-error-text';
import { useConfig } from '../shell/use-config';
import type { FormFieldKind, SettingsResource, SettingsRow } from './settings-resource';
import { invalidateSaved } from './settings-table';
import { createSetting } from './settings.api';
import { BusySpinner } from '../../ui/busy-spinner';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  submit: { alignSelf: 'flex-start', minWidth: '120px' },
  unit: { color: tokens.colorNeutralForeground3 },
  help: { color: tokens.colorNeutralForeground3 },
});

/** The form's starting values: date fields start at today in the business's time zone. */
function useFormDefaults<Values extends Record<string, string>>(form: {
  defaults: Values;
  fields: readonly { name: string; kind: FormFieldKind }[];
}) {
  const today = businessToday(useConfig().data?.timeZone);
  return useMemo(() => {
    const values: Record<string, string> = { ...form.defaults };
    for (const field of form.fields) if (field.kind === 'date') values[field.name] = today;
    return values as DefaultValues<Values>;
  }, [form, today]);
}

/**
 * One field's input. Fluent's inputs keep their own state, so they are controlled: reset()
 * must reach them.
 */
function SettingsControl<Values extends Record<string, string>, Body>({
  control,
  name,
  fieldKind,
  unit,
  placeholder,
  feeType,
}: {
  control: Control<Values, unknown, Body>;
  name: Path<Values>;
  fieldKind: Exclude<FormFieldKind, 'date'>;
  /** The unit a decimal is in; else the handling charge's type says. */
  unit?: string;
  placeholder: string;
  feeType: string | undefined;
}) {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  // Keys built from generic field names are plain strings to i18next's types.
  const text = (key: string) => t(key);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur } }) => {
        const common = { ref, name, onBlur, value: String(value) };
        switch (fieldKind) {
          case 'text':
            return (
              <Input {...common} onChange={(_e, data) => onChange(data.value)} placeholder={placeholder} />
            );
          case 'feeType':
            return (
              <Select {...common} onChange={(_e, data) => onChange(data.value)}>
                <option value="">{t('types.placeholder')}</option>
                {HANDLING_FEE_TYPES.map((choice) => (
                  <option key={choice} value={choice}>
                    {t(`types.${choice}`)}
                  </option>
                ))}
              </Select>
            );
          case 'decimal':
            return (
              <Input
                {...common}
                onChange={(_e, data) => onChange(data.value)}
                inputMode="decimal"
                placeholder={placeholder}
                contentAfter={
                  unit ? (
                    <span className={styles.unit}>{text(`units.${unit}`)}</span>
                  ) : feeType === 'percentage' || feeType === 'amount' ? (
                    <span className={styles.unit}>{t(`units.${feeType}`)}</span>
                  ) : undefined
                }
              />
            );
        }
      }}
    />
  );
}

export function SettingsAddForm<Row extends SettingsRow, Values extends Record<string, string>, Body>({
  resource,
}: {
  resource: SettingsResource<Row, Values, Body>;
}) {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  const message = useErrorText();
  const { kind, form } = resource;
  // Keys built from generic field names are plain strings to i18next's types.
  const text = (key: string) => t(key);
  const defaults = useFormDefaults(form);
  const {
    handleSubmit,
    reset,
    control,
    formState: { errors, isDirty },
  } = useForm<Values, unknown, Body>({
    resolver: zodResolver(form.schema, { error: form.errors }),
    defaultValues: defaults,
  });
  // The business's zone arrives after the first render, or the day turns: an untouched form
  // follows (reset also makes these the values the next reset returns to).
  useEffect(() => {
    if (!isDirty) reset(defaults);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new today moves the defaults
  }, [defaults]);
  // Only the handling-charge form has a type; its unit follows the choice.
  const type = useWatch({ control, name: 'type' as Path<Values> }) as string | undefined;

  const guard = useLeaveGuard(isDirty);
  const helpId = useId();

  const add = useAppMutation({
    mutationFn: (body: Body) => (form.create ? form.create(body) : createSetting(resource, body)),
    success: t(`${kind}.added`),
    invalidate: (queryClient) => invalidateSaved(queryClient, resource),
    onSuccess: () => reset(defaults),
    // The server's message in a warning toast; what was typed stays.
    failureTone: 'warning',
  });

  const onSubmit = handleSubmit((body) => add.mutate(body));

  const fieldError = (name: string) => {
    const error = (errors as Record<string, { message?: string } | undefined>)[name]?.message;
    return error ? message(error) : undefined;
  };

  return (
    <Card className={styles.card}>
      {guard.prompt}
      <Subtitle2 as="h2">{t(`${kind}.addTitle`)}</Subtitle2>
      <form
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label={t(`${kind}.addTitle`)}
        aria-describedby={form.help ? helpId : undefined}
      >
        {form.help && (
          <Body1 id={helpId} className={styles.help}>
            {text(`${kind}.help`)}
          </Body1>
        )}
        {form.fields.map(({ name, kind: fieldKind, unit }) =>
          fieldKind === 'date' ? (
            // The shared date field brings its own Field (label, message) and the user's format.
            <Controller
              key={name}
              control={control}
              name={name as Path<Values>}
              render={({ field: { value, onChange, onBlur } }) => (
                <DateField
                  label={text(`${kind}.labels.${name}`)}
                  required
                  value={value as string | null}
                  onChange={onChange}
                  onBlur={onBlur}
                  validationMessage={fieldError(name)}
                />
              )}
            />
          ) : (
            <Field
              key={name}
              label={text(`${kind}.labels.${name}`)}
              required
              validationMessage={fieldError(name)}
            >
              <SettingsControl
                control={control}
                name={name as Path<Values>}
                fieldKind={fieldKind}
                unit={unit}
                placeholder={text(`${kind}.placeholders.${name}`)}
                feeType={type}
              />
            </Field>
          ),
        )}
        <Button
          className={styles.submit}
          type="submit"
          appearance="primary"
          disabled={add.isPending}
          icon={add.isPending ? <BusySpinner /> : <AddRegular />}
        >
          {t('form.submit')}
        </Button>
      </form>
    </Card>
  );
}
