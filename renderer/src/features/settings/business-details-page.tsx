/**
 * Settings → Business details (administrators): the business as the customs papers print it,
 * the exporter of every commercial invoice and packing list. Checked by the shared schema (its
 * messages are the server's); a refusal of the server lands on its field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Caption1, Field, Input, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  businessDetailsInputSchema,
  type BusinessDetails,
  type BusinessDetailsInput,
} from '#shared/schemas/shipment-documents';
import { ApiError } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { BusySpinner } from '../../ui/busy-spinner';
import { useLeaveGuard } from '../../ui/leave-guard';
import { ErrorState, ForbiddenState, LoadingState } from '../../ui/page-state';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useFieldMessage } from '../../ui/use-error-text';
import { useCurrentUser } from '../auth/current-user';
import { fetchBusinessDetails, saveBusinessDetails } from './business-details.api';

const FIELDS = ['name', 'address', 'phone', 'email', 'taxId'] as const;
type Values = Required<{ [K in (typeof FIELDS)[number]]: string }>;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '560px' },
  hint: { color: tokens.colorNeutralForeground3 },
  submit: { alignSelf: 'flex-start', minWidth: '120px' },
});

const valuesOf = (saved: BusinessDetails): Values => ({
  name: saved.name,
  address: saved.address,
  phone: saved.phone,
  email: saved.email,
  taxId: saved.taxId,
});

export default function BusinessDetailsPage() {
  if (useCurrentUser().role !== 'admin') return <ForbiddenState />;
  return <BusinessDetailsScreen />;
}

function BusinessDetailsScreen() {
  const saved = useQuery({ queryKey: queryKeys.businessDetails, queryFn: fetchBusinessDetails });
  if (saved.isPending) return <LoadingState />;
  if (saved.isError) return <ErrorState error={saved.error} onRetry={() => void saved.refetch()} />;
  return <BusinessDetailsForm saved={saved.data} />;
}

function BusinessDetailsForm({ saved }: { saved: BusinessDetails }) {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  const fieldMessage = useFieldMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<Values, unknown, BusinessDetailsInput>({
    resolver: zodResolver(businessDetailsInputSchema) as never,
    defaultValues: valuesOf(saved),
  });
  const guard = useLeaveGuard(isDirty);
  // The saved details become the form's new starting point, so leaving no longer asks.
  useEffect(() => reset(valuesOf(saved)), [saved, reset]);

  const save = useAppMutation({
    mutationFn: saveBusinessDetails,
    success: t('business.saved'),
    invalidate: (client) => client.invalidateQueries({ queryKey: queryKeys.businessDetails }),
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      for (const e of error.errors) {
        if (!(FIELDS as readonly string[]).includes(e.field)) continue;
        setError(e.field as Path<Values>, {
          type: e.code ?? 'server',
          message: e.message,
          ...({ code: e.code, params: e.params } as object),
        });
      }
    },
  });

  const field = (name: (typeof FIELDS)[number], required: boolean, multiline = false) => {
    const { ref, ...rest } = register(name);
    return (
      <Field
        label={t(`business.fields.${name}`)}
        required={required}
        validationMessage={fieldMessage(errors[name])}
        hint={name === 'taxId' ? t('business.taxIdHint') : undefined}
      >
        {multiline ? (
          <Textarea ref={ref} {...rest} rows={4} resize="vertical" />
        ) : (
          <Input ref={ref} {...rest} />
        )}
      </Field>
    );
  };

  return (
    <form
      className={styles.form}
      aria-label={t('business.formLabel')}
      noValidate
      onSubmit={(event) => void handleSubmit((body) => save.mutate(body))(event)}
    >
      {guard.prompt}
      <Caption1 className={styles.hint}>{t('business.intro')}</Caption1>
      {field('name', true)}
      {field('address', true, true)}
      {field('phone', true)}
      {field('email', true)}
      {field('taxId', false)}
      <Button
        className={styles.submit}
        type="submit"
        appearance="primary"
        icon={save.isPending ? <BusySpinner /> : <SaveRegular />}
        disabled={save.isPending}
      >
        {t('business.save')}
      </Button>
    </form>
  );
}
