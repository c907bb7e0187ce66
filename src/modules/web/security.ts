/**
 * What keeps the pages safe: a strict Content-Security-Policy (no inline script or style,
 * nothing from another host except media and framed embeds over https), no framing of our
 * pages, and CSRF tokens on every state-changing form post (double-submit: a secret in an
 * httpOnly SameSite=Strict cookie, a token derived from it in the form).
 */
import csrf from '@fastify/csrf-protection';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../core/context.ts';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https: data:",
  "media-src 'self' https:",
  "frame-src 'self' https:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const CSRF_FIELD = '_csrf';

/** Multipart forms carry the token in the query string: their body is a stream read later. */
function csrfTokenOf(request: FastifyRequest): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const fromBody = body && typeof body === 'object' ? body[CSRF_FIELD] : undefined;
  const candidate = fromBody ?? query?.[CSRF_FIELD] ?? request.headers['x-csrf-token'];
  return typeof candidate === 'string' ? candidate : undefined;
}

export async function registerPageSecurity(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(csrf, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: 'lb_csrf',
    cookieOpts: {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: ctx.config.publicUrl.startsWith('https://'),
    },
    getToken: csrfTokenOf,
  });
  app.addHook('onSend', async (_request, reply: FastifyReply, payload) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    reply.header('cache-control', 'no-store');
    return payload;
  });
  // Every state-changing page route checks the token before anything else looks at the body.
  app.addHook('preValidation', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    await new Promise<void>((resolve, reject) => {
      app.csrfProtection(request, reply, (error?: Error) => (error ? reject(error) : resolve()));
    });
  });
}
