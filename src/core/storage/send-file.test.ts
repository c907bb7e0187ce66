import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { readAll } from '../../../test/streams.ts';
import { registerErrorHandling } from '../errors/error-handler.ts';
import { LocalDiskStorage } from './local-disk.ts';
import { S3Storage } from './s3.ts';
import { type SendFileOptions, sendFile } from './send-file.ts';
import type { Storage } from './storage.ts';

interface Backend {
  storage: Storage;
  close(): Promise<void>;
}

async function localBackend(): Promise<Backend> {
  const root = mkdtempSync(join(tmpdir(), 'learnbase-send-'));
  return {
    storage: new LocalDiskStorage(root),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
}

async function s3Backend(): Promise<Backend> {
  const server: TestS3Server = await startS3Server();
  const storage = new S3Storage(server.target());
  return {
    storage,
    close: async () => {
      storage.destroy();
      await server.close();
    },
  };
}

const VIDEO = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));

describe.each([
  ['local disk', localBackend],
  ['S3-compatible', s3Backend],
])('sendFile from %s', (backendName, makeBackend) => {
  let backend: Backend;
  let app: FastifyInstance;
  let videoTag: string;

  beforeAll(async () => {
    backend = await makeBackend();
    const { storage } = backend;
    videoTag = (await storage.put('media/clip.mp4', Readable.from([VIDEO]), { contentType: 'video/mp4' }))
      .etag;
    await storage.put('media/empty.mp3', Readable.from([]), { contentType: 'audio/mpeg' });
    await storage.put('media/slides.pptx', Readable.from([Buffer.from('PK\x03\x04 slides')]), {
      contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    });
    app = Fastify();
    registerErrorHandling(app);
    app.get<{ Params: { '*': string }; Querystring: SendFileOptions }>('/files/*', (request, reply) =>
      sendFile(request, reply, storage, request.params['*'], request.query),
    );
    // A route that declares HEAD itself, instead of Fastify's automatic one.
    app.route<{ Params: { '*': string } }>({
      method: ['GET', 'HEAD'],
      url: '/declared/*',
      exposeHeadRoute: false,
      handler: (request, reply) => sendFile(request, reply, storage, request.params['*']),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await backend?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url, headers });

  it('sends the whole object with its type, length, tag, dates and safety headers', async () => {
    const response = await get('/files/media/clip.mp4');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(VIDEO)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': '1000',
      etag: videoTag,
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline; filename="clip.mp4"',
      'cache-control': 'private, no-cache',
    });
    expect(new Date(String(response.headers['last-modified'])).getTime()).toBeGreaterThan(
      Date.now() - 600_000,
    );
    expect(response.headers['content-range']).toBeUndefined();
  });

  it.each<readonly [string, number, number]>([
    ['bytes=0-9', 0, 9],
    ['bytes=990-', 990, 999],
    ['bytes=-5', 995, 999],
    ['bytes=500-5000', 500, 999],
    ['bytes=999-999', 999, 999],
    // s3rver reads an end of 0 as "no end" (S3 and MinIO do not), so the first byte alone is only checked on disk.
    ...(backendName === 'local disk' ? [['bytes=0-0', 0, 0] as const] : []),
    ['bytes=0-', 0, 999],
  ])('answers Range %s with 206 and exactly those bytes', async (range, start, end) => {
    const response = await get('/files/media/clip.mp4', { range });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(response.headers.etag).toBe(videoTag);
    expect(response.rawPayload.equals(VIDEO.subarray(start, end + 1))).toBe(true);
  });

  it.each([
    'bytes=1000-',
    'bytes=5000-6000',
    'bytes=-0',
  ])('refuses Range %s with 416 and the size', async (range) => {
    const response = await get('/files/media/clip.mp4', { range });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */1000');
    expect(response.json()).toEqual({ detail: 'Requested Range Not Satisfiable' });
  });

  it.each([
    'bytes=0-1,5-6',
    'bytes=9-2',
    'lines=1-2',
    'bytes=x-',
  ])('ignores Range %s and sends the whole object', async (range) => {
    const response = await get('/files/media/clip.mp4', { range });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(1000);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const whole = await get('/files/media/clip.mp4', {}, 'HEAD');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-length': '1000',
      'content-type': 'video/mp4',
      etag: videoTag,
    });
    expect(whole.rawPayload.length).toBe(0);

    const part = await get('/files/media/clip.mp4', { range: 'bytes=10-19' }, 'HEAD');
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({ 'content-length': '10', 'content-range': 'bytes 10-19/1000' });
    expect(part.rawPayload.length).toBe(0);

    expect((await get('/files/media/missing.mp4', {}, 'HEAD')).statusCode).toBe(404);

    const declared = await get('/declared/media/clip.mp4', { range: 'bytes=-100' }, 'HEAD');
    expect(declared.statusCode).toBe(206);
    expect(declared.headers).toMatchObject({
      'content-length': '100',
      'content-range': 'bytes 900-999/1000',
    });
    expect(declared.rawPayload.length).toBe(0);
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    for (const condition of [videoTag, `W/${videoTag}`, `"other", ${videoTag}`, '*']) {
      const response = await get('/files/media/clip.mp4', { 'if-none-match': condition });
      expect(response.statusCode).toBe(304);
      expect(response.rawPayload.length).toBe(0);
      expect(response.headers.etag).toBe(videoTag);
    }
    expect((await get('/files/media/clip.mp4', { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('honours Range only while If-Range still names the current version', async () => {
    const current = await get('/files/media/clip.mp4', { range: 'bytes=0-9', 'if-range': videoTag });
    expect(current.statusCode).toBe(206);
    const stale = await get('/files/media/clip.mp4', { range: 'bytes=0-9', 'if-range': '"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(1000);
    const weak = await get('/files/media/clip.mp4', { range: 'bytes=0-9', 'if-range': `W/${videoTag}` });
    expect(weak.statusCode).toBe(200);
  });

  it('answers a missing object with 404', async () => {
    const response = await get('/files/media/nothing.mp4');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'File not found' });
  });

  it('sends an empty object whole, even when a range is asked for', async () => {
    for (const headers of [{}, { range: 'bytes=0-' }] as Record<string, string>[]) {
      const response = await get('/files/media/empty.mp3', headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-length']).toBe('0');
      expect(response.headers['content-type']).toBe('audio/mpeg');
    }
  });

  it('offers documents that are not media as attachments, and takes the caller’s choices', async () => {
    const slides = await get('/files/media/slides.pptx');
    expect(slides.headers['content-disposition']).toBe('attachment; filename="slides.pptx"');
    expect(slides.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    const chosen = await get(
      '/files/media/clip.mp4?disposition=attachment&cacheControl=public,%20max-age=86400',
    );
    expect(chosen.headers['content-disposition']).toBe('attachment; filename="clip.mp4"');
    expect(chosen.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('streams a large object without reading it whole first', async () => {
    const size = 8 * 1024 * 1024 + 1;
    const big = Buffer.alloc(size, 7);
    await backend.storage.put('media/large.webm', Readable.from([big]), { contentType: 'video/webm' });
    const response = await app.inject({
      method: 'GET',
      url: '/files/media/large.webm',
      payloadAsStream: true,
    });
    expect(response.headers['content-length']).toBe(String(size));
    expect((await readAll(response.stream())).equals(big)).toBe(true);
  });
});
