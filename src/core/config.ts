/**
 * Configuration is read from the environment exactly once, validated, and frozen.
 * Nothing else in the code base reads `process.env`: pass the `Config` object down.
 */
import { resolve } from 'node:path';
import { InvalidStorageUrlError, parseStorageUrl, type StorageTarget } from './storage/storage-target.ts';

export type DatabaseKind = 'sqlite' | 'postgres';
export type ProcessRole = 'all' | 'api' | 'worker';

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Where a stand-alone worker (`--role=worker`) serves health and metrics; unset → it serves nothing. */
  readonly metricsPort: number | undefined;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly databaseKind: DatabaseKind;
  /** Explicit SECRET_KEY; when undefined one is generated and kept in DATA_DIR (see secret-key.ts). */
  readonly secretKey: string | undefined;
  /** Older keys still accepted for decrypting stored secrets during a rotation. */
  readonly previousSecretKeys: readonly string[];
  readonly publicUrl: string;
  readonly logLevel: string;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly requireEmailVerification: boolean;
  readonly adminEmail: string;
  readonly adminPassword: string | undefined;
  readonly platformApiKey: string | undefined;
  /** name → OpenID Connect issuer URL. */
  readonly oauthProviders: Readonly<Record<string, string>>;
  readonly judge0Url: string | undefined;
  readonly redisUrl: string | undefined;
  /** Prefix of every Redis key, so several deployments can share one Redis. */
  readonly redisKeyPrefix: string;
  /** Where uploaded content lives (STORAGE_URL; the local disk under DATA_DIR/content by default). */
  readonly storage: StorageTarget;
  readonly limits: Readonly<Limits>;
  /** log2 of scrypt's N for new password hashes (15 → 32 MiB per hash). */
  readonly passwordHashCost: number;
}

export interface Limits {
  /** Largest JSON/form body in bytes (uploads are limited separately). */
  bodyBytes: number;
  imageUploadBytes: number;
  videoUploadBytes: number;
  documentUploadBytes: number;
  audioUploadBytes: number;
  /** Office documents share the document limit; zip archives (SCORM packages) have their own. */
  archiveUploadBytes: number;
  loginPerIpPerWindow: number;
  loginWindowSeconds: number;
  lockoutThreshold: number;
  lockoutWindowSeconds: number;
  lockoutSeconds: number;
  searchPerMinute: number;
  maxAssignmentAttempts: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw.trim());
  if (value < min || value > max)
    throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function optional(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = optional(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw;
}

function storage(env: Env, dataDir: string): StorageTarget {
  try {
    return parseStorageUrl(optional(env, 'STORAGE_URL'), dataDir);
  } catch (error) {
    if (error instanceof InvalidStorageUrlError) throw new ConfigError(`STORAGE_URL ${error.message}`);
    throw error;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parseOauthProviders(raw: string | undefined): Record<string, string> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // Also accept the compact "google=https://accounts.google.com,acme=https://id.acme.test" form.
    parsed = Object.fromEntries(
      raw.split(',').map((pair) => {
        const at = pair.indexOf('=');
        if (at < 1) throw new ConfigError(`OAUTH_PROVIDERS entry "${pair}" is not name=issuer`);
        return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      }),
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('OAUTH_PROVIDERS must be a JSON object of name → issuer URL');
  }
  for (const [name, issuer] of Object.entries(parsed)) {
    if (typeof issuer !== 'string' || !/^https?:\/\//.test(issuer)) {
      throw new ConfigError(`OAUTH_PROVIDERS.${name} must be an issuer URL`);
    }
  }
  return parsed as Record<string, string>;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8000, 0, 65535);
  const host = optional(env, 'HOST') ?? '127.0.0.1';
  const dataDir = resolve(optional(env, 'DATA_DIR') ?? './data');
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const logLevel = (optional(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const secretKey = optional(env, 'SECRET_KEY');
  if (secretKey !== undefined && secretKey.length < 32) {
    throw new ConfigError('SECRET_KEY must be at least 32 characters long');
  }
  const previousSecretKeys = (optional(env, 'PREVIOUS_SECRET_KEYS') ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  if (previousSecretKeys.some((key) => key.length < 32)) {
    throw new ConfigError(
      'PREVIOUS_SECRET_KEYS must list keys of at least 32 characters, separated by commas',
    );
  }
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://${host}:${port}`).replace(
    /\/+$/,
    '',
  );
  const mb = 1024 * 1024;
  const config: Config = {
    port,
    host,
    metricsPort: env.METRICS_PORT?.trim() ? integer(env, 'METRICS_PORT', 0, 0, 65535) : undefined,
    dataDir,
    databaseUrl,
    databaseKind: databaseUrl ? 'postgres' : 'sqlite',
    secretKey,
    previousSecretKeys,
    publicUrl,
    logLevel,
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: optional(env, 'MAIL_FROM') ?? 'Learnbase <no-reply@learnbase.local>',
    requireEmailVerification: boolean(env, 'REQUIRE_EMAIL_VERIFICATION', false),
    adminEmail: optional(env, 'ADMIN_EMAIL') ?? 'admin@learnbase.local',
    adminPassword: optional(env, 'ADMIN_PASSWORD'),
    platformApiKey: optional(env, 'PLATFORM_API_KEY'),
    oauthProviders: Object.freeze(parseOauthProviders(optional(env, 'OAUTH_PROVIDERS'))),
    judge0Url: url(env, 'JUDGE0_URL', ['http:', 'https:']),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisKeyPrefix: optional(env, 'REDIS_KEY_PREFIX') ?? 'learnbase:',
    storage: Object.freeze(storage(env, dataDir)),
    passwordHashCost: integer(env, 'PASSWORD_HASH_COST', 15, 10, 20),
    limits: Object.freeze({
      bodyBytes: integer(env, 'MAX_BODY_BYTES', 2 * mb, 1024),
      imageUploadBytes: integer(env, 'MAX_IMAGE_UPLOAD_MB', 15, 1) * mb,
      videoUploadBytes: integer(env, 'MAX_VIDEO_UPLOAD_MB', 5120, 1) * mb,
      documentUploadBytes: integer(env, 'MAX_DOCUMENT_UPLOAD_MB', 500, 1) * mb,
      audioUploadBytes: integer(env, 'MAX_AUDIO_UPLOAD_MB', 1024, 1) * mb,
      archiveUploadBytes: integer(env, 'MAX_ARCHIVE_UPLOAD_MB', 5120, 1) * mb,
      loginPerIpPerWindow: integer(env, 'LOGIN_RATE_LIMIT', 30, 1),
      loginWindowSeconds: integer(env, 'LOGIN_RATE_WINDOW_SECONDS', 300, 1),
      lockoutThreshold: integer(env, 'LOCKOUT_THRESHOLD', 10, 1),
      lockoutWindowSeconds: integer(env, 'LOCKOUT_WINDOW_SECONDS', 1800, 1),
      lockoutSeconds: integer(env, 'LOCKOUT_SECONDS', 300, 1),
      searchPerMinute: integer(env, 'SEARCH_RATE_LIMIT', 60, 1),
      maxAssignmentAttempts: integer(env, 'MAX_ASSIGNMENT_ATTEMPTS', 10, 1),
    }),
  };
  return Object.freeze(config);
}
