import { Toast, ToastTitle, useToastController, type ToastIntent } from '@fluentui/react-components';
import { useMemo } from 'react';
import { TIMINGS } from '#shared/constants';

export const TOASTER_ID = 'kura-toaster';

export interface Notify {
  success(text: string): void;
  error(text: string): void;
  warning(text: string): void;
  info(text: string): void;
}

/** Toasts for every screen: one toaster at the root, auto-hiding after 6 s (SPEC §8). */
export function useNotify(): Notify {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useMemo(() => {
    const show = (intent: ToastIntent) => (text: string) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{text}</ToastTitle>
        </Toast>,
        { intent, timeout: TIMINGS.toastMs, politeness: intent === 'error' ? 'assertive' : 'polite' },
      );
    return { success: show('success'), error: show('error'), warning: show('warning'), info: show('info') };
  }, [dispatchToast]);
}
