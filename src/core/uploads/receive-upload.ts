/**
 * Receives one uploaded file into storage, streaming: the first bytes are checked
 * against the format the file name claims before anything is written, the size limit
 * of the file's kind is enforced while the rest flows through, and a refused or broken
 * upload leaves no object behind (storage writes are all-or-nothing). The stored name
 * is made here, `<uuid4>_<suffix>.<extension of the validated format>`: the client's
 * file name is reported back but never becomes part of a path.
 *
 * A route that refuses a request before calling this (no permission, unknown parent)
 * should call `part.file.resume()` first, for the reason given at UploadReader.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import type { Limits } from '../config.ts';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../errors/http-errors.ts';
import type { Storage } from '../storage/storage.ts';
import { acceptedFormat, allowedExtensions, extensionOf, type FileKind } from './file-kinds.ts';
import { SNIFF_BYTES, sniffSignature } from './sniff.ts';

/** A @fastify/multipart file part, or any stream with the name and type its client declared. */
export interface IncomingFile {
  file: Readable;
  filename: string;
  mimetype: string;
}

export interface ReceiveUploadOptions {
  /** The kinds this endpoint takes; when two claim an extension, the first listed wins. */
  accept: readonly FileKind[];
  /** Middle part of the stored name, e.g. 'video' → `<uuid4>_video.mp4`. */
  suffix: string;
  /** The storage key for a stored name, e.g. `(name) => joinKey('orgs', org, 'logos', name)`. */
  keyFor: (storedName: string) => string;
}

export interface ReceivedUpload {
  key: string;
  /** `<uuid4>_<suffix>.<extension>`, the last segment of `key`. */
  storedName: string;
  size: number;
  etag: string;
  kind: FileKind;
  /** The canonical content type of the validated format. */
  mimeType: string;
  /** The stored extension, without the dot. */
  extension: string;
  /** The client's file name, for display only. */
  originalName: string;
  /** The content type the client declared, unverified. */
  declaredMimeType: string;
}

export interface UploadContext {
  storage: Storage;
  config: { limits: Limits };
}

const SUFFIX = /^[A-Za-z0-9_-]{1,100}$/;

/** Python's list repr, which clients of the existing API already parse: ['.jpg', '.png']. */
const listText = (items: string[]) => `[${items.map((item) => `'${item}'`).join(', ')}]`;

const tooLarge = (maxBytes: number) =>
  payloadTooLarge(`File too large (maximum ${(maxBytes / (1024 * 1024)).toFixed(1)}MB)`);

/**
 * Reads an upload through a tap that can be let go of early. A refused file is not
 * destroyed, which would stall the multipart parser and leave the client hanging with a
 * half-sent body: the rest is read and thrown away (as Node does with an unread request
 * body), so the answer reaches the client and the connection stays usable.
 */
class UploadReader {
  private readonly tap = new PassThrough();
  readonly chunks: AsyncIterator<Buffer>;

  constructor(private readonly source: Readable & { truncated?: boolean }) {
    source.on('error', (error) => this.tap.destroy(error));
    source.pipe(this.tap);
    this.chunks = this.tap[Symbol.asyncIterator]();
  }

  /** busboy stops a file at the parser's own limit and flags it instead of failing. */
  get truncated(): boolean {
    return this.source.truncated === true;
  }

  async head(): Promise<Buffer> {
    const parts: Buffer[] = [];
    let length = 0;
    while (length < SNIFF_BYTES) {
      const next = await this.chunks.next();
      if (next.done) break;
      parts.push(next.value);
      length += next.value.length;
    }
    return Buffer.concat(parts);
  }

  discardRest(): void {
    this.source.unpipe(this.tap);
    this.tap.destroy();
    this.source.resume();
  }
}

/** The head, then the rest of the file, failing once more than `maxBytes` have passed. */
async function* limitedBody(
  head: Buffer,
  reader: UploadReader,
  maxBytes: number,
  onTooLarge: () => void,
): AsyncGenerator<Buffer> {
  let finished = false;
  try {
    let chunk = head;
    let size = head.length;
    while (size <= maxBytes) {
      yield chunk;
      const next = await reader.chunks.next();
      if (next.done) {
        finished = !reader.truncated;
        break;
      }
      chunk = next.value;
      size += chunk.length;
    }
    if (!finished) {
      onTooLarge();
      throw tooLarge(maxBytes);
    }
  } finally {
    // Over the limit, or storage gave up: stop storing, let the client finish sending.
    if (!finished) reader.discardRest();
  }
}

export async function receiveUpload(
  ctx: UploadContext,
  incoming: IncomingFile | undefined,
  options: ReceiveUploadOptions,
): Promise<ReceivedUpload> {
  if (!SUFFIX.test(options.suffix)) throw new Error(`Invalid stored-name suffix "${options.suffix}"`);
  if (!incoming?.filename) {
    incoming?.file.resume();
    throw badRequest('No file provided');
  }
  const extension = extensionOf(incoming.filename);
  if (extension === 'svg') {
    incoming.file.resume();
    throw unsupportedMediaType('SVG files are not allowed for security reasons');
  }
  const accepted = acceptedFormat(options.accept, extension, ctx.config.limits);
  if (!accepted) {
    incoming.file.resume();
    throw unsupportedMediaType(
      `File type not allowed. Allowed: ${listText(allowedExtensions(options.accept))}`,
    );
  }

  const reader = new UploadReader(incoming.file);
  const head = await reader.head();
  if (sniffSignature(head) !== accepted.format.signature) {
    reader.discardRest();
    throw unsupportedMediaType('File appears to be corrupted or invalid');
  }

  const storedName = `${randomUUID()}_${options.suffix}.${accepted.format.storedExtension}`;
  let key: string;
  let stored: { size: number; etag: string };
  let refusedForSize = false;
  try {
    key = options.keyFor(storedName);
    const body = Readable.from(
      limitedBody(head, reader, accepted.maxBytes, () => {
        refusedForSize = true;
      }),
      { objectMode: false },
    );
    stored = await ctx.storage.put(key, body, { contentType: accepted.mimeType });
  } catch (error) {
    // Also when storage failed before it read anything (the body's own cleanup never ran).
    reader.discardRest();
    // Back ends may wrap the stream's error; the limit is what the client must hear about.
    if (refusedForSize) throw tooLarge(accepted.maxBytes);
    throw error;
  }
  return {
    key,
    storedName,
    size: stored.size,
    etag: stored.etag,
    kind: accepted.kind,
    mimeType: accepted.mimeType,
    extension: accepted.format.storedExtension,
    originalName: incoming.filename,
    declaredMimeType: incoming.mimetype,
  };
}
