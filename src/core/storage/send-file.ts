/**
 * Serves a stored object as an HTTP response: content type, length, entity tag and
 * modification time; single byte ranges (206, or 416 past the end) so video and audio can
 * seek; HEAD without reading the object; If-None-Match → 304. Who may read the object is
 * the caller's decision, made before calling.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatchHits } from '../http/entity-tag.ts';
import { decideRange, type RangeDecision } from './byte-range.ts';
import { contentTypeForKey } from './content-types.ts';
import { MissingObjectError, type ObjectInfo, RangeNotSatisfiableError, type Storage } from './storage.ts';

export interface SendFileOptions {
  /** Default: inline for images, audio, video and PDF; attachment for everything else. */
  disposition?: 'inline' | 'attachment';
  /** Default `private, no-cache`: browsers may keep a copy but revalidate it (cheap, 304). */
  cacheControl?: string;
}

const INLINE_TYPES = /^(image|audio|video)\/|^application\/pdf$/;

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** If-Range names the version the client holds a part of; another version gets the whole object. */
function rangeStillValid(ifRange: string | undefined, info: ObjectInfo): boolean {
  if (!ifRange) return true;
  const condition = ifRange.trim();
  if (condition.startsWith('"')) return condition === info.etag;
  if (condition.startsWith('W/')) return false;
  return (
    info.lastModified !== undefined &&
    Date.parse(condition) === Math.floor(info.lastModified.getTime() / 1000) * 1000
  );
}

function describe(reply: FastifyReply, key: string, info: ObjectInfo, options: SendFileOptions): void {
  const contentType = info.contentType || contentTypeForKey(key);
  const disposition = options.disposition ?? (INLINE_TYPES.test(contentType) ? 'inline' : 'attachment');
  const fileName = key.slice(key.lastIndexOf('/') + 1);
  reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', `${disposition}; filename="${fileName}"`)
    .header('ETag', info.etag)
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', options.cacheControl ?? 'private, no-cache')
    .header('X-Content-Type-Options', 'nosniff');
  if (info.lastModified) reply.header('Last-Modified', info.lastModified.toUTCString());
}

/** For GET and HEAD routes: `return sendFile(request, reply, ctx.storage, key)`. */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  options: SendFileOptions = {},
): Promise<FastifyReply> {
  const info = await storage.stat(key);
  if (!info) throw new MissingObjectError(key);
  if (ifNoneMatchHits(request, info.etag)) {
    describe(reply, key, info, options);
    return reply.code(304).send();
  }
  const decision: RangeDecision = rangeStillValid(headerOf(request, 'if-range'), info)
    ? decideRange(headerOf(request, 'range'), info.size)
    : { kind: 'whole' };
  if (decision.kind === 'unsatisfiable') throw new RangeNotSatisfiableError(info.size);
  const range = decision.kind === 'part' ? { start: decision.start, end: decision.end } : undefined;

  if (request.method === 'HEAD') {
    describe(reply, key, info, options);
    const start = range?.start ?? 0;
    const end = range?.end ?? info.size - 1;
    if (range) reply.code(206).header('Content-Range', `bytes ${start}-${end}/${info.size}`);
    // An empty stream, not an empty body: Fastify's automatic HEAD routes reset Content-Length
    // to 0 for a missing body, but keep it for a stream (which they drain).
    return reply.header('Content-Length', String(end - start + 1)).send(Readable.from([]));
  }

  // The headers describe what was read, in case the object was replaced since stat().
  const read = await storage.get(key, range);
  describe(reply, key, read, options);
  if (range) reply.code(206).header('Content-Range', `bytes ${read.start}-${read.end}/${read.size}`);
  return reply.header('Content-Length', String(read.end - read.start + 1)).send(read.stream);
}
