/**
 * Where uploaded content lives, parsed from STORAGE_URL:
 * - unset → the local disk under DATA_DIR/content
 * - `file:///srv/learnbase/content` → the local disk under that folder
 * - `s3://bucket[/key/prefix]?region=us-east-1&endpoint=http://127.0.0.1:9000&forcePathStyle=true`
 *   → an S3-compatible bucket. Credentials come from `s3://KEY:SECRET@bucket` or, when absent,
 *   from the AWS SDK's standard chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, roles).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { folderPrefix } from './object-keys.ts';

export interface LocalStorageTarget {
  kind: 'local';
  root: string;
}

export interface S3StorageTarget {
  kind: 's3';
  bucket: string;
  /** '' or a folder prefix ending in '/', put before every key. */
  keyPrefix: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export type StorageTarget = LocalStorageTarget | S3StorageTarget;

export class InvalidStorageUrlError extends Error {}

const S3_PARAMETERS = new Set(['region', 'endpoint', 'forcePathStyle']);
// DNS-compatible bucket names, which every S3-compatible service accepts.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function parseS3(url: URL): S3StorageTarget {
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) throw new InvalidStorageUrlError(`"${bucket}" is not a valid bucket name`);
  for (const name of url.searchParams.keys()) {
    if (!S3_PARAMETERS.has(name)) {
      throw new InvalidStorageUrlError(
        `unknown parameter "${name}" (known: ${[...S3_PARAMETERS].join(', ')})`,
      );
    }
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint)) {
    throw new InvalidStorageUrlError(`endpoint must be an http(s) URL, got "${endpoint}"`);
  }
  const pathStyle = url.searchParams.get('forcePathStyle');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') {
    throw new InvalidStorageUrlError(`forcePathStyle must be true or false, got "${pathStyle}"`);
  }
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  let keyPrefix = '';
  if (path !== '') {
    try {
      keyPrefix = folderPrefix(path);
    } catch (error) {
      throw new InvalidStorageUrlError(`key prefix: ${(error as Error).message}`);
    }
  }
  if ((url.username === '') !== (url.password === '')) {
    throw new InvalidStorageUrlError(
      'give both an access key and a secret (s3://KEY:SECRET@bucket) or neither',
    );
  }
  return {
    kind: 's3',
    bucket,
    keyPrefix,
    region: url.searchParams.get('region') || 'us-east-1',
    endpoint,
    // Self-hosted S3-compatible servers rarely have per-bucket DNS names.
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
    credentials: url.username
      ? {
          accessKeyId: decodeURIComponent(url.username),
          secretAccessKey: decodeURIComponent(url.password),
        }
      : undefined,
  };
}

/** Throws InvalidStorageUrlError with a reason fit for the configuration error message. */
export function parseStorageUrl(raw: string | undefined, dataDir: string): StorageTarget {
  if (raw === undefined) return { kind: 'local', root: join(dataDir, 'content') };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidStorageUrlError('is not a valid URL');
  }
  if (url.protocol === 's3:') return parseS3(url);
  if (url.protocol === 'file:') {
    if (url.host !== '' || url.search !== '')
      throw new InvalidStorageUrlError('must look like file:///absolute/path');
    return { kind: 'local', root: fileURLToPath(url) };
  }
  throw new InvalidStorageUrlError(`must use file: or s3:, got "${url.protocol}"`);
}
