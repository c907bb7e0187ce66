/** Who is looking at a page, and the CSRF token their forms must carry. */
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface Viewer {
  user?: { id: number; username: string };
  csrfToken: string;
}

export function viewerOf(request: FastifyRequest, reply: FastifyReply): Viewer {
  const principal = request.principal;
  return {
    user: principal.kind === 'user' ? { id: principal.id, username: principal.username } : undefined,
    csrfToken: reply.generateCsrf(),
  };
}
