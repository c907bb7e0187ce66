import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..', '..');

describe('loadConfig', () => {
  it('needs no variable at all: SQLite under ./data on 127.0.0.1:8000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      databaseKind: 'sqlite',
      secretKey: undefined,
      previousSecretKeys: [],
      publicUrl: 'http://127.0.0.1:8000',
      logLevel: 'info',
      requireEmailVerification: false,
      redisUrl: undefined,
    });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.limits)).toBe(true);
  });

  it('reads each documented variable', () => {
    const config = loadConfig({
      PORT: '9100',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/learnbase',
      DATABASE_URL: 'postgres://app@db.internal:5432/learnbase',
      SECRET_KEY: 'k'.repeat(32),
      PREVIOUS_SECRET_KEYS: ` ${'a'.repeat(32)} ,${'b'.repeat(40)}`,
      PUBLIC_URL: 'https://learn.example.test/',
      LOG_LEVEL: 'WARN',
      REQUIRE_EMAIL_VERIFICATION: 'yes',
      OAUTH_PROVIDERS: 'google=https://accounts.google.com,acme=https://id.acme.test',
    });
    expect(config).toMatchObject({
      port: 9100,
      host: '0.0.0.0',
      dataDir: '/srv/learnbase',
      databaseKind: 'postgres',
      secretKey: 'k'.repeat(32),
      previousSecretKeys: ['a'.repeat(32), 'b'.repeat(40)],
      publicUrl: 'https://learn.example.test',
      logLevel: 'warn',
      requireEmailVerification: true,
      oauthProviders: { google: 'https://accounts.google.com', acme: 'https://id.acme.test' },
    });
  });

  it.each([
    ['PORT', 'eighty', /PORT must be a whole number/],
    ['PORT', '70000', /PORT must be between 0 and 65535/],
    ['DATABASE_URL', 'mysql://db/learnbase', /DATABASE_URL must use postgres: or postgresql:/],
    ['DATABASE_URL', 'not a url', /DATABASE_URL is not a valid URL/],
    ['SECRET_KEY', 'short', /SECRET_KEY must be at least 32 characters/],
    ['PREVIOUS_SECRET_KEYS', `${'a'.repeat(32)},short`, /PREVIOUS_SECRET_KEYS must list keys of at least 32/],
    ['PUBLIC_URL', 'ftp://files.example.test', /PUBLIC_URL must use http: or https:/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    ['REQUIRE_EMAIL_VERIFICATION', 'maybe', /REQUIRE_EMAIL_VERIFICATION must be true or false/],
    ['REDIS_URL', 'http://127.0.0.1:6379', /REDIS_URL must use redis: or rediss:/],
    ['SMTP_URL', 'http://mail', /SMTP_URL must use smtp: or smtps:/],
    ['OAUTH_PROVIDERS', 'google', /OAUTH_PROVIDERS entry "google" is not name=issuer/],
    ['OAUTH_PROVIDERS', '{"google":"accounts.google.com"}', /OAUTH_PROVIDERS.google must be an issuer URL/],
    ['STORAGE_URL', 'ftp://bucket', /^STORAGE_URL /],
    ['LOGIN_RATE_LIMIT', '0', /LOGIN_RATE_LIMIT must be between 1 and/],
    ['PASSWORD_HASH_COST', '30', /PASSWORD_HASH_COST must be between 10 and 20/],
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});

describe('a bad value at start', () => {
  it('prints the problem on stderr and exits with code 1 before touching any data', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'eighty', DATA_DIR: '/nonexistent/never-created' },
    }).catch((error) => error);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain('Configuration error: PORT must be a whole number, got "eighty"');
    expect(failure.stdout).toBe('');
    expect(existsSync('/nonexistent/never-created')).toBe(false);
  });
});
