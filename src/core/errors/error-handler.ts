/**
 * The one place that knows how errors look on the wire:
 * - schema validation (and malformed JSON) → 422 `{"detail":[{type, loc, msg, input}]}`
 * - domain errors → their status and `{"detail": ...}`
 * - driver constraint errors → 409 via driver-errors.ts
 * - anything else → 500 `{"detail":"Internal Server Error"}`; the stack goes to the log only.
 * Unknown routes are 404 `{"detail":"Not Found"}`, a known path with the wrong method 405.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { translateDriverError } from '../db/driver-errors.ts';
import { HttpError, type ValidationItem, ValidationProblem } from './http-errors.ts';
import { validationItems } from './validation-items.ts';

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function sendValidation(reply: FastifyReply, items: ValidationItem[]) {
  return reply.status(422).send({ detail: items });
}

function sourceFor(request: FastifyRequest, context: string | undefined): unknown {
  switch (context) {
    case 'querystring':
      return request.query;
    case 'params':
      return request.params;
    case 'headers':
      return request.headers;
    default:
      return request.body;
  }
}

export function registerErrorHandling(app: FastifyInstance): void {
  // A shadow router that only answers "does this path exist for another method?" for 405s.
  const shadow = FindMyWay({ ignoreTrailingSlash: true });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!METHODS.includes(method as HTTPMethod)) continue;
      try {
        shadow.on(method as HTTPMethod, route.url, () => {});
      } catch {
        // The same path registered twice under one method (e.g. HEAD from GET); already known.
      }
    }
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = METHODS.filter((method) => method !== request.method && shadow.find(method, path));
    if (allowed.length > 0) {
      return reply.status(405).header('Allow', allowed.join(', ')).send({ detail: 'Method Not Allowed' });
    }
    return reply.status(404).send({ detail: 'Not Found' });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return sendValidation(
        reply,
        validationItems(
          error.validation,
          error.validationContext,
          sourceFor(request, error.validationContext),
        ),
      );
    }
    if (error instanceof ValidationProblem) return sendValidation(reply, error.items);
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return reply.status(error.statusCode).send({ detail: error.detail });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return sendValidation(reply, [
          {
            type: 'json_invalid',
            loc: ['body', 0],
            msg: 'JSON decode error',
            input: {},
            ctx: { error: error.message },
          },
        ]);
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendValidation(reply, [
          { type: 'missing', loc: ['body'], msg: 'Field required', input: null },
        ]);
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return reply.status(413).send({ detail: 'Request Entity Too Large' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ detail: 'Unsupported Media Type' });
    }
    const translated = translateDriverError(error);
    if (translated) {
      request.log.info({ err: error }, 'constraint violation');
      return reply.status(translated.statusCode).send({ detail: translated.detail });
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal Server Error' });
  });
}
