import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http';
import { translateMessage } from '../i18n/error-message';

/** The text to show for a failed call or a validation message, in the current language. */
export function useErrorText() {
  const { t } = useTranslation('errors');
  return useCallback(
    (error: unknown): string => {
      if (typeof error === 'string') return translateMessage(t, error);
      if (error instanceof ApiError) return translateMessage(t, error.message);
      return t('errors:somethingWentWrong');
    },
    [t],
  );
}

/** Translates a react-hook-form error (a MESSAGES text from the shared zod schemas). */
export function useFieldMessage() {
  const { t } = useTranslation('errors');
  return useCallback(
    (error: { message?: string } | undefined): string | undefined =>
      error?.message ? translateMessage(t, error.message) : undefined,
    [t],
  );
}
