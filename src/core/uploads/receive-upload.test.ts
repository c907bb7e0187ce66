import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartPayload } from '../../../test/multipart.ts';
import { startS3Server, TEST_BUCKET } from '../../../test/s3-server.ts';
import { SAMPLES } from '../../../test/sample-files.ts';
import { generatedStream, readAll } from '../../../test/streams.ts';
import { loadConfig } from '../config.ts';
import { registerErrorHandling } from '../errors/error-handler.ts';
import { LocalDiskStorage } from '../storage/local-disk.ts';
import { InvalidKeyError, joinKey } from '../storage/object-keys.ts';
import { S3Storage } from '../storage/s3.ts';
import type { Storage } from '../storage/storage.ts';
import { type FileKind, largestUploadBytes } from './file-kinds.ts';
import { receiveUpload } from './receive-upload.ts';

const limits = loadConfig({ MAX_IMAGE_UPLOAD_MB: '1' }).limits;
const MB = 1024 * 1024;

interface Backend {
  storage: Storage;
  /** Every file the back end holds, temporary ones included. */
  storedFiles(): Promise<string[]>;
  close(): Promise<void>;
}

async function localBackend(): Promise<Backend> {
  const root = mkdtempSync(join(tmpdir(), 'learnbase-upload-'));
  return {
    storage: new LocalDiskStorage(root),
    storedFiles: async () =>
      readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1)),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
}

async function s3Backend(): Promise<Backend> {
  const server = await startS3Server();
  const storage = new S3Storage(server.target());
  return {
    storage,
    storedFiles: async () => {
      const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '');
    },
    close: async () => {
      storage.destroy();
      await server.close();
    },
  };
}

/** `content` padded with filler to `size` bytes. */
const sized = (content: Buffer, size: number) =>
  Buffer.concat([content, Buffer.alloc(size - content.length, 0x61)]);

