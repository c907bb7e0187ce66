import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { resolveSecretKey } from './secret-key.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'learnbase-key-'));
  dirs.push(dir);
  return join(dir, 'data');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('resolveSecretKey', () => {
  it('without SECRET_KEY generates one key, kept in DATA_DIR/secret.key with mode 0600, reused later', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    const first = resolveSecretKey(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const path = join(config.dataDir, 'secret.key');
    expect(readFileSync(path, 'utf8').trim()).toBe(first);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(resolveSecretKey(config)).toBe(first);
    // Another data directory is another installation with its own key.
    expect(resolveSecretKey(loadConfig({ DATA_DIR: dataDir() }))).not.toBe(first);
  });

  it('refuses a kept key file too short to be a key instead of replacing it', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(join(config.dataDir, 'secret.key'), 'short\n', { mode: 0o600 });
    expect(() => resolveSecretKey(config)).toThrow(ConfigError);
    expect(() => resolveSecretKey(config)).toThrow(/does not hold a key of at least 32 characters/);
    expect(readFileSync(join(config.dataDir, 'secret.key'), 'utf8')).toBe('short\n');
  });

  it('uses SECRET_KEY as given and writes nothing', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), SECRET_KEY: 's'.repeat(40) });
    expect(resolveSecretKey(config)).toBe('s'.repeat(40));
    expect(() => statSync(join(config.dataDir, 'secret.key'))).toThrow(/ENOENT/);
  });
});
