/**
 * JSON bodies encoded once and served as bytes. Node writes a large string to a socket far
 * more slowly than the same bytes in a Buffer (for a few hundred KB the string costs
 * milliseconds), so a body that is served many times (a cached course tree) is kept encoded,
 * with a digest that serves as its entity tag: a client holding that version gets a 304.
 */
import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatchHits } from './entity-tag.ts';

export interface JsonBytes {
  readonly bytes: Buffer;
  /** Changes whenever the bytes do. */
  readonly digest: string;
}

export function toJsonBytes(json: string): JsonBytes {
  const bytes = Buffer.from(json, 'utf8');
  return { bytes, digest: hash('sha1', bytes, 'base64url') };
}

/** Sends the body with its entity tag, or 304 when the client already holds this version. */
export function sendJsonBytes(request: FastifyRequest, reply: FastifyReply, body: JsonBytes): FastifyReply {
  const etag = `"${body.digest}"`;
  reply.header('etag', etag);
  if (ifNoneMatchHits(request, etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body.bytes);
}