describe.each([
  ['local disk', localBackend],
  ['S3-compatible', s3Backend],
])('receiveUpload into %s', (_name, makeBackend) => {
  let backend: Backend;
  let app: FastifyInstance;

  beforeAll(async () => {
    backend = await makeBackend();
    app = Fastify();
    registerErrorHandling(app);
    await app.register(multipart, { limits: { fileSize: largestUploadBytes(limits), files: 1 } });
    // /upload/image,video?parserLimit=100 accepts those kinds; parserLimit lowers the multipart parser's own cap.
    app.post<{ Params: { kinds: string }; Querystring: { parserLimit?: string } }>(
      '/upload/:kinds',
      async (request) => {
        const { parserLimit } = request.query;
        const part = await request.file(
          parserLimit ? { limits: { fileSize: Number(parserLimit) } } : undefined,
        );
        return receiveUpload({ storage: backend.storage, config: { limits } }, part, {
          accept: request.params.kinds.split(',') as FileKind[],
          suffix: 'block_1234',
          keyFor: (storedName) => joinKey('orgs', 'org_1', 'uploads', storedName),
        });
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await backend?.close();
  });

  const upload = async (
    kinds: string,
    file: { filename: string; content: Buffer; contentType?: string } | undefined,
    query = '',
  ) => {
    const { payload, headers } = await multipartPayload(
      { activity_uuid: 'activity_1' },
      file ? [{ field: 'file_object', ...file }] : [],
    );
    return app.inject({ method: 'POST', url: `/upload/${kinds}${query}`, payload, headers });
  };

  const expectNothingStoredBy = async (act: () => Promise<void>) => {
    const before = await backend.storedFiles();
    await act();
    expect(await backend.storedFiles()).toEqual(before);
  };

  it.each([
    ['image', 'photo.png', SAMPLES.png, 'png', 'image/png'],
    ['image', 'Holiday Photo.JPEG', SAMPLES.jpeg, 'jpg', 'image/jpeg'],
    ['image', 'anim.gif', SAMPLES.gif89, 'gif', 'image/gif'],
    ['image', 'pic.webp', SAMPLES.webp, 'webp', 'image/webp'],
    ['video', 'lesson.mp4', SAMPLES.mp4, 'mp4', 'video/mp4'],
    ['video', 'lesson.webm', SAMPLES.webm, 'webm', 'video/webm'],
    ['videoBlock', 'clip.ogg', SAMPLES.ogg, 'ogv', 'video/ogg'],
    ['audio', 'episode.ogg', SAMPLES.ogg, 'ogg', 'audio/ogg'],
    ['audio', 'episode.mp3', SAMPLES.mp3Id3, 'mp3', 'audio/mpeg'],
    ['audio', 'episode.wav', SAMPLES.wav, 'wav', 'audio/wav'],
    ['audio', 'episode.m4a', SAMPLES.m4a, 'm4a', 'audio/mp4'],
    ['document', 'notes.pdf', SAMPLES.pdf, 'pdf', 'application/pdf'],
    [
      'document,office',
      'essay.docx',
      SAMPLES.zip,
      'docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['archive', 'package.zip', SAMPLES.zip, 'zip', 'application/zip'],
  ])('stores a %s uploaded as %j under a server-made name', async (kinds, filename, sample, extension, mimeType) => {
    const content = sized(sample, 4096);
    const response = await upload(kinds, { filename, content, contentType: 'application/x-anything' });
    expect(response.statusCode).toBe(200);
    const received = response.json();
    expect(received).toMatchObject({
      size: 4096,
      mimeType,
      extension,
      originalName: filename,
      declaredMimeType: 'application/x-anything',
    });
    expect(received.storedName).toMatch(new RegExp(`^[0-9a-f-]{36}_block_1234\\.${extension}$`));
    expect(received.key).toBe(`orgs/org_1/uploads/${received.storedName}`);
    const stored = await backend.storage.get(received.key);
    expect((await readAll(stored.stream)).equals(content)).toBe(true);
    expect(stored.etag).toBe(received.etag);
    expect(stored.contentType).toBe(mimeType);
  });

  it('never lets the client file name into the key', async () => {
    const response = await upload('image', {
      filename: '../../../etc/cron.d/evil.png',
      content: sized(SAMPLES.png, 100),
    });
    expect(response.statusCode).toBe(200);
    // The multipart parser keeps only the last segment of the name; receiveUpload never uses it for the key.
    expect(response.json().originalName).toBe('evil.png');
    expect(response.json().key).toMatch(/^orgs\/org_1\/uploads\/[0-9a-f-]{36}_block_1234\.png$/);
  });

  it('refuses SVG with 415 whatever the accepted kinds', async () => {
    await expectNothingStoredBy(async () => {
      const response = await upload('image,video,document,audio,office,archive', {
        filename: 'logo.SVG',
        content: SAMPLES.svg,
        contentType: 'image/svg+xml',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ detail: 'SVG files are not allowed for security reasons' });
    });
  });

  it.each([
    ['image', 'page.html', "['.jpg', '.jpeg', '.png', '.gif', '.webp']"],
    ['image', 'no-extension', "['.jpg', '.jpeg', '.png', '.gif', '.webp']"],
    ['video', 'clip.ogg', "['.mp4', '.webm']"],
    ['document', 'notes.docx', "['.pdf']"],
    ['document,image', 'run.exe', "['.pdf', '.jpg', '.jpeg', '.png', '.gif', '.webp']"],
  ])('refuses an extension the %s endpoint does not take (%s) with 415', async (kinds, filename, allowed) => {
    await expectNothingStoredBy(async () => {
      const response = await upload(kinds, { filename, content: sized(SAMPLES.exe, 100) });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ detail: `File type not allowed. Allowed: ${allowed}` });
    });
  });

  it.each([
    ['image', 'avatar.png', SAMPLES.html],
    ['image', 'photo.png', SAMPLES.jpeg],
    ['video', 'lesson.mp4', SAMPLES.webm],
    ['document', 'notes.pdf', SAMPLES.exe],
    ['audio', 'song.mp3', SAMPLES.svg],
    ['office', 'essay.docx', SAMPLES.pdf],
    ['image', 'empty.png', Buffer.alloc(0)],
    ['image', 'short.png', SAMPLES.png.subarray(0, 4)],
  ])('refuses %s content that is not what %j claims with 415', async (kinds, filename, content) => {
    await expectNothingStoredBy(async () => {
      const response = await upload(kinds, { filename, content });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ detail: 'File appears to be corrupted or invalid' });
    });
  });

  it('answers 400 when no file was sent', async () => {
    const response = await upload('image', undefined);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'No file provided' });
  });

  it('answers 400 for a file field with no file chosen', async () => {
    const response = await upload('image', { filename: '', content: Buffer.alloc(0) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'No file provided' });
  });

  it('takes a file of exactly the kind’s limit and refuses one byte more with 413, keeping nothing', async () => {
    const atLimit = await upload('image', { filename: 'big.png', content: sized(SAMPLES.png, MB) });
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json().size).toBe(MB);

    await expectNothingStoredBy(async () => {
      const response = await upload('image', { filename: 'bigger.png', content: sized(SAMPLES.png, MB + 1) });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'File too large (maximum 1.0MB)' });
    });
  });

  it('refuses with 413, keeping nothing, a file that spans several S3 parts before crossing the limit', async () => {
    const big = loadConfig({ MAX_IMAGE_UPLOAD_MB: '12' }).limits;
    const part = {
      file: Readable.from(
        (function* () {
          yield SAMPLES.png;
          for (let index = 0; index < 13; index++) yield Buffer.alloc(MB, index);
        })(),
      ),
      filename: 'huge.png',
      mimetype: 'image/png',
    };
    await expectNothingStoredBy(async () => {
      const receiving = receiveUpload({ storage: backend.storage, config: { limits: big } }, part, {
        accept: ['image'],
        suffix: 'image',
        keyFor: (storedName) => joinKey('orgs', 'org_1', 'direct', storedName),
      });
      await expect(receiving).rejects.toMatchObject({
        statusCode: 413,
        detail: 'File too large (maximum 12.0MB)',
      });
    });
  });

  it('refuses with 413 a file the multipart parser cut short at its own limit', async () => {
    await expectNothingStoredBy(async () => {
      const response = await upload(
        'image',
        { filename: 'cut.png', content: sized(SAMPLES.png, 5000) },
        '?parserLimit=1000',
      );
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'File too large (maximum 1.0MB)' });
    });
  });
});

