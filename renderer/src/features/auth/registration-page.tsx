import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Field, Input, Link, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { registrationFormSchema, type RegistrationForm, type RegistrationInput } from '#shared/schemas/auth';
import { register as registerAccount } from '../../api/auth.api';
import { ApiError } from '../../api/http';
import { isDesktop } from '../../platform/platform';
import { AppDialog } from '../../ui/app-dialog';
import { AppLink } from '../../ui/app-link';
import { useLeaveGuard } from '../../ui/leave-guard';
import { useErrorText, useFieldMessage } from '../../ui/use-error-text';
import { AuthLayout } from './auth-layout';
import { useFormStyles } from './form-styles';
import { TermsContent } from './terms-content';
import { useSignIn } from './use-session';
import { BusySpinner } from '../../ui/busy-spinner';

/** The desktop app opens no second window, so there the terms open in a dialog. */
function TermsLink() {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  if (!isDesktop) {
    return (
      <Link href="/terms" target="_blank" rel="noopener noreferrer">
        {t('registration.termsLink')}
      </Link>
    );
  }
  return (
    <>
      <Link as="button" type="button" onClick={() => setOpen(true)}>
        {t('registration.termsLink')}
      </Link>
      <AppDialog
        open={open}
        title={t('terms.title')}
        onClose={() => setOpen(false)}
        closeLabel={t('common:actions.close')}
      >
        <TermsContent />
      </AppDialog>
    </>
  );
}

export default function RegistrationPage() {
  const styles = useFormStyles();
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const fieldMessage = useFieldMessage();
  const errorText = useErrorText();
  const signIn = useSignIn();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<RegistrationForm>({
    resolver: zodResolver(registrationFormSchema),
    defaultValues: { fullname: '', email: '', username: '', password: '', confirmPassword: '' },
  });
  const guard = useLeaveGuard(isDirty);
  const accepted = useWatch({ control, name: 'acceptTerms' }) === true;

  const onSubmit = handleSubmit(async ({ fullname, email, username, password }) => {
    setFailure(undefined);
    const input: RegistrationInput = { fullname, email, username, password };
    // Signed in, the app moves on to the waiting screen: that is leaving on purpose.
    guard.release();
    try {
      const { accessToken, data } = await registerAccount(input);
      // No role yet (unless first account): RequireAuth shows the waiting screen.
      await signIn(accessToken, data);
    } catch (error) {
      guard.rearm();
      // Every failed registration reads like a failed sign-in, so the form never tells
      // whether an email or user name is already taken; an unreachable server says so.
      setFailure(
        error instanceof ApiError && error.status === 0 ? errorText(error) : t('errors:invalidLogin'),
      );
    }
  });

  return (
    <AuthLayout title={t('registration.title')} subtitle={t('registration.subtitle')} wide>
      {guard.prompt}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {failure && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
        )}
        <Field label={t('fields.fullname')} validationMessage={fieldMessage(errors.fullname)}>
          <Input {...register('fullname')} autoComplete="name" autoFocus />
        </Field>
        <Field label={t('fields.email')} validationMessage={fieldMessage(errors.email)}>
          <Input {...register('email')} type="email" autoComplete="email" />
        </Field>
        <Field label={t('fields.username')} validationMessage={fieldMessage(errors.username)}>
          <Input {...register('username')} autoComplete="username" />
        </Field>
        <Field label={t('fields.password')} validationMessage={fieldMessage(errors.password)}>
          <Input {...register('password')} type="password" autoComplete="new-password" />
        </Field>
        <Field label={t('fields.confirmPassword')} validationMessage={fieldMessage(errors.confirmPassword)}>
          <Input {...register('confirmPassword')} type="password" autoComplete="new-password" />
        </Field>
        <Field validationMessage={fieldMessage(errors.acceptTerms)}>
          <Controller
            control={control}
            name="acceptTerms"
            render={({ field }) => (
              <Checkbox
                checked={field.value === true}
                onChange={(_e, data) => field.onChange(data.checked === true ? true : undefined)}
                onBlur={field.onBlur}
                label={
                  <>
                    {t('registration.accept')} <TermsLink />
                  </>
                }
              />
            )}
          />
        </Field>
        <div className={styles.actions}>
          <Button
            className={styles.grow}
            type="submit"
            appearance="primary"
            disabled={!accepted || isSubmitting}
            icon={isSubmitting ? <BusySpinner /> : undefined}
          >
            {t('registration.submit')}
          </Button>
          <Button className={styles.grow} onClick={() => void navigate('/auth/login')}>
            {t('common:actions.cancel')}
          </Button>
        </div>
        <div>
          {t('registration.haveAccount')} <AppLink to="/auth/login">{t('registration.signIn')}</AppLink>
        </div>
      </form>
    </AuthLayout>
  );
}
