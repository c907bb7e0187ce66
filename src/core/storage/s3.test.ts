import { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, TEST_BUCKET, type TestS3Server } from '../../../test/s3-server.ts';
import { describeStorageContract } from '../../../test/storage-contract.ts';
import { generatedStream, readAll, sha256Of } from '../../../test/streams.ts';
import { createStorage } from './create-storage.ts';
import { S3Storage } from './s3.ts';

let server: TestS3Server;
let storage: S3Storage;
let prefixed: S3Storage;

beforeAll(async () => {
  server = await startS3Server();
  storage = new S3Storage(server.target());
  prefixed = new S3Storage(server.target('tenant/a/'));
});
afterAll(async () => {
  storage?.destroy();
  prefixed?.destroy();
  await server?.close();
});

describeStorageContract('S3-compatible', () => storage);
describeStorageContract('S3-compatible with a key prefix', () => prefixed);

describe('S3 specifics', () => {
  it('uploads a large stream in parts and reads any range of it back', async () => {
    const size = 17 * 1024 * 1024 + 3;
    const put = await storage.put('big/movie.mp4', generatedStream(size), { contentType: 'video/mp4' });
    expect(put.size).toBe(size);
    const whole = await storage.get('big/movie.mp4');
    expect(await sha256Of(whole.stream)).toBe(await sha256Of(generatedStream(size)));

    const expected = await readAll(generatedStream(size));
    const tail = await storage.get('big/movie.mp4', { start: size - 1000 });
    expect(tail).toMatchObject({ start: size - 1000, end: size - 1, size });
    expect((await readAll(tail.stream)).equals(expected.subarray(size - 1000))).toBe(true);
    const middle = await storage.get('big/movie.mp4', {
      start: 6 * 1024 * 1024 - 5,
      end: 6 * 1024 * 1024 + 4,
    });
    expect(
      (await readAll(middle.stream)).equals(expected.subarray(6 * 1024 * 1024 - 5, 6 * 1024 * 1024 + 5)),
    ).toBe(true);
  });

  it('keeps the content type given at upload', async () => {
    await storage.put('typed/notes.pdf', Readable.from([Buffer.from('%PDF-1.4')]), {
      contentType: 'application/pdf',
    });
    expect((await storage.stat('typed/notes.pdf'))?.contentType).toBe('application/pdf');
  });

  it('puts every key under the configured prefix, and deletes only there', async () => {
    await prefixed.put('scoped/o/logo.png', Readable.from([Buffer.from('prefixed')]));
    await storage.put('scoped/o/logo.png', Readable.from([Buffer.from('unprefixed')]));
    const listed = await storage.client.send(
      new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: 'tenant/a/scoped/' }),
    );
    expect(listed.Contents?.map((object) => object.Key)).toEqual(['tenant/a/scoped/o/logo.png']);
    const raw = await storage.client.send(
      new GetObjectCommand({ Bucket: TEST_BUCKET, Key: 'tenant/a/scoped/o/logo.png' }),
    );
    expect(await raw.Body?.transformToString()).toBe('prefixed');

    expect(await prefixed.deletePrefix('scoped')).toBe(1);
    expect(await storage.exists('scoped/o/logo.png')).toBe(true);
  });

  it('deletes a prefix holding more objects than one listing page', async () => {
    const keys = Array.from({ length: 1005 }, (_, index) => `many/item-${index}.png`);
    for (let offset = 0; offset < keys.length; offset += 50) {
      await Promise.all(
        keys.slice(offset, offset + 50).map((key) => storage.put(key, Readable.from([Buffer.from(key)]))),
      );
    }
    expect(await storage.deletePrefix('many')).toBe(1005);
    expect(await storage.exists('many/item-1004.png')).toBe(false);
  });

  it('is what createStorage builds for an s3 target', async () => {
    const built = await createStorage({ storage: server.target() });
    expect(built).toBeInstanceOf(S3Storage);
    (built as S3Storage).destroy();
  });
});
