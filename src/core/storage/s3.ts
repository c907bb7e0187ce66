/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …) through the AWS SDK v3.
 * Uploads go through lib-storage's multipart Upload, which holds at most
 * QUEUE_SIZE × PART_SIZE bytes in memory whatever the file size; reads pass Range on to
 * GetObject. Keys are stored under the target's optional key prefix.
 */

import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertValidKey, folderPrefix } from './object-keys.ts';
import {
  MissingObjectError,
  type ObjectInfo,
  type ObjectRead,
  type PutOptions,
  type PutResult,
  type ReadRange,
  resolveReadRange,
  type Storage,
} from './storage.ts';
import type { S3StorageTarget } from './storage-target.ts';

const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 4;

interface ServiceError {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

function hasStatus(error: unknown, status: number, ...names: string[]): boolean {
  const { name, $metadata } = error as ServiceError;
  return $metadata?.httpStatusCode === status || (name !== undefined && names.includes(name));
}

/** `bytes 0-9/1234` → its three numbers. */
function parseContentRange(header: string): { start: number; end: number; size: number } | undefined {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header);
  return match ? { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) } : undefined;
}

/** What the adapter learns about the incoming stream while lib-storage reads it. */
interface BodyProgress {
  size: number;
  error: unknown;
}

async function* observed(body: Readable, progress: BodyProgress): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of body) {
      progress.size += chunk.length;
      yield chunk;
    }
  } catch (error) {
    progress.error = error;
    throw error;
  }
}

export class S3Storage implements Storage {
  readonly client: S3Client;

  constructor(private readonly target: S3StorageTarget) {
    this.client = new S3Client({
      region: target.region,
      endpoint: target.endpoint,
      forcePathStyle: target.forcePathStyle,
      credentials: target.credentials,
      // The SDK's default CRC32 trailers (aws-chunked bodies) are not understood by many
      // S3-compatible servers; checksums are then sent only where the API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    return this.target.keyPrefix + assertValidKey(key);
  }

  async put(key: string, body: Readable, options: PutOptions = {}): Promise<PutResult> {
    const progress: BodyProgress = { size: 0, error: undefined };
    // Until the upload starts reading, the stream's error must not go unhandled; the reader still sees it.
    body.on('error', () => {});
    const upload = new Upload({
      client: this.client,
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
      params: {
        Bucket: this.target.bucket,
        Key: this.objectKey(key),
        Body: Readable.from(observed(body, progress), { objectMode: false }),
        ContentType: options.contentType,
      },
    });
    try {
      const result = await upload.done();
      return { size: progress.size, etag: result.ETag ?? '""' };
    } catch (error) {
      // When the body failed, lib-storage aborts the multipart upload and reports the abort's
      // own failure if that fails too; the body's error is the one that explains what happened.
      throw progress.error ?? error;
    }
  }

  async get(key: string, range?: ReadRange): Promise<ObjectRead> {
    const start = range?.start ?? 0;
    const end = range?.end;
    // S3 answers an inverted range with the whole object; resolve it against the real size instead.
    if (end !== undefined && end < start) return this.readEmptyOrRefuse(key, range);
    let output: GetObjectCommandOutput;
    try {
      output = await this.client.send(
        new GetObjectCommand({
          Bucket: this.target.bucket,
          Key: this.objectKey(key),
          Range: start > 0 || end !== undefined ? `bytes=${start}-${end ?? ''}` : undefined,
        }),
      );
    } catch (error) {
      if (hasStatus(error, 404, 'NoSuchKey', 'NotFound')) throw new MissingObjectError(key);
      if (hasStatus(error, 416, 'InvalidRange')) return this.readEmptyOrRefuse(key, range);
      throw error;
    }
    const returned = output.ContentRange ? parseContentRange(output.ContentRange) : undefined;
    const size = returned?.size ?? Number(output.ContentLength ?? 0);
    return {
      size,
      etag: output.ETag ?? '""',
      contentType: output.ContentType,
      lastModified: output.LastModified,
      start: returned?.start ?? 0,
      end: returned?.end ?? size - 1,
      stream: output.Body as Readable,
    };
  }

  /** S3 refuses any range of an empty object; the local disk returns it empty. Keep them alike. */
  private async readEmptyOrRefuse(key: string, range: ReadRange | undefined): Promise<ObjectRead> {
    const info = await this.stat(key);
    if (!info) throw new MissingObjectError(key);
    const { start, end } = resolveReadRange(range, info.size);
    return { ...info, start, end, stream: Readable.from([]) };
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    try {
      const output = await this.client.send(
        new HeadObjectCommand({ Bucket: this.target.bucket, Key: this.objectKey(key) }),
      );
      return {
        size: Number(output.ContentLength ?? 0),
        etag: output.ETag ?? '""',
        contentType: output.ContentType,
        lastModified: output.LastModified,
      };
    } catch (error) {
      if (hasStatus(error, 404, 'NotFound', 'NoSuchKey')) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.target.bucket, Key: this.objectKey(key) }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    const listPrefix = this.target.keyPrefix + folderPrefix(prefix);
    let removed = 0;
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.target.bucket,
          Prefix: listPrefix,
          ContinuationToken: continuationToken,
        }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        const result = await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.target.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
        if (result.Errors?.length) {
          const first = result.Errors[0];
          throw new Error(
            `S3 refused to delete ${result.Errors.length} object(s), e.g. ${first.Key}: ${first.Code}`,
          );
        }
        removed += keys.length;
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return removed;
  }

  /** Closes the client's pooled connections. */
  destroy(): void {
    this.client.destroy();
  }
}
