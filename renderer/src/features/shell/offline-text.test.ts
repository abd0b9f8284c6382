import { describe, expect, it } from 'vitest';
import type { OfflineState } from '#shared/ipc';
import type { Translate } from '../../i18n/error-message';
import { translator } from '../audit/audit-test-i18n';
import { bannerText } from './offline-text';

const base: OfflineState = {
  available: true,
  online: true,
  syncedAt: null,
  syncing: null,
  retryAt: null,
  outbox: { pending: 0, conflicts: 0 },
};
const display = { dateFormat: 'YYYY-MM-DD', timeZone: 'Asia/Tokyo' } as const;
// 14:32 in Tokyo is 05:32 UTC.
const synced = '2026-11-27T05:32:00.000Z';
const at = (minutes: number) => Date.parse(synced) + minutes * 60_000;

async function texts(lng: 'en' | 'ja') {
  const t = (await translator(lng)) as unknown as Translate;
  return (state: Partial<OfflineState>, now = at(0)) =>
    bannerText(t, { ...base, ...state }, now, display, lng)?.text ?? null;
}

describe('the offline banner', () => {
  it('says when the data was synced and how long ago, in English', async () => {
    const text = await texts('en');
    const offline = { online: false, syncedAt: synced };
    expect(text(offline, at(12))).toBe('Offline — showing data synced at 14:32 (12 min ago)');
    expect(text(offline, at(1))).toBe('Offline — showing data synced at 14:32 (1 min ago)');
    expect(text(offline, at(0.5))).toBe('Offline — showing data synced at 14:32 (just now)');
    expect(text(offline, at(125))).toBe('Offline — showing data synced at 14:32 (2 hours ago)');
    // Another day: the date too, in the user's format.
    expect(text(offline, at(60 * 30))).toBe('Offline — showing data synced at 2026-11-27 14:32 (1 day ago)');
    expect(text({ online: false })).toBe('Offline — nothing has been synced to this computer yet');
  });

  it('says the same in Japanese', async () => {
    const text = await texts('ja');
    const offline = { online: false, syncedAt: synced };
    expect(text(offline, at(12))).toBe('オフライン — 14:32 に同期したデータを表示しています（12 分前）');
    expect(text(offline, at(0))).toBe('オフライン — 14:32 に同期したデータを表示しています（たった今）');
    expect(text(offline, at(180))).toBe('オフライン — 14:32 に同期したデータを表示しています（3 時間前）');
  });

  it("shows the first full sync's progress, and nothing when online and idle", async () => {
    const [en, ja] = await Promise.all([texts('en'), texts('ja')]);
    const syncing = { syncing: { kind: 'full' as const, done: 1240, total: 20000 } };
    expect(en(syncing)).toBe('Syncing with the server… 1,240 of 20,000');
    expect(ja(syncing)).toBe('サーバーと同期しています… 20,000 件中 1,240 件');
    expect(en({ syncing: { kind: 'changes', done: 3, total: 9 } })).toBeNull();
    expect(en({})).toBeNull();
    expect(en({ available: false, online: false })).toBeNull();
  });
});
