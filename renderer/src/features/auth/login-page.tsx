import { Button, Field, Input } from '@fluentui/react-components';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '#shared/constants';
import { ApiError } from '../../api/http';
import { loadQueryClient } from '../../app/query-client-loader';
import { translateMessage, type Translate } from '../../i18n/error-message';
import { loadAllTexts } from '../../i18n/i18n';
import { isDesktop } from '../../platform/platform';
import { AppLink } from '../../ui/app-link';
import { useErrorText } from '../../ui/use-error-text';
import { whenIdle } from '../../ui/when-idle';
import { AuthLayout } from './auth-layout';
import { useFormStyles } from './form-styles';
import { preloadSignedIn } from './guards';
import { checkLogin, type LoginErrors, type LoginValues } from './login-check';
import { useSignIn } from './use-session';
import { BusySpinner } from '../../ui/busy-spinner';

// Only the desktop app can change its connection; browsers never load this chunk.
const ConnectionPicker = lazy(() => import('./connection-picker'));
const SignInFailure = lazy(() => import('./sign-in-failure'));

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The auth calls parse answers with the shared schemas: the form is usable before they have
 * loaded, and they are fetched as soon as it is on screen (the submit awaits the same import).
 */
const loadAuthApi = () => import('../../api/auth.api');

export default function LoginPage() {
  const styles = useFormStyles();
  const { t } = useTranslation('auth');
  const { t: tError } = useTranslation('errors');
  const errorText = useErrorText();
  const signIn = useSignIn();
  const [failure, setFailure] = useState<string>();
  // A plain controlled form: the sign-in screen loads no form library.
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  useEffect(() => {
    // Once the form is on screen: what signing in and the screens after it will need.
    whenIdle(() => {
      void loadAllTexts().catch(() => {});
      void loadAuthApi().catch(() => {});
      void loadQueryClient().catch(() => {});
      void preloadSignedIn().catch(() => {});
      void import('./sign-in-failure').catch(() => {});
    });
  }, []);

  const change = (field: keyof LoginValues) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // After a first attempt the messages follow the typing, as on every other form.
    if (submitted) setErrors(checkLogin(next).errors);
  };
  const fieldMessage = (message: string | undefined) =>
    message ? translateMessage(tError as unknown as Translate, message) : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const checked = checkLogin(values);
    setErrors(checked.errors);
    const firstInvalid = (['email', 'password'] as const).find((field) => checked.errors[field]);
    if (firstInvalid) {
      const form = event.currentTarget as HTMLFormElement;
      (form.elements.namedItem(firstInvalid) as HTMLInputElement | null)?.focus();
      return;
    }
    setFailure(undefined);
    setSubmitting(true);
    try {
      const { login } = await loadAuthApi();
      const { token, data } = await login(checked.values);
      // GuestOnly sends the now signed-in user on to /.
      await signIn(token, data);
    } catch (error) {
      // The message appears after about a second, whatever the cause.
      await delay(TIMINGS.loginDelayMs);
      const wrongCredentials = error instanceof ApiError && error.status === 401;
      setFailure(wrongCredentials ? t('errors:invalidLogin') : errorText(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t('login.title')}>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        {isDesktop && (
          <Suspense>
            <ConnectionPicker />
          </Suspense>
        )}
        {failure && (
          <Suspense>
            <SignInFailure text={failure} />
          </Suspense>
        )}
        <Field label={t('fields.email')} validationMessage={fieldMessage(errors.email)}>
          <Input
            name="email"
            value={values.email}
            onChange={change('email')}
            type="email"
            autoComplete="username"
            autoFocus
          />
        </Field>
        <Field label={t('fields.password')} validationMessage={fieldMessage(errors.password)}>
          <Input
            name="password"
            value={values.password}
            onChange={change('password')}
            type="password"
            autoComplete="current-password"
          />
        </Field>
        <div className={styles.links}>
          <AppLink to="/auth/forgot-password">{t('login.forgot')}</AppLink>
        </div>
        <Button
          type="submit"
          appearance="primary"
          disabled={isSubmitting}
          icon={isSubmitting ? <BusySpinner /> : undefined}
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
