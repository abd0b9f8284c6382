/**
 * The connections' secrets at rest: AES-256-GCM round trip, a wrong key, altered bytes and a
 * value moved to another connection or field refused; the key file created 0600 and an existing
 * one that others may read refused at start.
 */
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  SECRET_KEY_FILE,
  SecretUnreadableError,
  keyFilePath,
  loadOrCreateKeyFile,
  open,
  parseSecretKey,
  resolveSecretKey,
  seal,
} from '../src/connections/secret-box';
import { startTestServer } from './helpers/test-server';

const KEY = Buffer.alloc(32, 1);
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kura-key-'));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('secret box', () => {
  it('opens what it sealed, with a new IV each time', () => {
    const a = seal(KEY, 'shopify', 'accessToken', 'shpat_123 ü 日本');
    const b = seal(KEY, 'shopify', 'accessToken', 'shpat_123 ü 日本');
    expect(a).not.toBe(b);
    expect(a).not.toContain('shpat');
    expect(open(KEY, 'shopify', 'accessToken', a)).toBe('shpat_123 ü 日本');
    expect(open(KEY, 'shopify', 'accessToken', b)).toBe('shpat_123 ü 日本');
  });

  it('refuses a wrong key, altered bytes, and a value of another connection or field', () => {
    const sealed = seal(KEY, 'amazon', 'refreshToken', 'Atzr|secret');
    expect(() => open(Buffer.alloc(32, 2), 'amazon', 'refreshToken', sealed)).toThrow(SecretUnreadableError);
    expect(() => open(KEY, 'shopify', 'refreshToken', sealed)).toThrow(SecretUnreadableError);
    expect(() => open(KEY, 'amazon', 'clientSecret', sealed)).toThrow(SecretUnreadableError);
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = (bytes[0] as number) ^ 1;
      return bytes.toString('base64url');
    };
    for (const altered of [
      [version, iv, tag, flip(body)],
      [version, iv, flip(tag), body],
      [version, flip(iv), tag, body],
      [version, iv, tag.slice(0, 8), body],
      ['v2', iv, tag, body],
    ]) {
      expect(() => open(KEY, 'amazon', 'refreshToken', altered.join('.'))).toThrow(SecretUnreadableError);
    }
    expect(() => open(KEY, 'amazon', 'refreshToken', 'plain text')).toThrow(SecretUnreadableError);
  });

  it('reads a key as hex or base64 of 32 bytes only', () => {
    expect(parseSecretKey('0f'.repeat(32))).toEqual(Buffer.alloc(32, 15));
    expect(parseSecretKey(Buffer.alloc(32, 3).toString('base64'))).toEqual(Buffer.alloc(32, 3));
    expect(parseSecretKey(Buffer.alloc(31, 3).toString('base64'))).toBeNull();
    expect(parseSecretKey('0f'.repeat(31))).toBeNull();
    expect(parseSecretKey('')).toBeNull();
  });

  it('creates the key file 0600 beside the SQLite file, and reads the same key after', () => {
    const dir = tempDir();
    const path = keyFilePath(join(dir, 'kura.sqlite'));
    expect(path).toBe(join(dir, SECRET_KEY_FILE));
    expect(keyFilePath('postgres://kura@db/kura')).toBe(join('data', SECRET_KEY_FILE));
    const key = loadOrCreateKeyFile(path);
    expect(key).toHaveLength(32);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(loadOrCreateKeyFile(path)).toEqual(key);
    // The caller's key and KURA_SECRET_KEY come before the file.
    expect(resolveSecretKey(KEY, null, join(dir, 'kura.sqlite'))).toBe(KEY);
    expect(resolveSecretKey(undefined, KEY, join(dir, 'kura.sqlite'))).toBe(KEY);
    expect(resolveSecretKey(undefined, null, join(dir, 'kura.sqlite'))).toEqual(key);
  });

  it.skipIf(process.platform === 'win32')(
    'refuses a key file others may read, and one of the wrong size',
    () => {
      const dir = tempDir();
      const path = join(dir, SECRET_KEY_FILE);
      writeFileSync(path, Buffer.alloc(32, 5), { mode: 0o644 });
      chmodSync(path, 0o644);
      expect(() => loadOrCreateKeyFile(path)).toThrow(/may be read by others \(mode 644\)/);
      chmodSync(path, 0o640);
      expect(() => loadOrCreateKeyFile(path)).toThrow(/may be read by others/);
      chmodSync(path, 0o600);
      expect(loadOrCreateKeyFile(path)).toEqual(Buffer.alloc(32, 5));
      writeFileSync(path, Buffer.alloc(16, 5));
      expect(() => loadOrCreateKeyFile(path)).toThrow(/does not hold 32 bytes/);
    },
  );

  it.skipIf(process.platform === 'win32')(
    'keeps a server from starting with a key file others may read',
    async () => {
      const dir = tempDir();
      writeFileSync(join(dir, SECRET_KEY_FILE), Buffer.alloc(32, 5));
      chmodSync(join(dir, SECRET_KEY_FILE), 0o644);
      await expect(
        startTestServer({
          dialect: 'sqlite',
          databaseUrl: join(dir, 'kura.sqlite'),
          options: { secretKey: undefined },
        }),
      ).rejects.toThrow(/may be read by others/);
      // A server without a key of its own creates the file on first start.
      const fresh = tempDir();
      const server = await startTestServer({
        dialect: 'sqlite',
        databaseUrl: join(fresh, 'kura.sqlite'),
        options: { secretKey: undefined },
      });
      try {
        expect(statSync(join(fresh, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
      } finally {
        await server.close();
      }
    },
  );
});
