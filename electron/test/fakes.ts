import path from 'node:path';
import { vi } from 'vitest';
import type { DesktopAppDeps } from '../src/services/desktop-app';
import { createMemoryStore } from '../src/services/key-value-store';
import type { SafeStorage } from '../src/services/token-vault';

/** A stand-in for Electron's safeStorage: reversible, but recognisably not plain text. */
export function fakeSafeStorage({
  available = true,
  backend,
}: { available?: boolean; backend?: string } = {}): SafeStorage & { encrypted: string[] } {
  const encrypted: string[] = [];
  const storage: SafeStorage & { encrypted: string[] } = {
    encrypted,
    isEncryptionAvailable: () => available,
    encryptString(plain) {
      if (!available) throw new Error('Encryption is not available');
      encrypted.push(plain);
      return Buffer.concat([Buffer.from('ENC1'), Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a)]);
    },
    decryptString(buffer) {
      if (buffer.subarray(0, 4).toString() !== 'ENC1')
        throw new Error('Error while decrypting the ciphertext');
      return Buffer.from(buffer.subarray(4).map((b) => b ^ 0x5a)).toString('utf8');
    },
  };
  if (backend !== undefined) storage.getSelectedStorageBackend = () => backend;
  return storage;
}

/**
 * The desktop app's dependencies with Electron's objects faked: nothing is shown, saved, opened
 * or fetched (every fetch answers 404), timers never fire. A test overrides what it is about.
 */
export function fakeDesktopDeps(dataDir: string, overrides: Partial<DesktopAppDeps> = {}): DesktopAppDeps {
  return {
    appInfo: { version: '1.2.3', platform: 'linux' },
    safeStorage: fakeSafeStorage({ backend: 'kwallet6' }),
    store: createMemoryStore(),
    dataDir,
    startServer: vi.fn(async () => ({ url: 'http://127.0.0.1:40000', close: vi.fn(async () => {}) })),
    fetch: vi.fn(async () => new Response('{}', { status: 404 })),
    createNotification: vi.fn(() => ({ onClick: vi.fn(), show: vi.fn() })),
    emit: vi.fn(),
    focusWindow: vi.fn(),
    reloadWindow: vi.fn(),
    showSaveDialog: vi.fn(async () => ({ canceled: true })),
    showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] })),
    showItemInFolder: vi.fn(),
    openPath: vi.fn(),
    backupDatabase: vi.fn(async () => {}),
    checkDatabase: vi.fn(async () => ({ ok: true as const, migration: 'x' })),
    fetchExport: vi.fn(async () => new Response('', { status: 404 })),
    confirmClose: vi.fn(async () => true),
    closeWindow: vi.fn(),
    openExternal: vi.fn(async () => {}),
    i18nDir: path.join(dataDir, 'i18n'),
    readFile: vi.fn(async () => '{}'),
    timer: { setInterval: () => Symbol('interval'), clearInterval: () => {} },
    ...overrides,
  };
}
