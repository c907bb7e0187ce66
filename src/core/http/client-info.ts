import type { FastifyRequest } from 'fastify';

/** The caller's address and agent, for sessions, rate limits and audit logs. */
export function clientInfo(request: FastifyRequest): { ip: string; userAgent: string | undefined } {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
