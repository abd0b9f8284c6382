import { describe, expect, it } from 'vitest';
import { IPC_ERROR_MESSAGES, ipcErrorCode } from '#shared/ipc';
import { createMemoryStore } from '../src/services/key-value-store';
import { SESSION_STORE_KEY, createTokenVault } from '../src/services/token-vault';
import { fakeSafeStorage } from './fakes';

const session = { token: 'tok_0123456789abcdef', role: 'admin' as const };

describe('token vault', () => {
  it('keeps the session encrypted and reads it back after a restart', () => {
    const store = createMemoryStore();
    const safeStorage = fakeSafeStorage({ backend: 'gnome_libsecret' });
    createTokenVault({ safeStorage, store }).set(session);

    const stored = store.get(SESSION_STORE_KEY);
    expect(typeof stored).toBe('string');
    expect(stored).not.toContain(session.token);
    expect(Buffer.from(stored as string, 'base64').toString('utf8')).not.toContain(session.token);

    const afterRestart = createTokenVault({ safeStorage, store });
    expect(afterRestart.get()).toEqual(session);
  });

  it('works where there is no backend to ask (Windows, macOS)', () => {
    const store = createMemoryStore();
    const vault = createTokenVault({ safeStorage: fakeSafeStorage(), store });
    vault.set({ token: 't', role: null });
    expect(createTokenVault({ safeStorage: fakeSafeStorage(), store }).get()).toEqual({
      token: 't',
      role: null,
    });
    expect(vault.isPersistent()).toBe(true);
  });

  it('signs out: clear removes memory and disk', () => {
    const store = createMemoryStore();
    const vault = createTokenVault({ safeStorage: fakeSafeStorage(), store });
    vault.set(session);
    vault.clear();
    expect(vault.get()).toBeNull();
    expect(store.get(SESSION_STORE_KEY)).toBeUndefined();
    expect(createTokenVault({ safeStorage: fakeSafeStorage(), store }).get()).toBeNull();
  });

  it.each([
    ['encryption unavailable', { available: false }],
    ['Linux basic_text backend', { backend: 'basic_text' }],
    ['Linux unknown backend', { backend: 'unknown' }],
  ])('refuses to write when %s, keeping the session for this run only', (_name, options) => {
    const store = createMemoryStore();
    const safeStorage = fakeSafeStorage(options);
    const vault = createTokenVault({ safeStorage, store });
    let caught: unknown;
    try {
      vault.set(session);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    expect((caught as Error).message).toBe(IPC_ERROR_MESSAGES['insecure-storage']);
    expect(ipcErrorCode(caught)).toBe('insecure-storage');
    expect(vault.isPersistent()).toBe(false);
    expect(safeStorage.encrypted).toEqual([]);
    expect(store.dump()).toEqual({});
    expect(vault.get()).toEqual(session);
    expect(createTokenVault({ safeStorage, store }).get()).toBeNull();
  });

  it.each([
    ['not base64 of our cipher', 'bm90IGVuY3J5cHRlZA=='],
    ['plain JSON someone wrote', JSON.stringify(session)],
    ['a number', 42],
    ['an object', { token: 'x' }],
  ])('treats corrupt data (%s) as signed out and clears it', (_name, value) => {
    const store = createMemoryStore({ [SESSION_STORE_KEY]: value });
    const vault = createTokenVault({ safeStorage: fakeSafeStorage(), store });
    expect(vault.get()).toBeNull();
    expect(store.get(SESSION_STORE_KEY)).toBeUndefined();
  });

  it('treats a decryptable but invalid session as signed out', () => {
    const safeStorage = fakeSafeStorage();
    const forged = safeStorage
      .encryptString(JSON.stringify({ token: '', role: 'superuser' }))
      .toString('base64');
    const store = createMemoryStore({ [SESSION_STORE_KEY]: forged });
    expect(createTokenVault({ safeStorage, store }).get()).toBeNull();
    expect(store.get(SESSION_STORE_KEY)).toBeUndefined();
  });

  it('keeps stored data while the keyring is unavailable (it may be back next run)', () => {
    const store = createMemoryStore();
    createTokenVault({ safeStorage: fakeSafeStorage(), store }).set(session);
    const locked = createTokenVault({ safeStorage: fakeSafeStorage({ available: false }), store });
    expect(locked.get()).toBeNull();
    expect(createTokenVault({ safeStorage: fakeSafeStorage(), store }).get()).toEqual(session);
  });

  it('rejects an invalid session outright', () => {
    const vault = createTokenVault({ safeStorage: fakeSafeStorage(), store: createMemoryStore() });
    expect(() => vault.set({ token: 'x'.repeat(513), role: 'admin' })).toThrow();
    expect(vault.get()).toBeNull();
  });
});
