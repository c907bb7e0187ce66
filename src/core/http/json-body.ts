/**
 * The JSON body parser: Fastify's own (same errors, same prototype-poisoning guard), except
 * that an empty body is no body. Clients commonly send `Content-Type: application/json`
 * with nothing on POSTs that take no body; FastAPI accepts that and so do we.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

type Done = (error: Error | null, body?: unknown) => void;

export function useJsonParser(
  app: FastifyInstance,
  keepText?: (request: FastifyRequest, text: string) => void,
): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done: Done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    keepText?.(request, text);
    parse(request, text, done);
  });
}
