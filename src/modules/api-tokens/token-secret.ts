/**
 * API token values: `lh_` + 32 random bytes (URL-safe base64, 43 characters). Only the
 * SHA-256 of the value is stored; a 256-bit random token needs no slow hash, and lookup by
 * hash is a single indexed query.
 */
import { createHash, randomBytes } from 'node:crypto';

export const TOKEN_PREFIX = 'lh_';

export function generateTokenValue(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function hashTokenValue(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** The first 12 characters, shown in listings so users can tell tokens apart. */
export function displayPrefix(value: string): string {
  return value.slice(0, 12);
}

export function looksLikeApiToken(value: string): boolean {
  return value.startsWith(TOKEN_PREFIX);
}
