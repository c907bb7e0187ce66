/**
 * Conditional GET (RFC 9110 §13.1.2): a client that already holds the current version of a
 * response names its entity tag in `If-None-Match` and gets a 304 without the body.
 */
import type { FastifyRequest } from 'fastify';

/** Does `If-None-Match` name this entity tag (weak comparison, as the RFC asks for GET) or `*`? */
export function ifNoneMatchHits(request: FastifyRequest, etag: string): boolean {
  const raw = request.headers['if-none-match'];
  const header = Array.isArray(raw) ? raw.join(', ') : raw;
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header
    .split(',')
    .some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(etag));
}
