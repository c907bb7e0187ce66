/**
 * Uploads over a real loopback connection, as browsers send them: a large file streams
 * through to storage with flat memory, and a refused one gets its answer without leaving
 * the connection stalled (afterAll's close() would wait for it).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartStream } from '../../../test/multipart.ts';
import { SAMPLES } from '../../../test/sample-files.ts';
import { generatedStream, sha256Of } from '../../../test/streams.ts';
import { loadConfig } from '../config.ts';
import { registerErrorHandling } from '../errors/error-handler.ts';
import { LocalDiskStorage } from '../storage/local-disk.ts';
import { joinKey } from '../storage/object-keys.ts';
import { type FileKind, largestUploadBytes } from './file-kinds.ts';
import { receiveUpload } from './receive-upload.ts';

const MB = 1024 * 1024;
const limits = loadConfig({ MAX_IMAGE_UPLOAD_MB: '1' }).limits;

let root: string;
let storage: LocalDiskStorage;
let app: FastifyInstance;
let address: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'learnbase-http-upload-'));
  storage = new LocalDiskStorage(root);
  app = Fastify();
  registerErrorHandling(app);
  await app.register(multipart, { limits: { fileSize: largestUploadBytes(limits), files: 1 } });
  app.post<{ Params: { kind: FileKind } }>('/upload/:kind', async (request) =>
    receiveUpload({ storage, config: { limits } }, await request.file(), {
      accept: [request.params.kind],
      suffix: 'video',
      keyFor: (storedName) => joinKey('orgs', 'org_1', 'uploads', storedName),
    }),
  );
  address = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

/**
 * POSTs a streamed body and resolves with the answer. A client that is answered before it
 * has sent everything stops sending (Node's client would otherwise wait for a 'drain' that
 * never reaches a request whose response is over).
 */
function post(path: string, body: Readable, contentType: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${address}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
    });
    outgoing.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        if (!outgoing.writableFinished) {
          body.unpipe(outgoing);
          body.destroy();
          outgoing.destroy();
        }
        resolve({ status: response.statusCode ?? 0, text });
      });
    });
    outgoing.on('error', reject);
    body.on('error', reject);
    body.pipe(outgoing);
  });
}

describe('uploads over HTTP', () => {
  it('streams a 300 MB video to storage while memory stays flat', async () => {
    // Warm up the code paths first, so the baseline includes them.
    const warmUp = multipartStream(
      'video_file',
      'warm.mp4',
      'video/mp4',
      generatedStream(MB, { head: SAMPLES.mp4 }),
    );
    expect((await post('/upload/video', warmUp.body, warmUp.contentType)).status).toBe(200);

    const size = 300 * MB;
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const content = generatedStream(size, {
      head: SAMPLES.mp4,
      chunkSize: 256 * 1024,
      // Client and server share this process, so this samples both sides of the transfer.
      onChunk: () => {
        peak = Math.max(peak, process.memoryUsage.rss());
      },
    });
    const { body, contentType } = multipartStream('video_file', 'lecture.mp4', 'video/mp4', content);
    const response = await post('/upload/video', body, contentType);
    peak = Math.max(peak, process.memoryUsage.rss());

    expect(response.status).toBe(200);
    const received = JSON.parse(response.text);
    expect(received.size).toBe(size);
    expect(peak - baseline).toBeLessThan(64 * MB);
    const stored = await storage.get(received.key);
    expect(await sha256Of(stored.stream)).toBe(await sha256Of(generatedStream(size, { head: SAMPLES.mp4 })));
    await storage.delete(received.key);
  });

  it('answers 413 to a file over its limit, keeps nothing, and leaves the connection usable', async () => {
    const folder = join(root, 'orgs', 'org_1', 'uploads');
    const before = readdirSync(folder);
    const content = generatedStream(64 * MB, { head: SAMPLES.png });
    const { body, contentType } = multipartStream('file_object', 'poster.png', 'image/png', content);
    const response = await post('/upload/image', body, contentType);
    expect(response.status).toBe(413);
    expect(JSON.parse(response.text)).toEqual({ detail: 'File too large (maximum 1.0MB)' });
    expect(readdirSync(folder)).toEqual(before);

    const next = multipartStream(
      'file_object',
      'poster.png',
      'image/png',
      generatedStream(MB, { head: SAMPLES.png }),
    );
    expect((await post('/upload/image', next.body, next.contentType)).status).toBe(200);
  });

  it('answers 415 to a disguised file', async () => {
    const content = generatedStream(64 * MB, { head: SAMPLES.html });
    const { body, contentType } = multipartStream('file_object', 'poster.png', 'image/png', content);
    const response = await post('/upload/image', body, contentType);
    expect(response.status).toBe(415);
    expect(JSON.parse(response.text)).toEqual({ detail: 'File appears to be corrupted or invalid' });
  });
});
