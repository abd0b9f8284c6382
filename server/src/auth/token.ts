import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: what the client holds. Only its sha256 is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
