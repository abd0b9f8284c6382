/**
 * The offline cache for the screens: whether the team server is out of reach, main's state and
 * the customs outbox, and the one way a write control says it is off while offline. Screens
 * that work offline (shipments, orders, products) spread `writeProps` into each write control
 * but customs entry.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isOffline, offlineSnapshot, subscribeOffline } from '../api/offline';

export interface WriteControlProps {
  disabled?: boolean;
  title?: string;
}

export function useOffline() {
  const { t } = useTranslation('errors');
  const { state, outbox } = useSyncExternalStore(subscribeOffline, offlineSnapshot);
  const offline = isOffline(state);
  const reason = t('errors:offline');
  return useMemo(
    () => ({
      state,
      outbox,
      offline,
      /** "Not available offline", in the user's language. */
      reason,
      /**
       * A write control's `disabled` and `title`: as given online; offline, disabled with the
       * reason as its tooltip.
       */
      writeProps: (props: WriteControlProps = {}): WriteControlProps =>
        offline ? { disabled: true, title: reason } : props,
      /** The outbox's entry of a shipment, if its customs wait there. */
      outboxOf: (shipmentId: string) => outbox.find((e) => e.shipment._id === shipmentId),
    }),
    [state, outbox, offline, reason],
  );
}
