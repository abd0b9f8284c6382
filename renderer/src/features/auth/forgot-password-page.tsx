import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { forgotPasswordInputSchema } from '#shared/schemas/auth';
import { forgotPassword } from '../../api/auth.api';
import { ApiError } from '../../api/http';
import { useNotify } from '../../ui/notify';
import { useErrorText, useFieldMessage } from '../../ui/use-error-text';
import { AuthLayout } from './auth-layout';
import { useFormStyles } from './form-styles';
import { BusySpinner } from '../../ui/busy-spinner';

type ForgotForm = z.input<typeof forgotPasswordInputSchema>;

export default function ForgotPasswordPage() {
  const styles = useFormStyles();
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const notify = useNotify();
  const fieldMessage = useFieldMessage();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotForm>({ resolver: zodResolver(forgotPasswordInputSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(undefined);
    try {
      await forgotPassword(email);
      notify.success(t('forgot.sent', { email }));
      await navigate('/auth');
    } catch (error) {
      // The not-found message names the email, in the user's language.
      setFailure(
        error instanceof ApiError && error.status === 404
          ? t('errors:emailNotFound', { email })
          : errorText(error),
      );
    }
  });

  return (
    <AuthLayout title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {failure && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
        )}
        <Field label={t('fields.email')} validationMessage={fieldMessage(errors.email)}>
          <Input {...register('email')} type="email" autoComplete="email" autoFocus />
        </Field>
        <div className={styles.actions}>
          <Button
            className={styles.grow}
            type="submit"
            appearance="primary"
            disabled={isSubmitting}
            icon={isSubmitting ? <BusySpinner /> : undefined}
          >
            {t('forgot.submit')}
          </Button>
          <Button className={styles.grow} onClick={() => void navigate('/auth')}>
            {t('common:actions.cancel')}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
