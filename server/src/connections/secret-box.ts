/**
 * The connections' secrets (Shopify's access token, Amazon's client secret and refresh token)
 * sealed with AES-256-GCM before they reach the database: a random 12-byte IV per value, the
 * 16-byte tag checked on opening, and the connection's kind and the secret's field as
 * additional data, so a sealed value copied to another connection or field does not open.
 *
 * The key (32 bytes) comes from, in order: the caller (the desktop app passes one it keeps with
 * the OS's safeStorage), KURA_SECRET_KEY (base64 or hex), or a key file the server creates
 * beside its SQLite file (in `data/` for PostgreSQL) on first start, mode 0600. An existing key
 * file that the group or others may read stops the server (it is not silently fixed: whoever
 * widened it should know the key may have leaked). Several team servers on one PostgreSQL need
 * the same KURA_SECRET_KEY: a key file on each would differ.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;
const VERSION = 'v1';

export const SECRET_KEY_FILE = 'kura-secret.key';

/** A sealed value that does not open: wrong key, altered bytes, or another connection's. */
export class SecretUnreadableError extends Error {
  override name = 'SecretUnreadableError';
}

/** KURA_SECRET_KEY as 32 bytes (64 hex digits, or base64 of 32 bytes); null when not 32 bytes. */
export function parseSecretKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) {
    const bytes = Buffer.from(value, 'base64');
    if (bytes.length === SECRET_KEY_BYTES) return bytes;
  }
  return null;
}

const additionalData = (kind: string, field: string) => Buffer.from(`kura-connection:${kind}:${field}`);

/** `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
export function seal(key: Buffer, kind: string, field: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(additionalData(kind, field));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function open(key: Buffer, kind: string, field: string, sealed: string): string {
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretUnreadableError('not a sealed value');
  const [iv, tag, body] = parts.slice(1).map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
    throw new SecretUnreadableError('not a sealed value');
  try {
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(additionalData(kind, field));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadableError('the sealed value does not open with this key');
  }
}

/** Where the key file lives: beside a SQLite file, else in `data/` of the working folder. */
export function keyFilePath(databaseUrl: string): string {
  const sqliteFile = !/^postgres(ql)?:\/\//i.test(databaseUrl) && databaseUrl !== ':memory:';
  return join(sqliteFile ? dirname(databaseUrl) : 'data', SECRET_KEY_FILE);
}

/**
 * The key file's 32 bytes, created (0600, exclusively: two processes starting at once read the
 * one that won) when missing. Throws when an existing file is readable by group or others
 * (POSIX only: Windows has no such mode bits) or is not 32 bytes.
 */
export function loadOrCreateKeyFile(path: string): Buffer {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, randomBytes(SECRET_KEY_BYTES), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (process.platform !== 'win32') {
    const mode = statSync(path).mode & 0o777;
    if ((mode & 0o077) !== 0) {
      throw new Error(
        `The secret key file ${path} may be read by others (mode ${mode.toString(8)}): ` +
          `make it readable by its owner only (chmod 600) or set KURA_SECRET_KEY`,
      );
    }
  }
  const key = readFileSync(path);
  if (key.length !== SECRET_KEY_BYTES) {
    throw new Error(`The secret key file ${path} does not hold ${SECRET_KEY_BYTES} bytes`);
  }
  return key;
}

export function resolveSecretKey(
  given: Buffer | undefined,
  fromEnv: Buffer | null,
  databaseUrl: string,
): Buffer {
  const key = given ?? fromEnv ?? loadOrCreateKeyFile(keyFilePath(databaseUrl));
  if (key.length !== SECRET_KEY_BYTES) throw new Error(`The secret key must be ${SECRET_KEY_BYTES} bytes`);
  return key;
}
