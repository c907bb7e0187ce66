/**
 * The contract every storage back end (local disk, S3-compatible) fulfils. Keys are
 * '/'-separated relative paths that the server builds (see object-keys.ts); content is
 * streamed in and out so memory stays flat whatever the file size.
 */
import type { Readable } from 'node:stream';
import { HttpError } from '../errors/http-errors.ts';

export interface PutOptions {
  contentType?: string;
}

export interface PutResult {
  size: number;
  /** The quoted entity tag, ready for an ETag header. */
  etag: string;
}

export interface ObjectInfo {
  size: number;
  /** The quoted entity tag, ready for an ETag header. */
  etag: string;
  contentType?: string;
  lastModified?: Date;
}

/** Inclusive byte offsets. `start` defaults to 0, `end` to the last byte (and is clamped to it). */
export interface ReadRange {
  start?: number;
  end?: number;
}

export interface ObjectRead extends ObjectInfo {
  /** The requested bytes only; `size` is still the whole object's size. */
  stream: Readable;
  /** The inclusive offsets actually returned. */
  start: number;
  end: number;
}

export interface Storage {
  /** Streams `body` into `key`, replacing any object there only once the whole body has arrived. */
  put(key: string, body: Readable, options?: PutOptions): Promise<PutResult>;
  /** Throws MissingObjectError, or RangeNotSatisfiableError when `start` lies past the end. */
  get(key: string, range?: ReadRange): Promise<ObjectRead>;
  /** undefined when there is no object at `key`. */
  stat(key: string): Promise<ObjectInfo | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object under the folder `prefix` ('orgs/o/courses/c' removes
   * 'orgs/o/courses/c/…' but never 'orgs/o/courses/c2/…'). Returns how many were removed.
   */
  deletePrefix(prefix: string): Promise<number>;
}

export class MissingObjectError extends HttpError {
  constructor(readonly key: string) {
    super(404, 'File not found');
    this.name = 'MissingObjectError';
  }
}

export class RangeNotSatisfiableError extends HttpError {
  constructor(readonly size: number) {
    super(416, 'Requested Range Not Satisfiable', { 'Content-Range': `bytes */${size}` });
    this.name = 'RangeNotSatisfiableError';
  }
}

/** Resolves a ReadRange against an object of `size` bytes (the same rule for every back end). */
export function resolveReadRange(range: ReadRange | undefined, size: number): { start: number; end: number } {
  const start = range?.start ?? 0;
  const end = Math.min(range?.end ?? size - 1, size - 1);
  if (size === 0 && start === 0) return { start: 0, end: -1 };
  if (start > end) throw new RangeNotSatisfiableError(size);
  return { start, end };
}
