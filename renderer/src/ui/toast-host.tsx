/**
 * The toast host and the toasts' look: Fluent's Toaster is a chunk of its own, mounted by
 * notify.tsx after the first screen; calls made before it is there wait for it.
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
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '#shared/constants';
import { hostMounted, TOASTER_ID } from './notify';
import { TOAST_LIMIT, toastOptions } from './toast-policy';

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

/** Placed once, at the root of the app. */
export default function ToastHost() {
  const { dispatchToast } = useToastController(TOASTER_ID);
  useEffect(
    () =>
      hostMounted((intent: ToastIntent, text: string) => {
        const { toastId, timeout, politeness } = toastOptions(intent, text, TIMINGS.toastMs);
        dispatchToast(
          <Toast>
            <ToastTitle action={<DismissButton />}>{text}</ToastTitle>
          </Toast>,
          { intent, toastId, timeout, politeness },
        );
      }),
    [dispatchToast],
  );
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
