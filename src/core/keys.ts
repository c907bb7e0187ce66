/**
 * Keys derived from SECRET_KEY, one per purpose (HKDF-SHA256), so a leak of one derived key
 * says nothing about the others and the secret itself is never used directly.
 */
import { hkdfSync } from 'node:crypto';

export type KeyPurpose = 'jwt-signing' | 'secret-encryption';

export function deriveKey(secret: string, purpose: KeyPurpose, length = 32): Buffer {
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), `learnbase:${purpose}`, length),
  );
}
