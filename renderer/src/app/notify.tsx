/**
 * Toasts for every screen, from one host in the bottom-end corner, where they cover no
 * navigation. The host shows three at most (the rest wait their turn); a message already
 * on screen is not shown twice; errors stay until dismissed, the others hide after 6 s.
 */
import {
  Button,
  Toast,
  Toaster,
  ToastTitle,
  ToastTrigger,
  useToastController,
  type ToastIntent,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '#shared/constants';
import { TOAST_LIMIT, toastOptions } from './toast-policy';

export const TOASTER_ID = 'kura-toaster';

export interface Notify {
  success(text: string): void;
  error(text: string): void;
  warning(text: string): void;
  info(text: string): void;
}

/** Placed once, at the root of the app. */
export function ToastHost() {
  return (
    <Toaster
      toasterId={TOASTER_ID}
      position="bottom-end"
      limit={TOAST_LIMIT}
      pauseOnHover
      pauseOnWindowBlur
    />
  );
}

function DismissButton() {
  const { t } = useTranslation('common');
  return (
    <ToastTrigger>
      <Button
        appearance="transparent"
        size="small"
        icon={<DismissRegular />}
        aria-label={t('toast.dismiss')}
      />
    </ToastTrigger>
  );
}

export function useNotify(): Notify {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useMemo(() => {
    const show = (intent: ToastIntent) => (text: string) => {
      const { toastId, timeout, politeness } = toastOptions(intent, text, TIMINGS.toastMs);
      dispatchToast(
        <Toast>
          <ToastTitle action={<DismissButton />}>{text}</ToastTitle>
        </Toast>,
        { intent, toastId, timeout, politeness },
      );
    };
    return { success: show('success'), error: show('error'), warning: show('warning'), info: show('info') };
  }, [dispatchToast]);
}
