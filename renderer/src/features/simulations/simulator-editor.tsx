/**
 * The simulator's form and its result side by side. The result follows every keystroke: the
 * values on screen go through the shared model (the function the server computes saved results
 * with), so what is shown is what will be saved. Save asks for nothing more than a name; a
 * reopened simulation is updated in place or saved as a new one.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { SaveRegular, SaveCopyRegular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { HandlingFee } from '#shared/schemas/catalog';
import type { PlatformFee, Simulation } from '#shared/schemas/simulation';
import { useLeaveGuard } from '../../ui/leave-guard';
import { useAppMutation } from '../../ui/use-app-mutation';
import { SimulationResultView } from './simulation-result';
import { createSimulation, updateSimulation, type TodaysRate } from './simulations.api';
import { GoodsFields, PlatformFields, TargetFields, TextField, useFieldStyles } from './simulator-fields';
import { liveResult, simulatorFormSchema, toRequest, type SimulatorFormValues } from './simulator-form';
import { BusySpinner } from '../../ui/busy-spinner';

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
    // A Field is a grid of its own: stretched to a taller neighbour (one with a hint under its
    // input), it shares the extra height among its label, input and message rows and its input
    // grows and drops below the row's other ones.
    alignItems: 'start',
    '@media (max-width: 700px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
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
  const fields = useFieldStyles();
  const { t } = useTranslation('simulator');
  const form = useForm<SimulatorFormValues>({
    resolver: zodResolver(simulatorFormSchema) as never,
    defaultValues: initial,
    mode: 'onChange',
  });
  const {
    control,
    handleSubmit,
    reset,
    formState: { isDirty },
  } = form;
  const values = useWatch({ control }) as SimulatorFormValues;

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
  const submit = (asNew: boolean) => handleSubmit((form) => save.mutate({ form, asNew }));

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
            className={fields.wide}
            label={t('fields.name')}
            hint={t('fields.nameHint')}
            required
            inputMode="text"
          />
          <GoodsFields form={form} todaysRate={todaysRate} />
          <PlatformFields
            form={form}
            platformFees={platformFees}
            handlingFees={handlingFees}
            savedHandling={initial.handling}
          />
          <TargetFields form={form} targetType={values.targetType} />
          <div className={`${styles.actions} ${fields.wide}`}>
            <Button
              type="submit"
              appearance="primary"
              disabled={save.isPending}
              icon={save.isPending ? <BusySpinner /> : <SaveRegular />}
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
        <SimulationResultView
          live={liveResult(values)}
          quantity={values.quantity}
          rate={values.exchangeRate}
        />
      </Card>
    </div>
  );
}
