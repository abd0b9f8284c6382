import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { MESSAGES } from '#shared/messages';
import { boundedText } from '#shared/schemas/auth';
import { resetPassword } from '../../api/auth.api';
import { AppLink } from '../../ui/app-link';
import { useNotify } from '../../ui/notify';
import { EmptyState } from '../../ui/page-state';
import { useErrorText, useFieldMessage } from '../../ui/use-error-text';
import { AuthLayout } from './auth-layout';
import { useFormStyles } from './form-styles';
import { BusySpinner } from '../../ui/busy-spinner';

const resetFormSchema = z
  .object({ password: boundedText, confirmPassword: z.string().min(1, MESSAGES.required) })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordMismatch,
  });
type ResetForm = z.input<typeof resetFormSchema>;

export default function ResetPasswordPage() {
  const styles = useFormStyles();
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const notify = useNotify();
  const fieldMessage = useFieldMessage();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(undefined);
    try {
      await resetPassword(token, password);
      notify.success(t('reset.done'));
      await navigate('/auth/login');
    } catch (error) {
      setFailure(errorText(error));
    }
  });

  return (
    <AuthLayout title={t('reset.title')} subtitle={t('reset.subtitle')}>
      {token ? (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          {failure && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{failure}</MessageBarBody>
            </MessageBar>
          )}
          <Field label={t('fields.password')} validationMessage={fieldMessage(errors.password)}>
            <Input {...register('password')} type="password" autoComplete="new-password" autoFocus />
          </Field>
          <Field label={t('fields.confirmPassword')} validationMessage={fieldMessage(errors.confirmPassword)}>
            <Input {...register('confirmPassword')} type="password" autoComplete="new-password" />
          </Field>
          <Button
            type="submit"
            appearance="primary"
            disabled={isSubmitting}
            icon={isSubmitting ? <BusySpinner /> : undefined}
          >
            {t('reset.submit')}
          </Button>
        </form>
      ) : (
        <EmptyState title={t('reset.missingToken')}>
          <AppLink to="/auth/forgot-password">{t('reset.requestNew')}</AppLink>
        </EmptyState>
      )}
    </AuthLayout>
  );
}
