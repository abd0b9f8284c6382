import { describe, expect, it } from 'vitest';
import { mergeNotifications, type NotificationItem } from './notifications';

const order = (id: string, createdAt: string): NotificationItem => ({
  kind: 'platform',
  id,
  orderId: `ORD-${id}`,
  platformCode: 'AMAZONIND',
  createdAt,
});
const otz = (id: string, createdAt: string): NotificationItem => ({
  kind: 'otz',
  id,
  paypalTransactionId: `PP-${id}`,
  createdAt,
});

describe('mergeNotifications', () => {
  it('adds new items newest first and says which kinds were new', () => {
    const first = mergeNotifications([], [order('1', '2026-11-01T10:00:00Z')]);
    expect(first.added).toEqual({ platform: true, otz: false });
    const second = mergeNotifications(first.items, [otz('9', '2026-11-01T11:00:00Z')]);
    expect(second.items.map((i) => i.id)).toEqual(['9', '1']);
    expect(second.added).toEqual({ platform: false, otz: true });
  });

  it('ignores items it already has, even twice in one batch', () => {
    const { items } = mergeNotifications([], [order('1', '2026-11-01T10:00:00Z')]);
    const again = mergeNotifications(items, [
      order('1', '2026-11-01T10:00:00Z'),
      order('2', 'x'),
      order('2', 'x'),
    ]);
    expect(again.items.map((i) => i.id)).toEqual(['2', '1']);
    expect(mergeNotifications(again.items, [order('1', 'y')]).added).toEqual({ platform: false, otz: false });
  });

  it('keeps a platform order and an OTZ order with the same id apart', () => {
    const { items } = mergeNotifications([], [order('5', 'a'), otz('5', 'b')]);
    expect(items).toHaveLength(2);
  });
});
