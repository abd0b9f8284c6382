/**
 * The offline banner's sentence from main's state, apart from the component so it is tested in
 * both languages: offline with the time of the last sync and how long ago, or the first full
 * sync's progress, or nothing.
 */
import { DateTime } from 'luxon';
import type { OfflineState } from '#shared/ipc';
import { DATE_FORMATS, type DateDisplay } from '../../ui/date-display';
import type { Translate } from '../../i18n/error-message';

export type BannerText =
  { kind: 'offline'; text: string } | { kind: 'syncing'; text: string; done: number; total: number } | null;

/** "14:32" when it was today in the business's zone, else the date too, in the user's format. */
function syncedAtText(iso: string, now: number, display: DateDisplay): string {
  const at = DateTime.fromISO(iso, { zone: 'utc' }).setZone(display.timeZone);
  if (!at.isValid) return iso;
  const today = DateTime.fromMillis(now, { zone: display.timeZone }).hasSame(at, 'day');
  return today
    ? at.toFormat('HH:mm')
    : `${at.toFormat(DATE_FORMATS[display.dateFormat])} ${at.toFormat('HH:mm')}`;
}

/** "just now", "12 min ago", "3 h ago", "2 days ago". */
export function agoText(t: Translate, iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return t('shell:offline.justNow');
  if (minutes < 60) return t('shell:offline.minutesAgo', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('shell:offline.hoursAgo', { count: hours });
  return t('shell:offline.daysAgo', { count: Math.floor(hours / 24) });
}

export function bannerText(
  t: Translate,
  state: OfflineState,
  now: number,
  display: DateDisplay,
  language: string,
): BannerText {
  if (!state.available) return null;
  if (!state.online) {
    const text = state.syncedAt
      ? t('shell:offline.offline', {
          time: syncedAtText(state.syncedAt, now, display),
          ago: agoText(t, state.syncedAt, now),
        })
      : t('shell:offline.offlineNeverSynced');
    return { kind: 'offline', text };
  }
  // Only the first full sync is news: a catch-up runs quietly behind the screens.
  if (state.syncing?.kind === 'full') {
    const { done, total } = state.syncing;
    return {
      kind: 'syncing',
      text: t('shell:offline.syncing', {
        done: done.toLocaleString(language),
        total: total.toLocaleString(language),
      }),
      done,
      total,
    };
  }
  return null;
}