describe('receiveUpload from any stream', () => {
  it('reports a path-like client name but keeps it out of the key', async () => {
    const root = mkdtempSync(join(tmpdir(), 'learnbase-upload-'));
    const storage = new LocalDiskStorage(root);
    const file = {
      file: Readable.from([SAMPLES.pdf]),
      filename: '..\\..\\..\\boot.ini.pdf',
      mimetype: 'application/pdf',
    };
    const received = await receiveUpload({ storage, config: { limits } }, file, {
      accept: ['document'],
      suffix: 'reference',
      keyFor: (name) => joinKey('tasks', 'task_1', name),
    });
    expect(received.originalName).toBe('..\\..\\..\\boot.ini.pdf');
    expect(received.key).toMatch(/^tasks\/task_1\/[0-9a-f-]{36}_reference\.pdf$/);
    expect(await storage.exists(received.key)).toBe(true);
    rmSync(root, { recursive: true, force: true });
  });

  it('fails with the caller’s key error and still reads the client’s stream to its end', async () => {
    const storage = new LocalDiskStorage(tmpdir());
    // Large enough that, unread, it would stall on backpressure and never end.
    const source = generatedStream(4 * MB, { head: SAMPLES.png });
    const ended = new Promise((resolve) => source.once('end', resolve));
    const receiving = receiveUpload(
      { storage, config: { limits } },
      { file: source, filename: 'a.png', mimetype: 'image/png' },
      { accept: ['image'], suffix: 'image', keyFor: (name) => `../${name}` },
    );
    await expect(receiving).rejects.toBeInstanceOf(InvalidKeyError);
    await ended;
  });

  it('refuses a stored-name suffix that could change the path', async () => {
    const storage = new LocalDiskStorage(tmpdir());
    const file = { file: Readable.from([SAMPLES.png]), filename: 'a.png', mimetype: 'image/png' };
    await expect(
      receiveUpload({ storage, config: { limits } }, file, {
        accept: ['image'],
        suffix: '../x',
        keyFor: (name) => name,
      }),
    ).rejects.toThrow('Invalid stored-name suffix');
  });
});
