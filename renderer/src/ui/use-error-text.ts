import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageParams } from '#shared/messages';
import { ApiError } from '../api/http';
import { translateError, translateMessage, type Translate } from '../i18n/error-message';

/** The text to show for a failed call or a validation message, in the current language. */
export function useErrorText() {
  const { t } = useTranslation('errors');
  return useCallback(
    (error: unknown): string => {
      const translate = t as unknown as Translate;
      if (typeof error === 'string') return translateMessage(translate, error);
      if (error instanceof ApiError) return translateError(translate, error);
      return t('errors:somethingWentWrong');
    },
    [t],
  );
}

/**
 * Translates a react-hook-form error: a MESSAGES text from the shared zod schemas (which
 * answer in those texts even where a schema names none), or a server field error set on the
 * form, which may carry its code.
 */
export function useFieldMessage() {
  const { t } = useTranslation('errors');
  return useCallback(
    (error: { message?: string; code?: string; params?: MessageParams } | undefined): string | undefined =>
      !error?.message
        ? undefined
        : error.code
          ? translateError(t as unknown as Translate, { ...error, message: error.message })
          : translateMessage(t as unknown as Translate, error.message),
    [t],
  );
}
