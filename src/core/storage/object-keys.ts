/**
 * Storage keys are relative '/'-separated paths built by the server, e.g.
 * `orgs/<org_uuid>/courses/<course_uuid>/activities/<activity_uuid>/video/<uuid>_video.mp4`.
 * They become file paths on the local disk, so anything that could step outside the
 * content root, or that two back ends would read differently, is refused here once.
 * Segments may not start with '.', which also keeps keys apart from the local adapter's
 * temporary files.
 */

/** S3's own limit on key length; the local disk accepts it too. */
const MAX_KEY_BYTES = 1024;
const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

export class InvalidKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Invalid storage key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidKeyError';
  }
}

function segmentProblem(segment: string): string | undefined {
  if (segment === '') return 'empty segment';
  if (segment === '.' || segment === '..') return 'relative segment';
  if (segment.includes('\\')) return 'backslash';
  if (segment.includes('\0')) return 'NUL byte';
  if (!SEGMENT.test(segment))
    return `segment ${JSON.stringify(segment)} has a character outside [A-Za-z0-9._~-] or starts with '.'`;
  return undefined;
}

/** Returns `key` unchanged, or throws InvalidKeyError. */
export function assertValidKey(key: string): string {
  if (key.length === 0) throw new InvalidKeyError(key, 'empty');
  if (key.startsWith('/')) throw new InvalidKeyError(key, 'absolute path');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES)
    throw new InvalidKeyError(key, `longer than ${MAX_KEY_BYTES} bytes`);
  for (const segment of key.split('/')) {
    const problem = segmentProblem(segment);
    if (problem) throw new InvalidKeyError(key, problem);
  }
  return key;
}

/** A folder prefix with or without its trailing '/', returned with exactly one. */
export function folderPrefix(prefix: string): string {
  return `${assertValidKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix)}/`;
}

/** Joins validated segments into a key: `joinKey('orgs', orgUuid, 'logos', name)`. */
export function joinKey(...segments: string[]): string {
  for (const segment of segments) {
    const problem = segmentProblem(segment);
    if (problem) throw new InvalidKeyError(segments.join('/'), problem);
  }
  return assertValidKey(segments.join('/'));
}

/** A key under an existing folder key: `childKey(courseFolder, 'thumbnails', name)`. */
export function childKey(folder: string, ...segments: string[]): string {
  return joinKey(...assertValidKey(folder).split('/'), ...segments);
}

/** Like assertValidKey, but answers instead of throwing (for paths that come from a request). */
export function isValidKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}
