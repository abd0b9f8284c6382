/**
 * What the desktop app shows around its window, as data in the user's language: the
 * application menu, the tray's tooltip and menu with the count of new orders not yet seen, and
 * the About text. main.ts turns these into Electron's Menu, Tray and dialog; the rules (what is
 * listed, when, with which words and counts) live and are tested here.
 */
import type { Language } from '#shared';
import type { NotificationState } from '#shared/notifications/notification-state';

/** What a custom menu entry does; main maps each to its handler. */
export type MenuAction =
  | 'exportSales'
  | 'backUpNow'
  | 'aboutKura'
  | 'openDataFolder'
  | 'openKura'
  | 'toggleNotifications'
  | 'toggleKeepInTray'
  | 'syncNow'
  | 'quit';

/** A menu entry: a standard role of Electron's, a custom action, a separator or a submenu. */
export type MenuEntry =
  | { type: 'separator' }
  | { role: string; label?: string; accelerator?: string }
  | { action: MenuAction; label: string; accelerator?: string; checked?: boolean; enabled?: boolean }
  | { label: string; submenu: MenuEntry[] };

const TEXTS = {
  en: {
    file: 'File',
    exportSales: 'Export sales CSV…',
    backUpNow: 'Back up now…',
    syncNow: 'Sync now',
    quit: 'Quit Kura',
    edit: 'Edit',
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    selectAll: 'Select all',
    view: 'View',
    reload: 'Reload',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    resetZoom: 'Actual size',
    fullScreen: 'Full screen',
    help: 'Help',
    about: 'About Kura',
    openDataFolder: 'Open data folder',
    openKura: 'Open Kura',
    notifications: 'New-order notifications',
    keepInTray: 'Keep running when the window is closed',
    tooltip: (n: number) => (n === 0 ? 'Kura' : n === 1 ? 'Kura — 1 new order' : `Kura — ${n} new orders`),
    aboutTitle: 'About Kura',
    aboutLines: (i: AboutInfo) => [
      `Kura ${i.version}`,
      `Electron ${i.electron} · Chromium ${i.chrome} · Node ${i.node}`,
      `Data folder: ${i.dataDir}`,
      i.server ? `Connected to: ${i.server}` : 'Connected to: this computer (local mode)',
    ],
  },
  ja: {
    file: 'ファイル',
    exportSales: '売上CSVをエクスポート…',
    backUpNow: '今すぐバックアップ…',
    syncNow: '今すぐ同期',
    quit: 'Kuraを終了',
    edit: '編集',
    undo: '元に戻す',
    redo: 'やり直す',
    cut: '切り取り',
    copy: 'コピー',
    paste: '貼り付け',
    selectAll: 'すべて選択',
    view: '表示',
    reload: '再読み込み',
    zoomIn: '拡大',
    zoomOut: '縮小',
    resetZoom: '実際のサイズ',
    fullScreen: 'フルスクリーン',
    help: 'ヘルプ',
    about: 'Kuraについて',
    openDataFolder: 'データフォルダーを開く',
    openKura: 'Kuraを開く',
    notifications: '新規注文の通知',
    keepInTray: 'ウィンドウを閉じても実行を続ける',
    tooltip: (n: number) => (n === 0 ? 'Kura' : `Kura — 新しい注文${n}件`),
    aboutTitle: 'Kuraについて',
    aboutLines: (i: AboutInfo) => [
      `Kura ${i.version}`,
      `Electron ${i.electron} · Chromium ${i.chrome} · Node ${i.node}`,
      `データフォルダー：${i.dataDir}`,
      i.server ? `接続先：${i.server}` : '接続先：このコンピューター（ローカルモード）',
    ],
  },
} as const;

/**
 * The application menu. "Back up now…" only where there is a local database, "Sync now" only on
 * a team server (its offline cache); on macOS the app's own menu comes first, as the platform
 * expects, and holds About and Quit.
 */
