/**
 * Signing secrets are stored encrypted: AES-256-GCM under a key derived from SECRET_KEY with
 * HKDF-SHA256. The endpoint's uuid is bound in as associated data, so a ciphertext copied onto
 * another endpoint's row does not decrypt. Decryption also tries the previous SECRET_KEYs, so
 * a key rotation does not strand existing secrets.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const FORMAT = 'v1';
const HKDF_SALT = 'learnbase';
const HKDF_INFO = 'webhook signing secret encryption v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretCipher {
  /** Seals `plaintext` for the row identified by `boundTo` (the webhook uuid). */
  encrypt(plaintext: string, boundTo: string): string;
  /** Opens a sealed secret; throws SecretDecryptionError if no configured key opens it. */
  decrypt(sealed: string, boundTo: string): string;
}

export class SecretDecryptionError extends Error {
  constructor() {
    super('the signing secret cannot be decrypted with SECRET_KEY or any previous key');
    this.name = 'SecretDecryptionError';
  }
}

function deriveKey(secretKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, HKDF_SALT, HKDF_INFO, 32));
}

function open(key: Buffer, iv: Buffer, sealed: Buffer, boundTo: string): string | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}

export function createSecretCipher(secretKey: string, previousKeys: readonly string[] = []): SecretCipher {
  const currentKey = deriveKey(secretKey);
  const allKeys = [currentKey, ...previousKeys.map(deriveKey)];
  return {
    encrypt(plaintext, boundTo) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', currentKey, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${FORMAT}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
    },
    decrypt(sealedText, boundTo) {
      const [format, ivText, sealedPart] = sealedText.split('.');
      if (format !== FORMAT || !ivText || !sealedPart) throw new SecretDecryptionError();
      const iv = Buffer.from(ivText, 'base64url');
      const sealed = Buffer.from(sealedPart, 'base64url');
      if (iv.length !== IV_BYTES || sealed.length <= TAG_BYTES) throw new SecretDecryptionError();
      for (const key of allKeys) {
        const plaintext = open(key, iv, sealed, boundTo);
        if (plaintext !== undefined) return plaintext;
      }
      throw new SecretDecryptionError();
    },
  };
}

const ciphers = new WeakMap<object, SecretCipher>();

/** The cipher for a context's SECRET_KEY and previous keys, derived once per context. */
export function secretCipherOf(ctx: {
  readonly secretKey: string;
  readonly config: { readonly previousSecretKeys: readonly string[] };
}): SecretCipher {
  let cipher = ciphers.get(ctx);
  if (!cipher) {
    cipher = createSecretCipher(ctx.secretKey, ctx.config.previousSecretKeys);
    ciphers.set(ctx, cipher);
  }
  return cipher;
}
