import { describe, expect, it } from 'vitest';
import { NOTIFICATION_LIST_CAP, pollKindsFor, type NotificationItem } from './notification-items';
import {
  addNotifications,
  applyNotificationAction,
  clearNotificationFlag,
  EMPTY_NOTIFICATION_STATE,
  markNotificationsSeen,
  notificationActionSchema,
  notificationStateSchema,
  type NotificationState,
} from './notification-state';

const order = (n: number, createdAt = `2026-11-01T10:00:${String(n % 60).padStart(2, '0')}.000Z`) =>
  ({
    kind: 'platform',
    id: `p${n}`,
    orderId: `408-${n}`,
    platformCode: 'AMAZONIND',
    createdAt,
  }) satisfies NotificationItem;
const otz = (n: number, createdAt = `2026-11-01T09:00:${String(n % 60).padStart(2, '0')}.000Z`) =>
  ({ kind: 'otz', id: `o${n}`, paypalTransactionId: `PAY-${n}`, createdAt }) satisfies NotificationItem;

describe('notification state', () => {
  it('starts empty: no items, no ring, no dots', () => {
    expect(EMPTY_NOTIFICATION_STATE).toEqual({
      items: [],
      unseen: false,
      flags: { platform: false, otz: false },
    });
    expect(notificationStateSchema.parse(EMPTY_NOTIFICATION_STATE)).toEqual(EMPTY_NOTIFICATION_STATE);
  });

  it('a batch of platform orders lists them newest first, rings the bell and dots order management only', () => {
    const state = addNotifications(EMPTY_NOTIFICATION_STATE, [order(1), order(3), order(2)]);
    expect(state.items.map((i) => i.id)).toEqual(['p3', 'p2', 'p1']);
    expect(state.unseen).toBe(true);
    expect(state.flags).toEqual({ platform: true, otz: false });
    // The empty state is never changed in place.
    expect(EMPTY_NOTIFICATION_STATE.items).toEqual([]);
  });

  it('a batch of OTZ orders dots OTZ and keeps the other dot as it was', () => {
    const platformSeen = clearNotificationFlag(
      addNotifications(EMPTY_NOTIFICATION_STATE, [order(1)]),
      'platform',
    );
    const state = addNotifications(platformSeen, [otz(1)]);
    expect(state.flags).toEqual({ platform: false, otz: true });
    expect(state.items.map((i) => i.id)).toEqual(['p1', 'o1']);
  });

  it('a batch with nothing new changes nothing: no ring again, no dot, the same state', () => {
    const seen = markNotificationsSeen(
      clearNotificationFlag(addNotifications(EMPTY_NOTIFICATION_STATE, [order(1), otz(1)]), 'platform'),
    );
    expect(addNotifications(seen, [order(1)])).toBe(seen);
    expect(addNotifications(seen, [])).toBe(seen);
    expect(addNotifications(EMPTY_NOTIFICATION_STATE, [])).toBe(EMPTY_NOTIFICATION_STATE);
  });

  it('keeps the newest items up to the cap', () => {
    const many = Array.from({ length: NOTIFICATION_LIST_CAP + 20 }, (_, n) =>
      order(n, new Date(Date.UTC(2026, 10, 1, 0, 0, n)).toISOString()),
    );
    const state = addNotifications(EMPTY_NOTIFICATION_STATE, many);
    expect(state.items).toHaveLength(NOTIFICATION_LIST_CAP);
    expect(state.items[0]?.id).toBe(`p${NOTIFICATION_LIST_CAP + 19}`);
    expect(notificationStateSchema.safeParse(state).success).toBe(true);
  });

  it('opening the bell stops the ring and keeps the list and the dots', () => {
    const rung = addNotifications(EMPTY_NOTIFICATION_STATE, [order(1), otz(1)]);
    const seen = applyNotificationAction(rung, { seen: true });
    expect(seen).toEqual({ ...rung, unseen: false });
    expect(applyNotificationAction(seen, { seen: true })).toBe(seen);
    // A new batch rings again.
    expect(addNotifications(seen, [order(2)]).unseen).toBe(true);
  });

  it("following a menu entry clears that kind's dot only, and keeps the ring", () => {
    const rung = addNotifications(EMPTY_NOTIFICATION_STATE, [order(1), otz(1)]);
    const cleared = applyNotificationAction(rung, { clear: 'platform' });
    expect(cleared).toEqual({ ...rung, flags: { platform: false, otz: true } });
    expect(applyNotificationAction(cleared, { clear: 'otz' }).flags).toEqual({ platform: false, otz: false });
    expect(applyNotificationAction(cleared, { clear: 'platform' })).toBe(cleared);
  });

  it('never changes the state it is given', () => {
    const rung: NotificationState = addNotifications(EMPTY_NOTIFICATION_STATE, [order(1), otz(1)]);
    const copy = structuredClone(rung);
    applyNotificationAction(rung, { seen: true });
    applyNotificationAction(rung, { clear: 'otz' });
    addNotifications(rung, [order(2)]);
    expect(rung).toEqual(copy);
  });
});

describe('notification schemas', () => {
  it.each([[{ seen: true }], [{ clear: 'platform' }], [{ clear: 'otz' }]])(
    'accepts the action %j',
    (action) => {
      expect(notificationActionSchema.parse(action)).toEqual(action);
    },
  );

  it.each([
    [undefined],
    [null],
    ['seen'],
    [{}],
    [{ seen: false }],
    [{ seen: 'yes' }],
    [{ clear: 'all' }],
    [{ clear: '__proto__' }],
    [{ clear: ['platform'] }],
    [{ seen: true, clear: 'otz' }],
    [{ seen: true, items: [] }],
    [{ add: [] }],
    [[{ seen: true }]],
  ])('refuses the action %j', (action) => {
    expect(notificationActionSchema.safeParse(action).success).toBe(false);
  });

  it.each([
    ['no flags', { items: [], unseen: false }],
    ['a flag that is not a boolean', { items: [], unseen: false, flags: { platform: 'yes', otz: false } }],
    [
      'an item of an unknown kind',
      { items: [{ kind: 'x', id: '1' }], unseen: true, flags: { platform: true, otz: false } },
    ],
    [
      'more items than the bell keeps',
      {
        items: Array.from({ length: NOTIFICATION_LIST_CAP + 1 }, (_, n) => order(n)),
        unseen: true,
        flags: { platform: true, otz: false },
      },
    ],
  ])('refuses a state with %s', (_name, state) => {
    expect(notificationStateSchema.safeParse(state).success).toBe(false);
  });
});

describe('pollKindsFor', () => {
  it('polls both kinds on the normal brand and leaves OTZ out on the restricted brand', () => {
    expect(pollKindsFor(false)).toEqual(['platform', 'otz']);
    expect(pollKindsFor(true)).toEqual(['platform']);
  });
});
