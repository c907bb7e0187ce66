/** Sign in with e-mail and password (the same login as the API, cookies included) and sign out. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { HttpError } from '../../../core/errors/http-errors.ts';
import { clientInfo } from '../../../core/http/client-info.ts';
import { clearSessionCookies, setSessionCookies } from '../../auth/cookies.ts';
import { login } from '../../auth/login.ts';
import { revokeSessionById } from '../../auth/sessions.ts';
import { html } from '../html.ts';
import { renderPage, sendHtml } from '../layout.ts';
import { type Viewer, viewerOf } from '../viewer.ts';

/** Only a path on this site: never `//host` or `https://…`, so sign-in cannot redirect elsewhere. */
export function safeNext(next: string | undefined): string {
  return next && /^\/(?![/\\])/.test(next) ? next : '/';
}

function signInForm(viewer: Viewer, next: string, email = '', error?: string) {
  return html`<section class="panel narrow">
    <h1>Sign in</h1>
    ${error ? html`<p class="alert" role="alert">${error}</p>` : ''}
    <form method="post" action="/sign-in" class="stack">
      <input type="hidden" name="_csrf" value="${viewer.csrfToken}">
      <input type="hidden" name="next" value="${next}">
      <label for="email">E-mail</label>
      <input id="email" name="email" type="email" autocomplete="username" required value="${email}">
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required>
      <button type="submit" class="primary">Sign in</button>
    </form>
  </section>`;
}

function loginErrorMessage(error: HttpError): string {
  const detail = error.detail;
  return typeof detail === 'string' ? detail : String(detail.message ?? 'Could not sign in');
}

export async function sessionPages(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/sign-in',
    { schema: { hide: true, querystring: Type.Object({ next: Type.Optional(Type.String()) }) } },
    async (request, reply) => {
      const viewer = viewerOf(request, reply);
      const body = signInForm(viewer, safeNext(request.query.next));
      return sendHtml(reply, renderPage({ title: 'Sign in', viewer, body }));
    },
  );

  app.post(
    '/sign-in',
    {
      schema: {
        hide: true,
        body: Type.Object({
          email: Type.String({ maxLength: 320 }),
          password: Type.String({ maxLength: 1024 }),
          next: Type.Optional(Type.String({ maxLength: 2048 })),
        }),
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const next = safeNext(request.body.next);
      try {
        const result = await login(ctx, email, password, clientInfo(request));
        setSessionCookies(ctx, reply, result.tokens);
        return reply.redirect(next, 303);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        const retryAfter = error.headers['Retry-After'];
        if (retryAfter) reply.header('retry-after', retryAfter);
        const viewer = viewerOf(request, reply);
        const body = signInForm(viewer, next, email, loginErrorMessage(error));
        return sendHtml(reply, renderPage({ title: 'Sign in', viewer, body }), error.statusCode);
      }
    },
  );

  app.post('/sign-out', { schema: { hide: true } }, async (request, reply) => {
    if (request.principal.kind === 'user') await revokeSessionById(ctx, request.principal.sessionId);
    clearSessionCookies(ctx, reply);
    return reply.redirect('/', 303);
  });
}
