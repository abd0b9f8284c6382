/**
 * The desktop app's chrome as data: the count of new orders not seen yet (tray, dock, taskbar),
 * the menus in both languages and on macOS, About, and where the window opens again.
 */
import { describe, expect, it } from 'vitest';
import {
  addNotifications,
  EMPTY_NOTIFICATION_STATE,
  markNotificationsSeen,
} from '#shared/notifications/notification-state';
import type { NotificationItem } from '#shared/notifications/notification-items';
import { aboutText, appMenu, nextUnseenCount, trayMenu } from '../src/services/app-chrome';
import { createMemoryStore } from '../src/services/key-value-store';
import { loadWindowState, saveWindowState, WINDOW_STATE_KEY } from '../src/services/window-state';

const order = (id: string): NotificationItem => ({
  kind: 'platform',
  id,
  orderId: `249-${id}`,
  platformCode: 'AMAZONJP',
  createdAt: '2026-11-27T01:00:00.000Z',
});

describe('the count of new orders not seen yet', () => {
  it('grows by each batch, ignores orders already listed, and goes to 0 when the bell is opened', () => {
    let state = EMPTY_NOTIFICATION_STATE;
    let count = 0;
    const step = (next: typeof state) => {
      count = nextUnseenCount(state, next, count);
      state = next;
      return count;
    };
    expect(step(addNotifications(state, [order('1'), order('2')]))).toBe(2);
    expect(step(addNotifications(state, [order('2'), order('3')]))).toBe(3);
    expect(step(markNotificationsSeen(state))).toBe(0);
    // Listed before the bell was opened: only the new one counts.
    expect(step(addNotifications(state, [order('3'), order('4')]))).toBe(1);
    expect(step(EMPTY_NOTIFICATION_STATE)).toBe(0);
  });
});

describe('menus and the tray', () => {
  it('says the count in the tooltip in both languages', () => {
    const state = { unseen: 0, canNotify: true, notificationsOn: true, keepInTray: true };
    expect(trayMenu('en', state).tooltip).toBe('Kura');
    expect(trayMenu('en', { ...state, unseen: 1 }).tooltip).toBe('Kura — 1 new order');
    expect(trayMenu('en', { ...state, unseen: 12 }).tooltip).toBe('Kura — 12 new orders');
    expect(trayMenu('ja', { ...state, unseen: 12 }).tooltip).toBe('Kura — 新しい注文12件');
    // The switch shows its state; who gets no notifications has none to switch.
    expect(trayMenu('en', { ...state, notificationsOn: false }).items).toContainEqual({
      action: 'toggleNotifications',
      label: 'New-order notifications',
      checked: false,
    });
    expect(
      trayMenu('en', { ...state, canNotify: false }).items.some(
        (i) => 'action' in i && i.action === 'toggleNotifications',
      ),
    ).toBe(false);
  });

  it('puts About and Quit in the app menu on macOS, Back up now only in local mode and Sync now only on a team server', () => {
    const mac = appMenu('en', { platform: 'darwin', local: false });
    expect(mac[0]).toEqual({
      label: 'Kura',
      submenu: [
        { action: 'aboutKura', label: 'About Kura' },
        { type: 'separator' },
        { action: 'quit', label: 'Quit Kura', accelerator: 'CmdOrCtrl+Q' },
      ],
    });
    const file = mac[1] as { submenu: unknown[] };
    expect(file.submenu).toEqual([
      { action: 'exportSales', label: 'Export sales CSV…', accelerator: 'CmdOrCtrl+E' },
      { action: 'syncNow', label: 'Sync now' },
    ]);
    const windows = appMenu('en', { platform: 'win32', local: true });
    expect((windows[0] as { label: string }).label).toBe('File');
    const actions = (entries: unknown[]) => entries.map((e) => (e as { action?: string }).action);
    const localFile = (windows[0] as { submenu: unknown[] }).submenu;
    expect(actions(localFile)).toContain('backUpNow');
    expect(actions(localFile)).not.toContain('syncNow');
    const jaTeam = appMenu('ja', { platform: 'linux', local: false })[0] as { submenu: unknown[] };
    expect(jaTeam.submenu).toContainEqual({ action: 'syncNow', label: '今すぐ同期' });
    // The tray's entry too, in team mode only.
    const tray = { unseen: 0, canNotify: false, notificationsOn: true, keepInTray: false };
    expect(actions(trayMenu('en', { ...tray, team: true }).items)).toContain('syncNow');
    expect(actions(trayMenu('en', tray).items)).not.toContain('syncNow');
  });

  it('writes About with the versions, the data folder and the server', () => {
    const versions = {
      version: '1.4.0',
      electron: '45.4.1',
      chrome: '140.0',
      node: '22.23.3',
      dataDir: '/d',
    };
    expect(aboutText('en', { ...versions, server: null }).detail).toBe(
      'Kura 1.4.0\nElectron 45.4.1 · Chromium 140.0 · Node 22.23.3\nData folder: /d\nConnected to: this computer (local mode)',
    );
    expect(aboutText('ja', { ...versions, server: 'https://kura.example' }).detail).toContain(
      '接続先：https://kura.example',
    );
  });
});

describe('where the window opens', () => {
  const displays = [{ x: 0, y: 0, width: 1920, height: 1040 }];

  it('opens where it was, and at the default size the first time', () => {
    const store = createMemoryStore();
    expect(loadWindowState(store, displays)).toEqual({ width: 1280, height: 820, maximized: false });
    saveWindowState(store, { x: 100, y: 50, width: 1400, height: 900 }, true);
    expect(loadWindowState(store, displays)).toEqual({
      x: 100,
      y: 50,
      width: 1400,
      height: 900,
      maximized: true,
    });
  });

  it('never opens off screen or outside its bounds', () => {
    const store = createMemoryStore();
    // Kept on a second monitor that is gone: the system places it.
    saveWindowState(store, { x: 2500, y: 100, width: 1200, height: 800 }, false);
    expect(loadWindowState(store, displays)).toEqual({ width: 1200, height: 800, maximized: false });
    // Its title bar above the top of the screen: not kept either.
    saveWindowState(store, { x: 100, y: -700, width: 1200, height: 800 }, false);
    expect(loadWindowState(store, displays)).not.toHaveProperty('y');
    // Too small or larger than the display: within bounds.
    saveWindowState(store, { x: 0, y: 0, width: 300, height: 5000 }, false);
    expect(loadWindowState(store, displays)).toMatchObject({ width: 900, height: 1040 });
    store.set(WINDOW_STATE_KEY, { width: 'wide' });
    expect(loadWindowState(store, displays)).toEqual({ width: 1280, height: 820, maximized: false });
  });
});
