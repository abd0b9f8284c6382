import { atom } from 'jotai';
import type { Connection, StoredSession } from '#shared/ipc';

/** The stored session (token + role); null when signed out. Set from the platform at start. */
export const sessionAtom = atom<StoredSession | null>(null);

/** Desktop only: which API this app talks to (this computer, or a team server). */
export const connectionAtom = atom<Connection>({ mode: 'local' });
