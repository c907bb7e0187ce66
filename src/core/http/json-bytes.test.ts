import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJsonBytes, toJsonBytes } from './json-bytes.ts';

const large = toJsonBytes(
  JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i, text: 'lorem ipsum' })) }),
);
const small = toJsonBytes('{"ok":true}');
const app = Fastify();
app.get('/large', (request, reply) => sendJsonBytes(request, reply, large));
app.get('/small', (request, reply) => sendJsonBytes(request, reply, small));
beforeAll(() => app.ready());
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('serving stored JSON bytes', () => {
  it('sends the bytes as they are, with an entity tag, to a client that accepts no compression', async () => {
    const response = await get('/large');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.rawPayload.equals(large.bytes)).toBe(true);
    expect(response.headers.etag).toBe(`"${large.digest}"`);
  });

  it('compresses for a client that accepts gzip; the same bytes come out, under their own tag', async () => {
    const response = await get('/large', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.rawPayload.length).toBeLessThan(large.bytes.length / 5);
    expect(gunzipSync(response.rawPayload).equals(large.bytes)).toBe(true);
    expect(response.headers.etag).toBe(`"${large.digest}-gzip"`);
    // Compressed once, then served from the body.
    expect(large.gzip).toBe(large.gzip);
  });

  it('honours a refusal of gzip and leaves small bodies uncompressed', async () => {
    expect(
      (await get('/large', { 'accept-encoding': 'gzip;q=0, identity' })).headers['content-encoding'],
    ).toBe(undefined);
    const tiny = await get('/small', { 'accept-encoding': 'gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('{"ok":true}');
  });

  it('answers 304 without a body when the client holds the version of the encoding it asks for', async () => {
    const plain = await get('/large', { 'if-none-match': `"${large.digest}"` });
    expect(plain.statusCode).toBe(304);
    expect(plain.rawPayload.length).toBe(0);
    const gzip = await get('/large', {
      'accept-encoding': 'gzip',
      'if-none-match': `W/"${large.digest}-gzip"`,
    });
    expect(gzip.statusCode).toBe(304);
    // A tag of the other encoding is another representation: the body is sent.
    const crossed = await get('/large', { 'accept-encoding': 'gzip', 'if-none-match': `"${large.digest}"` });
    expect(crossed.statusCode).toBe(200);
  });
});
