/**
 * The key the local API seals platform credentials with (Shopify's token, Amazon's secrets):
 * 32 random bytes made once, kept only as the OS key store encrypted them (safeStorage), so the
 * credentials in the local database are unreadable without this computer's account. Without a
 * secure key store the API falls back to its own key file beside the database (mode 0600).
 */
import { randomBytes } from 'node:crypto';
import type { KeyValueStore } from './key-value-store';
import { keyStoreIsSecure, type SafeStorage } from './token-vault';

export const LOCAL_SECRET_KEY = 'localServer.secretKey';

export function localSecretKey(deps: { safeStorage: SafeStorage; store: KeyValueStore }): Buffer | undefined {
  if (!keyStoreIsSecure(deps.safeStorage)) return undefined;
  const raw = deps.store.get(LOCAL_SECRET_KEY);
  if (typeof raw === 'string') {
    try {
      const key = Buffer.from(deps.safeStorage.decryptString(Buffer.from(raw, 'base64')), 'hex');
      if (key.length === 32) return key;
    } catch {
      // Another account's or machine's key store: a new key; the saved credentials are asked again.
    }
  }
  const key = randomBytes(32);
  deps.store.set(LOCAL_SECRET_KEY, deps.safeStorage.encryptString(key.toString('hex')).toString('base64'));
  return key;
}
