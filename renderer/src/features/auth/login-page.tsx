import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '#shared/constants';
import { loginInputSchema, type LoginInput } from '#shared/schemas/auth';
import { login } from '../../api/auth.api';
import { ApiError } from '../../api/http';
import { AppLink } from '../../app/app-link';
import { useErrorText, useFieldMessage } from '../../app/use-error-text';
import { isDesktop } from '../../platform/platform';
import { AuthLayout } from './auth-layout';
import { useFormStyles } from './form-styles';
import { useSignIn } from './use-session';

// Only the desktop app can change its connection; browsers never load this chunk.
const ConnectionPicker = lazy(() => import('./connection-picker'));

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function LoginPage() {
  const styles = useFormStyles();
  const { t } = useTranslation('auth');
  const fieldMessage = useFieldMessage();
  const errorText = useErrorText();
  const signIn = useSignIn();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const { token, data } = await login(values);
      // GuestOnly sends the now signed-in user on to /.
      await signIn(token, data);
    } catch (error) {
      // The message appears after about a second, whatever the cause.
      await delay(TIMINGS.loginDelayMs);
      const wrongCredentials = error instanceof ApiError && error.status === 401;
      setFailure(wrongCredentials ? t('errors:invalidLogin') : errorText(error));
    }
  });

  return (
    <AuthLayout title={t('login.title')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {isDesktop && (
          <Suspense>
            <ConnectionPicker />
          </Suspense>
        )}
        {failure && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
        )}
        <Field label={t('fields.email')} validationMessage={fieldMessage(errors.email)}>
          <Input {...register('email')} type="email" autoComplete="username" autoFocus />
        </Field>
        <Field label={t('fields.password')} validationMessage={fieldMessage(errors.password)}>
          <Input {...register('password')} type="password" autoComplete="current-password" />
        </Field>
        <div className={styles.links}>
          <AppLink to="/auth/forgot-password">{t('login.forgot')}</AppLink>
        </div>
        <Button
          type="submit"
          appearance="primary"
          disabled={isSubmitting}
          icon={isSubmitting ? <Spinner size="tiny" /> : undefined}
        >
          {t('login.submit')}
        </Button>
        <div>
          {t('login.noAccount')} <AppLink to="/auth/registration">{t('login.register')}</AppLink>
        </div>
      </form>
    </AuthLayout>
  );
}
