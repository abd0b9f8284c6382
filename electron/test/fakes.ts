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
