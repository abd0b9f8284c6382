import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { STORAGE_KEYS } from '#shared/constants';

export const sidebarMinimizedAtom = atomWithStorage(STORAGE_KEYS.sidebarMinimized, false, undefined, {
  getOnInit: true,
});

export type SidePanelTab = 'audit' | 'notifications' | 'settings';
/** The tabbed slide-out panel: closed, or open on a tab. */
export const sidePanelAtom = atom<SidePanelTab | null>(null);
export const profilePanelOpenAtom = atom(false);
