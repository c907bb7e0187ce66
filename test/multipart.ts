/** multipart/form-data request bodies for upload tests, built the way browsers send them. */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

export interface FilePart {
  field: string;
  filename: string;
  contentType?: string;
  content: Buffer;
}

/** A whole body in memory, for app.inject(). */
export async function multipartPayload(
  fields: Record<string, string>,
  files: FilePart[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field,
      new Blob([new Uint8Array(file.content)], { type: file.contentType ?? '' }),
      file.filename,
    );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/** A body whose one file is streamed from `content`, for real HTTP requests of any size. */
export function multipartStream(
  field: string,
  filename: string,
  contentType: string,
  content: Readable,
): { body: Readable; contentType: string } {
  const boundary = `----learnbase${randomBytes(12).toString('hex')}`;
  const preamble =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  async function* parts() {
    yield Buffer.from(preamble);
    yield* content;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    body: Readable.from(parts(), { objectMode: false }),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
