/**
 * SECRET_KEY signs session JWTs and derives the key that encrypts stored secrets.
 * When it is not configured, a random key is generated on first start and kept in
 * DATA_DIR/secret.key (mode 0600) so sessions and stored secrets survive restarts.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, ConfigError } from './config.ts';

export function resolveSecretKey(config: Config): string {
  if (config.secretKey) return config.secretKey;
  mkdirSync(config.dataDir, { recursive: true });
  const path = join(config.dataDir, 'secret.key');
  const existing = readKeyFile(path);
  if (existing !== undefined) return existing;
  const generated = randomBytes(48).toString('base64url');
  try {
    // 'wx' fails if another process created the file first; then we read theirs.
    writeFileSync(path, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(path, 0o600);
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readKeyFile(path) as string;
  }
}

/**
 * The kept key, or undefined when there is no file. A file too short to be a key is refused
 * rather than replaced: secrets stored under the old key would become unreadable.
 */
function readKeyFile(path: string): string | undefined {
  let content: string;
  try {
    content = readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (content.length < 32) {
    throw new ConfigError(
      `${path} does not hold a key of at least 32 characters; set SECRET_KEY or restore the file`,
    );
  }
  return content;
}