export function appMenu(lang: Language, options: { platform: string; local: boolean }): MenuEntry[] {
  const t = TEXTS[lang];
  const mac = options.platform === 'darwin';
  const about: MenuEntry = { action: 'aboutKura', label: t.about };
  const quit: MenuEntry = { action: 'quit', label: t.quit, accelerator: 'CmdOrCtrl+Q' };
  return [
    ...(mac ? [{ label: 'Kura', submenu: [about, { type: 'separator' } as const, quit] }] : []),
    {
      label: t.file,
      submenu: [
        { action: 'exportSales', label: t.exportSales, accelerator: 'CmdOrCtrl+E' },
        ...(options.local
          ? [{ action: 'backUpNow' as const, label: t.backUpNow }]
          : [{ action: 'syncNow' as const, label: t.syncNow }]),
        ...(mac ? [] : [{ type: 'separator' } as const, quit]),
      ],
    },
    {
      label: t.edit,
      submenu: [
        { role: 'undo', label: t.undo },
        { role: 'redo', label: t.redo },
        { type: 'separator' },
        { role: 'cut', label: t.cut },
        { role: 'copy', label: t.copy },
        { role: 'paste', label: t.paste },
        { role: 'selectAll', label: t.selectAll },
      ],
    },
    {
      label: t.view,
      submenu: [
        { role: 'reload', label: t.reload },
        { type: 'separator' },
        { role: 'zoomIn', label: t.zoomIn },
        { role: 'zoomOut', label: t.zoomOut },
        { role: 'resetZoom', label: t.resetZoom },
        { type: 'separator' },
        { role: 'togglefullscreen', label: t.fullScreen },
      ],
    },
    {
      label: t.help,
      submenu: [...(mac ? [] : [about]), { action: 'openDataFolder', label: t.openDataFolder }],
    },
  ];
}

export interface TrayState {
  /** New orders the user has not seen yet. */
  unseen: number;
  /** The poller runs for administrators only: others have nothing to switch. */
  canNotify: boolean;
  notificationsOn: boolean;
  keepInTray: boolean;
  /** On a team server: "Sync now" catches the offline cache up (false or absent in local mode). */
  team?: boolean;
}

/** The tray's tooltip and menu. */
export function trayMenu(lang: Language, state: TrayState): { tooltip: string; items: MenuEntry[] } {
  const t = TEXTS[lang];
  return {
    tooltip: t.tooltip(state.unseen),
    items: [
      { action: 'openKura', label: t.openKura },
      { type: 'separator' },
      ...(state.canNotify
        ? [{ action: 'toggleNotifications' as const, label: t.notifications, checked: state.notificationsOn }]
        : []),
      { action: 'toggleKeepInTray', label: t.keepInTray, checked: state.keepInTray },
      ...(state.team ? [{ action: 'syncNow' as const, label: t.syncNow }] : []),
      { type: 'separator' },
      { action: 'quit', label: t.quit },
    ],
  };
}

/**
 * The count on the tray and the dock/taskbar: the new orders that arrived since the bell was
 * last opened. The notification state keeps the bell's list and whether it rings, not how many
 * rang: the count grows by the items each batch adds and goes back to 0 when the bell is opened
 * or another session starts.
 */
export function nextUnseenCount(before: NotificationState, after: NotificationState, count: number): number {
  if (!after.unseen) return 0;
  const known = new Set(before.items.map((i) => `${i.kind}:${i.id}`));
  const added = after.items.filter((i) => !known.has(`${i.kind}:${i.id}`)).length;
  return (before.unseen ? count : 0) + added;
}

export interface AboutInfo {
  version: string;
  electron: string;
  chrome: string;
  node: string;
  dataDir: string;
  /** The team server's address, or null in local mode. */
  server: string | null;
}

export function aboutText(lang: Language, info: AboutInfo): { title: string; detail: string } {
  const t = TEXTS[lang];
  return { title: t.aboutTitle, detail: t.aboutLines(info).join('\n') };
}
