/**
 * Keeps the signed-in session (token + role) across restarts, encrypted by the OS key store
 * through Electron's safeStorage. On Linux without a keyring safeStorage silently falls back
 * to a hard-coded key ('basic_text'); that is plain text in disguise, so it is refused and
 * the session lives only in memory for this run.
 */
import { sessionSchema, type StoredSession } from '#shared/ipc';
import { IpcError } from './ipc-error';
import type { KeyValueStore } from './key-value-store';

/** The part of Electron's safeStorage the vault uses. */
export interface SafeStorage {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only. */
  getSelectedStorageBackend?(): string;
}

export const SESSION_STORE_KEY = 'session';
const INSECURE_BACKENDS = new Set(['basic_text', 'unknown']);

/** Whether what safeStorage encrypts is safe to write down (not Linux's hard-coded fallback key). */
export function keyStoreIsSecure(safeStorage: SafeStorage): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  const backend = safeStorage.getSelectedStorageBackend?.();
  return backend === undefined || !INSECURE_BACKENDS.has(backend);
}

export interface TokenVault {
  get(): StoredSession | null;
  /** Throws IpcError('insecure-storage') when it cannot persist; the session is kept in memory anyway. */
  set(session: StoredSession): void;
  clear(): void;
  /** Whether sessions survive a restart on this computer. */
  isPersistent(): boolean;
}

export function createTokenVault({
  safeStorage,
  store,
}: {
  safeStorage: SafeStorage;
  store: KeyValueStore;
}): TokenVault {
  // undefined: not read from disk yet; null: signed out.
  let current: StoredSession | null | undefined;

  const isPersistent = () => keyStoreIsSecure(safeStorage);

  const readStored = (): StoredSession | null => {
    const raw = store.get(SESSION_STORE_KEY);
    if (raw === undefined) return null;
    // A keyring that is locked or missing right now may be back next run: keep the data.
    if (!isPersistent()) return null;
    try {
      if (typeof raw !== 'string') throw new TypeError('not base64 text');
      return sessionSchema.parse(JSON.parse(safeStorage.decryptString(Buffer.from(raw, 'base64'))));
    } catch {
      // Corrupt, from another machine or key, or written by a tampered store: signed out.
      store.delete(SESSION_STORE_KEY);
      return null;
    }
  };

  return {
    get() {
      if (current === undefined) current = readStored();
      return current;
    },
    set(session) {
      current = sessionSchema.parse(session);
      if (!isPersistent()) {
        store.delete(SESSION_STORE_KEY);
        throw new IpcError('insecure-storage');
      }
      store.set(SESSION_STORE_KEY, safeStorage.encryptString(JSON.stringify(current)).toString('base64'));
    },
    clear() {
      current = null;
      store.delete(SESSION_STORE_KEY);
    },
    isPersistent,
  };
}
