/** Generated content for streaming tests: produced chunk by chunk, never held whole. */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

export interface GeneratedOptions {
  /** Bytes to start with (a file signature); the rest is a repeating pattern. */
  head?: Buffer;
  chunkSize?: number;
  /** Fail with this error after `failAfter` bytes instead of ending. */
  failAfter?: number;
  onChunk?: () => void;
}

/** The byte at `offset` of every generated stream (after its head). */
const patternByte = (offset: number) => (offset * 31 + 7) & 0xff;

function* chunks(size: number, options: GeneratedOptions): Generator<Buffer> {
  const chunkSize = options.chunkSize ?? 64 * 1024;
  const head = options.head ?? Buffer.alloc(0);
  const template = Buffer.alloc(chunkSize + 256);
  for (let index = 0; index < template.length; index++) template[index] = patternByte(index);
  let produced = 0;
  if (head.length > 0) {
    const first = head.subarray(0, Math.min(head.length, size));
    produced += first.length;
    yield Buffer.from(first);
  }
  while (produced < size) {
    if (options.failAfter !== undefined && produced >= options.failAfter) {
      throw new Error('generated stream failed on purpose');
    }
    options.onChunk?.();
    const length = Math.min(chunkSize, size - produced);
    // A fresh copy per chunk, as a socket would deliver, so consumers may keep it.
    const offset = produced % 256;
    yield Buffer.from(template.subarray(offset, offset + length));
    produced += length;
  }
}

export function generatedStream(size: number, options: GeneratedOptions = {}): Readable {
  return Readable.from(chunks(size, options), { objectMode: false });
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk);
  return Buffer.concat(parts);
}

export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}
