import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStorageContract } from '../../../test/storage-contract.ts';
import { readAll } from '../../../test/streams.ts';
import { LocalDiskStorage } from './local-disk.ts';

let root: string;
let storage: LocalDiskStorage;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'learnbase-disk-'));
  storage = new LocalDiskStorage(join(root, 'content'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describeStorageContract('local disk', () => storage);

const filesUnder = (folder: string) =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

describe('local disk specifics', () => {
  it('keeps each key as a file at the same relative path under the root', async () => {
    await storage.put('orgs/o1/logos/logo.png', Readable.from([Buffer.from('png bytes')]));
    expect(readFileSync(join(root, 'content', 'orgs', 'o1', 'logos', 'logo.png'), 'utf8')).toBe('png bytes');
  });

  it('derives the content type from the extension, whatever the writer declared', async () => {
    await storage.put('types/a.webm', Readable.from([Buffer.from('x')]), { contentType: 'text/html' });
    await storage.put('types/b.unknown', Readable.from([Buffer.from('x')]));
    expect((await storage.stat('types/a.webm'))?.contentType).toBe('video/webm');
    expect((await storage.stat('types/b.unknown'))?.contentType).toBe('application/octet-stream');
  });

  it('shows readers the old object until the new one is complete, and leaves no temporary file', async () => {
    const key = 'midway/progress.mp4';
    await storage.put(key, Readable.from([Buffer.from('old')]));
    const incoming = new PassThrough();
    const writing = storage.put(key, incoming);
    incoming.write(Buffer.alloc(1024, 1));
    await new Promise((resolve) => setImmediate(resolve));

    // Mid-upload: the key still holds the old object; the new bytes are in a hidden temporary file.
    expect((await readAll((await storage.get(key)).stream)).toString()).toBe('old');
    const during = readdirSync(join(root, 'content', 'midway'));
    expect(during).toContain('progress.mp4');
    expect(during.some((name) => name.startsWith('.progress.mp4.') && name.endsWith('.part'))).toBe(true);

    incoming.end(Buffer.alloc(1024, 2));
    const put = await writing;
    expect(put.size).toBe(2048);
    expect((await storage.get(key)).size).toBe(2048);
    expect(readdirSync(join(root, 'content', 'midway'))).toEqual(['progress.mp4']);
  });

  it('removes the temporary file when the incoming stream fails', async () => {
    const incoming = new PassThrough();
    const writing = storage.put('failed/upload.mp4', incoming);
    incoming.write(Buffer.alloc(4096));
    await new Promise((resolve) => setImmediate(resolve));
    incoming.destroy(new Error('client went away'));
    await expect(writing).rejects.toThrow('client went away');
    expect(filesUnder(join(root, 'content', 'failed'))).toEqual([]);
  });

  it('serves the bytes of the file it opened even if the key is replaced while reading', async () => {
    const key = 'consistent/read.pdf';
    await storage.put(key, Readable.from([Buffer.from('first')]));
    const read = await storage.get(key);
    await storage.put(key, Readable.from([Buffer.from('second version')]));
    expect((await readAll(read.stream)).toString()).toBe('first');
    expect(read.size).toBe(5);
  });

  it('treats a folder as no object', async () => {
    await storage.put('folder/inside/file.png', Readable.from([Buffer.from('x')]));
    expect(await storage.stat('folder/inside')).toBeUndefined();
    await expect(storage.get('folder/inside')).rejects.toMatchObject({ statusCode: 404 });
    await storage.delete('folder/inside');
    expect(await storage.exists('folder/inside/file.png')).toBe(true);
    expect(await storage.stat('folder/inside/file.png/deeper')).toBeUndefined();
  });
});
