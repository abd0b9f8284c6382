import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import type { IpcEventPayload } from '#shared/ipc';
import {
  addNotifications,
  EMPTY_NOTIFICATION_STATE,
  type NotificationState,
} from '#shared/notifications/notification-state';
import { followMainNotifications } from './main-notifications';
import {
  notificationsAtom,
  notificationStateAtom,
  orderFlagsAtom,
  unseenNotificationsAtom,
} from './notifications.atoms';

const delivered = addNotifications(EMPTY_NOTIFICATION_STATE, [
  {
    kind: 'platform',
    id: 'p1',
    orderId: '408-1',
    platformCode: 'AMAZONIND',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
]);
const later = addNotifications(delivered, [
  { kind: 'otz', id: 'o1', paypalTransactionId: 'PAY-1', createdAt: '2026-01-02T00:00:00.000Z' },
]);

/** A stand-in for main behind the bridge: its first read answers when told to. */
function fakeMain() {
  let answer: (state: NotificationState) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const listeners = new Set<(state: IpcEventPayload<'notifications:changed'>) => void>();
  const bridge = {
    getNotifications: vi.fn(
      () =>
        new Promise<NotificationState>((resolve, reject) => {
          answer = resolve;
          fail = reject;
        }),
    ),
    on: vi.fn((event: string, listener: (state: NotificationState) => void) => {
      expect(event).toBe('notifications:changed');
      listeners.add(listener);
      return () => void listeners.delete(listener);
    }),
  };
  return {
    bridge: bridge as unknown as Parameters<typeof followMainNotifications>[0],
    answer: (state: NotificationState) => answer(state),
    fail: (error: Error) => fail(error),
    change: (state: NotificationState) => listeners.forEach((l) => l(state)),
    listening: () => listeners.size,
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("following main's notification state", () => {
  it('a reloaded window shows what main already delivered, then follows its changes', async () => {
    const main = fakeMain();
    const store = createStore();
    const stop = followMainNotifications(main.bridge, (s) => store.set(notificationStateAtom, s));
    main.answer(delivered);
    await settle();
    expect(store.get(notificationsAtom).map((i) => i.id)).toEqual(['p1']);
    expect(store.get(unseenNotificationsAtom)).toBe(true);
    expect(store.get(orderFlagsAtom)).toEqual({ platform: true, otz: false });
    main.change(later);
    expect(store.get(notificationsAtom).map((i) => i.id)).toEqual(['o1', 'p1']);
    expect(store.get(orderFlagsAtom)).toEqual({ platform: true, otz: true });
    stop();
    expect(main.listening()).toBe(0);
  });

  it('a change main sent is kept over a late answer to the first read', async () => {
    const main = fakeMain();
    const set = vi.fn();
    followMainNotifications(main.bridge, set);
    main.change(later);
    main.answer(delivered);
    await settle();
    expect(set.mock.calls).toEqual([[later]]);
  });

  it('sets nothing once stopped, and lives with main not answering', async () => {
    const stopped = fakeMain();
    const set = vi.fn();
    followMainNotifications(stopped.bridge, set)();
    stopped.answer(delivered);
    await settle();
    expect(set).not.toHaveBeenCalled();

    const failing = fakeMain();
    followMainNotifications(failing.bridge, set);
    failing.fail(new Error('main is gone'));
    await settle();
    expect(set).not.toHaveBeenCalled();
    failing.change(delivered);
    expect(set).toHaveBeenCalledWith(delivered);
  });
});
