/**
 * Errors on pages are pages: a signed-out visitor who needs a session is sent to sign in
 * and brought back; anything else is shown with its status and the service's message.
 * The API's JSON error shapes stay untouched outside this plugin.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, ValidationProblem } from '../../core/errors/http-errors.ts';
import { html } from './html.ts';
import { renderPage, sendHtml } from './layout.ts';
import { viewerOf } from './viewer.ts';

function messageOf(error: FastifyError): { status: number; message: string } {
  if (error.validation || error instanceof ValidationProblem) {
    return { status: 422, message: 'Some of what was sent is not valid. Go back and check the form.' };
  }
  if (error instanceof HttpError) {
    const detail = error.detail;
    const message = typeof detail === 'string' ? detail : String(detail.message ?? detail.code ?? 'Error');
    return { status: error.statusCode, message };
  }
  if (error.code?.startsWith('FST_CSRF')) {
    return { status: 403, message: 'This form has expired. Reload the page and try again.' };
  }
  if (error.statusCode && error.statusCode < 500) return { status: error.statusCode, message: error.message };
  return { status: 500, message: 'Something went wrong on our side. Please try again.' };
}

export function signInUrl(request: FastifyRequest): string {
  return `/sign-in?next=${encodeURIComponent(request.url)}`;
}

export function renderErrorPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
) {
  const title = status === 404 ? 'Not found' : status === 403 ? 'Not allowed' : 'Something went wrong';
  const body = html`<section class="panel narrow">
    <h1>${title}</h1>
    <p>${message}</p>
    <p><a href="/">Back to the start page</a></p>
  </section>`;
  return sendHtml(reply, renderPage({ title, viewer: viewerOf(request, reply), body }), status);
}

export function registerPageErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, message } = messageOf(error);
    if (status >= 500) request.log.error({ err: error }, 'page failed');
    if (status === 401 && request.method === 'GET') return reply.redirect(signInUrl(request), 303);
    return renderErrorPage(request, reply, status, message);
  });
}
