import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { useErrorText } from '../../app/use-error-text';

/**
 * Two texts the shared settings schemas and the server send that are not in MESSAGES (so the
 * errors namespace cannot translate them); this screen translates them itself.
 */
const OWN_TEXTS: Record<string, string> = {
  'A percentage cannot exceed 100': 'messages.percentOver100',
  'Maximum 200 symbols': 'messages.max200',
};

/** The text to show for a failed call or a validation message, in the reader's language. */
export function useSettingsMessage() {
  const { t } = useTranslation('setting');
  const errorText = useErrorText();
  return useCallback(
    (error: unknown): string => {
      const text = error instanceof ApiError ? error.message : typeof error === 'string' ? error : undefined;
      const own = text === undefined ? undefined : OWN_TEXTS[text];
      return own ? t(own) : errorText(error);
    },
    [t, errorText],
  );
}
