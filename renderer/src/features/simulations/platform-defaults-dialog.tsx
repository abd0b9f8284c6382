/**
 * The administrators' dialog for the simulator's per-platform defaults: the commission and
 * closing fee a new simulation (or a change of platform) starts with. Each platform whose values
 * changed is saved; the dialog stays open with what was typed when the server refuses.
 */
import { Caption1, Field, Input, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '#shared/messages';
import {
  readDecimal,
  SIMULATION_RULES,
  SIMULATOR_PLATFORMS,
  type SimulatorPlatform,
} from '#shared/domain/simulator';
import type { PlatformFee } from '#shared/schemas/simulation';
import { invalidate } from '../../api/query-keys';
import { AppDialog } from '../../ui/app-dialog';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useDateDisplay } from '../../ui/use-date-display';
import { useFieldMessage } from '../../ui/use-error-text';
import { savePlatformFee } from './simulations.api';

const useStyles = makeStyles({
  surface: { width: '560px' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  intro: { color: tokens.colorNeutralForeground2 },
  platform: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    border: 'none',
  },
  legend: { gridColumn: '1 / -1', padding: 0, display: 'flex', alignItems: 'baseline', gap: '8px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

type Values = Record<SimulatorPlatform, { commission: string; closingFee: string }>;
type Problems = Partial<Record<`${SimulatorPlatform}.${'commission' | 'closingFee'}`, string>>;

export function PlatformDefaultsDialog({
  fees,
  onClose,
}: {
  fees: readonly PlatformFee[];
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('simulator');
  const fieldMessage = useFieldMessage();
  const dates = useDateDisplay();
  const queryClient = useQueryClient();
  const initial = Object.fromEntries(
    SIMULATOR_PLATFORMS.map((platform) => {
      const fee = fees.find((f) => f.platformCode === platform);
      return [
        platform,
        { commission: String(fee?.commissionPercent ?? 0), closingFee: String(fee?.closingFee ?? 0) },
      ];
    }),
  ) as Values;
  const [values, setValues] = useState<Values>(initial);
  const [problems, setProblems] = useState<Problems>({});
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  const save = useAppMutation({
    mutationFn: async (changed: [SimulatorPlatform, { commissionPercent: string; closingFee: string }][]) => {
      for (const [platform, body] of changed) await savePlatformFee(platform, body);
    },
    success: t('defaults.saved'),
    invalidate: invalidate.platformFees,
    onSuccess: onClose,
    // Some platforms may have been saved before the one that failed.
    onError: () => invalidate.platformFees(queryClient),
  });

  const submit = () => {
    const found: Problems = {};
    const changed: [SimulatorPlatform, { commissionPercent: string; closingFee: string }][] = [];
    for (const platform of SIMULATOR_PLATFORMS) {
      const commission = readDecimal(values[platform].commission, SIMULATION_RULES.commission);
      const closingFee = readDecimal(values[platform].closingFee, SIMULATION_RULES.closingFee);
      if (!commission.ok) found[`${platform}.commission`] = formatMessage(commission.code, commission.params);
      if (!closingFee.ok) found[`${platform}.closingFee`] = formatMessage(closingFee.code, closingFee.params);
      if (!commission.ok || !closingFee.ok) continue;
      const before = fees.find((f) => f.platformCode === platform);
      if (
        before?.updatedAt &&
        Number(commission.text) === before.commissionPercent &&
        Number(closingFee.text) === before.closingFee
      ) {
        continue;
      }
      changed.push([platform, { commissionPercent: commission.text, closingFee: closingFee.text }]);
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (changed.length === 0) onClose();
    else save.mutate(changed);
  };

  const set = (platform: SimulatorPlatform, field: 'commission' | 'closingFee', text: string) =>
    setValues((current) => ({ ...current, [platform]: { ...current[platform], [field]: text } }));

  return (
    <AppDialog
      open
      title={t('defaults.title')}
      className={styles.surface}
      contentClassName={styles.content}
      onClose={onClose}
      dirty={dirty}
      busy={save.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      primary={{ label: t('common:actions.save') }}
    >
      <Caption1 className={styles.intro}>{t('defaults.intro')}</Caption1>
      {SIMULATOR_PLATFORMS.map((platform) => {
        const fee = fees.find((f) => f.platformCode === platform);
        return (
          <fieldset key={platform} className={styles.platform}>
            <legend className={styles.legend}>
              <Subtitle2>{t(`common:platforms.${platform}`)}</Subtitle2>
              <Caption1 className={styles.muted}>
                {fee?.updatedAt
                  ? t('defaults.lastSet', { date: dates.dateTime(fee.updatedAt) })
                  : t('defaults.neverSet')}
              </Caption1>
            </legend>
            <Field
              label={t('defaults.commission')}
              validationMessage={fieldMessage({ message: problems[`${platform}.commission`] })}
            >
              <Input
                inputMode="decimal"
                contentAfter="%"
                value={values[platform].commission}
                onChange={(_e, data) => set(platform, 'commission', data.value)}
              />
            </Field>
            <Field
              label={t('defaults.closingFee')}
              validationMessage={fieldMessage({ message: problems[`${platform}.closingFee`] })}
            >
              <Input
                inputMode="decimal"
                contentBefore="₹"
                value={values[platform].closingFee}
                onChange={(_e, data) => set(platform, 'closingFee', data.value)}
              />
            </Field>
          </fieldset>
        );
      })}
    </AppDialog>
  );
}
