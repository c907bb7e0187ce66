/**
 * Builds the HTTP application: Fastify with TypeBox schemas on every route, one error
 * renderer, OpenAPI generated from the route schemas (served at /openapi.json, rendered at
 * /docs), and every module's routes. It does not listen; main.ts and the tests do that.
 */
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import './core/auth/fastify-request.ts';
import { ANONYMOUS } from './core/auth/principal.ts';
import type { AppContext } from './core/context.ts';
import { registerErrorHandling } from './core/errors/error-handler.ts';
import { useJsonParser } from './core/http/json-body.ts';
import { ErrorResponse, ValidationErrorResponse } from './core/http/schemas.ts';
import { requestLoggerFactory } from './core/logger.ts';
import { largestUploadBytes } from './core/uploads/file-kinds.ts';
import { resolvePrincipal } from './modules/auth/authenticate.ts';
import { registerModules } from './modules/index.ts';
import { recordRequestMetrics } from './modules/metrics/routes.ts';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger,
    childLoggerFactory: requestLoggerFactory,
    bodyLimit: ctx.config.limits.bodyBytes,
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    ajv: {
      customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: true, useDefaults: true },
    },
    // On close, idle keep-alive connections are dropped at once; requests in flight finish.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // While shutting down, the answers to requests still in flight close their connection, so
  // the process does not wait for those clients' keep-alive timeouts before it can exit.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  registerErrorHandling(app);
  useJsonParser(app);
  recordRequestMetrics(app, ctx);
  app.addSchema(ErrorResponse);
  app.addSchema(ValidationErrorResponse);

  await app.register(cookie);
  // The caller is resolved after cookies are parsed and before validation, so a bad
  // credential is a 401 whatever else is wrong with the request.
  app.decorateRequest('principal', null as never);
  app.addHook('onRequest', async (request) => {
    // The refresh endpoint reads a refresh token from the Authorization header itself.
    const bearerIsRefreshToken = (request.routeOptions.config as { bearerIsRefreshToken?: boolean })
      ?.bearerIsRefreshToken;
    request.principal = bearerIsRefreshToken ? ANONYMOUS : await resolvePrincipal(ctx, request);
  });
  await app.register(formbody);
  await app.register(multipart, {
    limits: {
      // The outer bound only; receiveUpload enforces each kind's own limit while streaming.
      fileSize: largestUploadBytes(ctx.config.limits),
      files: 1,
      fields: 50,
      fieldSize: ctx.config.limits.bodyBytes,
    },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Learnbase API',
        version: ctx.version,
        description:
          'Learning-platform backend: organizations, courses, chapters, activities, assignments, search and signed webhooks. ' +
          'Authenticate with `Authorization: Bearer <session JWT or lh_ API token>`.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'Session JWT or organization API token (lh_…)',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (json.$id as string) ?? `def-${i}`,
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await registerModules(app, ctx);
  return app;
}
