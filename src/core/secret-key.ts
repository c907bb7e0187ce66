/**
 * SECRET_KEY signs session JWTs and derives the key that encrypts stored secrets.
 * When it is not configured, a random key is generated on first start and kept in
 * DATA_DIR/secret.key (mode 0600) so sessions and stored secrets survive restarts.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.ts';

export function resolveSecretKey(config: Config): string {
  if (config.secretKey) return config.secretKey;
  mkdirSync(config.dataDir, { recursive: true });
  const path = join(config.dataDir, 'secret.key');
  try {
    const existing = readFileSync(path, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const generated = randomBytes(48).toString('base64url');
  try {
    // 'wx' fails if another process created the file first; then we read theirs.
    writeFileSync(path, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(path, 0o600);
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(path, 'utf8').trim();
  }
}
