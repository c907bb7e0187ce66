/**
 * JSON bodies encoded once and served as bytes. Node writes a large string to a socket far
 * more slowly than the same bytes in a Buffer (for a few hundred KB the string costs
 * milliseconds), so a body that is served many times (a cached course tree) is kept encoded,
 * with a digest that serves as its entity tag: a client holding that version gets a 304.
 * Clients that accept gzip (browsers and HTTP libraries ask for it by default) get the body
 * compressed: course trees shrink ten to thirty times, and a cached tree is compressed once.
 */
import { hash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatchHits } from './entity-tag.ts';

/** Below this, compression saves too little to be worth a header. */
const SMALLEST_COMPRESSED_BYTES = 1024;

export class JsonBytes {
  readonly bytes: Buffer;
  /** Changes whenever the bytes do. */
  readonly digest: string;
  #gzip?: Buffer;

  constructor(json: string) {
    this.bytes = Buffer.from(json, 'utf8');
    this.digest = hash('sha1', this.bytes, 'base64url');
  }

  /** The gzip-compressed bytes, made on first use and kept with the body. */
  get gzip(): Buffer {
    this.#gzip ??= gzipSync(this.bytes);
    return this.#gzip;
  }
}

export function toJsonBytes(json: string): JsonBytes {
  return new JsonBytes(json);
}

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && negotiate(header, ['gzip', 'identity']) === 'gzip';
}

/**
 * Sends the body with its entity tag, gzip-compressed when the client accepts it, or 304
 * when the client already holds this version. Each encoding is its own representation with
 * its own tag (RFC 9110 §8.8.3), and the response varies by Accept-Encoding for caches.
 */
export function sendJsonBytes(request: FastifyRequest, reply: FastifyReply, body: JsonBytes): FastifyReply {
  const compressed = body.bytes.length >= SMALLEST_COMPRESSED_BYTES && acceptsGzip(request);
  const etag = compressed ? `"${body.digest}-gzip"` : `"${body.digest}"`;
  reply.header('vary', 'Accept-Encoding');
  reply.header('etag', etag);
  if (ifNoneMatchHits(request, etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (!compressed) return reply.send(body.bytes);
  return reply.header('content-encoding', 'gzip').send(body.gzip);
}
