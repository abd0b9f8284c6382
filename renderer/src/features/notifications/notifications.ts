import type { NotificationPlatform } from '#shared/constants';

export type NotificationItem =
  | { kind: 'platform'; id: string; orderId: string; platformCode: NotificationPlatform; createdAt: string }
  | { kind: 'otz'; id: string; paypalTransactionId: string; createdAt: string };

const keyOf = (item: NotificationItem) => `${item.kind}:${item.id}`;

/** Adds what is new, newest first; also reports which kinds brought something new. */
export function mergeNotifications(
  current: readonly NotificationItem[],
  incoming: readonly NotificationItem[],
): { items: NotificationItem[]; added: { platform: boolean; otz: boolean } } {
  const known = new Set(current.map(keyOf));
  const fresh = incoming.filter((item) => {
    const key = keyOf(item);
    if (known.has(key)) return false;
    known.add(key);
    return true;
  });
  const items = [...fresh, ...current].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    items,
    added: { platform: fresh.some((i) => i.kind === 'platform'), otz: fresh.some((i) => i.kind === 'otz') },
  };
}
