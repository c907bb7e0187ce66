import { describe, expect, it } from 'vitest';
import { createSecretCipher, SecretDecryptionError } from './secret-encryption.ts';

const KEY = 'current-secret-key-long-enough-0123456789';
const OLD_KEY = 'previous-secret-key-long-enough-0123456789';
const SECRET = 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cy0wMTIzNA==';

describe('secret encryption', () => {
  it('round-trips, and the ciphertext contains no trace of the secret', () => {
    const cipher = createSecretCipher(KEY);
    const sealed = cipher.encrypt(SECRET, 'webhook_a');
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain(SECRET.slice(6, 20));
    expect(cipher.decrypt(sealed, 'webhook_a')).toBe(SECRET);
    expect(cipher.encrypt(SECRET, 'webhook_a')).not.toBe(sealed);
  });

  it('is bound to its endpoint: the ciphertext does not open for another uuid', () => {
    const cipher = createSecretCipher(KEY);
    const sealed = cipher.encrypt(SECRET, 'webhook_a');
    expect(() => cipher.decrypt(sealed, 'webhook_b')).toThrow(SecretDecryptionError);
  });

  it('opens secrets sealed under a previous key after a rotation, and not without it', () => {
    const sealedUnderOld = createSecretCipher(OLD_KEY).encrypt(SECRET, 'webhook_a');
    expect(createSecretCipher(KEY, [OLD_KEY]).decrypt(sealedUnderOld, 'webhook_a')).toBe(SECRET);
    expect(() => createSecretCipher(KEY).decrypt(sealedUnderOld, 'webhook_a')).toThrow(SecretDecryptionError);
  });

  it.each([
    ['garbage', 'not a sealed secret'],
    ['wrong format tag', 'v2.AAAA.BBBB'],
    ['short iv', 'v1.AAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB'],
  ])('rejects %s', (_label, sealed) => {
    expect(() => createSecretCipher(KEY).decrypt(sealed, 'webhook_a')).toThrow(SecretDecryptionError);
  });

  it('rejects a tampered ciphertext', () => {
    const cipher = createSecretCipher(KEY);
    const sealed = cipher.encrypt(SECRET, 'webhook_a');
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${sealed.slice(0, -2)}${last}${sealed.at(-1)}`;
    expect(() => cipher.decrypt(tampered, 'webhook_a')).toThrow(SecretDecryptionError);
  });
});
