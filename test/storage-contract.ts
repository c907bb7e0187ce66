/**
 * The behaviour every Storage back end must share, run by each adapter's test file
 * against a fresh instance, so local disk and S3 cannot drift apart.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InvalidKeyError } from '../src/core/storage/object-keys.ts';
import { MissingObjectError, RangeNotSatisfiableError, type Storage } from '../src/core/storage/storage.ts';
import { generatedStream, readAll, sha256Of } from './streams.ts';

export function describeStorageContract(name: string, storage: () => Storage): void {
  describe(`${name}: Storage contract`, () => {
    const text = (value: string) => Readable.from([Buffer.from(value)]);

    it('streams an object in and out unchanged, with its size, tag and type', async () => {
      const key = 'orgs/org_1/courses/course_1/activities/a_1/video/v1_video.mp4';
      const size = 3 * 1024 * 1024 + 17;
      const put = await storage().put(key, generatedStream(size), { contentType: 'video/mp4' });
      expect(put.size).toBe(size);
      expect(put.etag).toMatch(/^"[^"]+"$/);

      const info = await storage().stat(key);
      expect(info).toMatchObject({ size, etag: put.etag, contentType: 'video/mp4' });
      expect(info?.lastModified).toBeInstanceOf(Date);
      expect(await storage().exists(key)).toBe(true);

      const read = await storage().get(key);
      expect(read).toMatchObject({ size, etag: put.etag, start: 0, end: size - 1 });
      expect(await sha256Of(read.stream)).toBe(await sha256Of(generatedStream(size)));
    });

    it('reads byte ranges, clamping the end and refusing a start past the end', async () => {
      const key = 'ranges/digits.txt';
      await storage().put(key, text('0123456789'));
      const slice = async (start?: number, end?: number) => {
        const read = await storage().get(key, { start, end });
        return {
          text: (await readAll(read.stream)).toString(),
          start: read.start,
          end: read.end,
          size: read.size,
        };
      };
      expect(await slice(2, 4)).toEqual({ text: '234', start: 2, end: 4, size: 10 });
      expect(await slice(7)).toEqual({ text: '789', start: 7, end: 9, size: 10 });
      expect(await slice(undefined, 1)).toEqual({ text: '01', start: 0, end: 1, size: 10 });
      expect(await slice(9, 9)).toEqual({ text: '9', start: 9, end: 9, size: 10 });
      expect(await slice(5, 500)).toEqual({ text: '56789', start: 5, end: 9, size: 10 });
      const refused = storage().get(key, { start: 10 });
      await expect(refused).rejects.toBeInstanceOf(RangeNotSatisfiableError);
      await expect(refused).rejects.toMatchObject({ size: 10, statusCode: 416 });
      await expect(storage().get(key, { start: 6, end: 5 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    });

    it('stores and reads an empty object', async () => {
      const put = await storage().put('empty/nothing.pdf', Readable.from([]));
      expect(put.size).toBe(0);
      const read = await storage().get('empty/nothing.pdf');
      expect(read).toMatchObject({ size: 0, start: 0, end: -1 });
      expect((await readAll(read.stream)).length).toBe(0);
      const ranged = await storage().get('empty/nothing.pdf', { start: 0 });
      expect((await readAll(ranged.stream)).length).toBe(0);
    });

    it('reports a missing object as absent, and deleting it is no error', async () => {
      expect(await storage().stat('missing/file.png')).toBeUndefined();
      expect(await storage().exists('missing/file.png')).toBe(false);
      await expect(storage().get('missing/file.png')).rejects.toBeInstanceOf(MissingObjectError);
      await expect(storage().get('missing/file.png')).rejects.toMatchObject({ statusCode: 404 });
      await storage().delete('missing/file.png');
    });

    it('replaces an object on put and removes it on delete', async () => {
      const first = await storage().put('replace/me.pdf', text('first version'));
      const second = await storage().put('replace/me.pdf', text('second, longer version'));
      expect(second.etag).not.toBe(first.etag);
      expect((await readAll((await storage().get('replace/me.pdf')).stream)).toString()).toBe(
        'second, longer version',
      );
      await storage().delete('replace/me.pdf');
      expect(await storage().exists('replace/me.pdf')).toBe(false);
    });

    it('keeps the previous object, and creates nothing, when the incoming stream fails', async () => {
      await storage().put('atomic/kept.mp4', text('previous content'));
      const failing = generatedStream(8 * 1024 * 1024, { failAfter: 6 * 1024 * 1024 });
      await expect(storage().put('atomic/kept.mp4', failing)).rejects.toThrow('failed on purpose');
      expect((await readAll((await storage().get('atomic/kept.mp4')).stream)).toString()).toBe(
        'previous content',
      );

      const failingNew = generatedStream(1024 * 1024, { failAfter: 128 * 1024 });
      await expect(storage().put('atomic/never.mp4', failingNew)).rejects.toThrow('failed on purpose');
      expect(await storage().exists('atomic/never.mp4')).toBe(false);
    });

    it('deletes a folder prefix and nothing beside it', async () => {
      const keys = [
        'orgs/o/courses/c1/thumb.png',
        'orgs/o/courses/c1/activities/a/video/x.mp4',
        'orgs/o/courses/c1/activities/b/doc.pdf',
      ];
      for (const key of keys) await storage().put(key, text(key));
      await storage().put('orgs/o/courses/c10/thumb.png', text('sibling with a longer name'));
      await storage().put('orgs/o/courses/c1.png', text('file named like the folder'));

      expect(await storage().deletePrefix('orgs/o/courses/c1')).toBe(3);
      for (const key of keys) expect(await storage().exists(key)).toBe(false);
      expect(await storage().exists('orgs/o/courses/c10/thumb.png')).toBe(true);
      expect(await storage().exists('orgs/o/courses/c1.png')).toBe(true);
      expect(await storage().deletePrefix('orgs/o/courses/c1/')).toBe(0);
      expect(await storage().deletePrefix('orgs/nobody')).toBe(0);
    });

    it('refuses keys that could escape or be read two ways, for every operation', async () => {
      const bad = '../outside.png';
      await expect(storage().put(bad, text('x'))).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage().get(bad)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage().stat('/etc/passwd')).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage().exists('a//b')).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage().delete('a\\b')).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage().deletePrefix('..')).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage().deletePrefix('')).rejects.toBeInstanceOf(InvalidKeyError);
    });
  });
}
