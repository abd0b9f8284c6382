/**
 * The desktop window's side of main's notification state: read it when the window (re)loads,
 * then follow every change main sends. The bridge is passed in (this module never reaches for
 * window.kura), so it runs in Node tests.
 */
import type { KuraBridge } from '#shared/ipc';
import type { NotificationState } from '#shared/notifications/notification-state';

/** Mirrors main's state into `set` until the returned function is called. */
export function followMainNotifications(
  bridge: Pick<KuraBridge, 'getNotifications' | 'on'>,
  set: (state: NotificationState) => void,
): () => void {
  let following = true;
  // A change main sends is newer than any answer still on its way: once one has arrived, a
  // late answer to the first read is dropped.
  let changed = false;
  const off = bridge.on('notifications:changed', (state) => {
    changed = true;
    set(state);
  });
  bridge.getNotifications().then(
    (state) => {
      if (following && !changed) set(state);
    },
    // Main unreachable: the bell stays empty until main's next change.
    () => {},
  );
  return () => {
    following = false;
    off();
  };
}
