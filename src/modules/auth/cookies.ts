/** The session cookies browsers use (spec §5: `access_token_cookie`). */
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from './jwt.ts';
import type { IssuedTokens } from './sessions.ts';

export const ACCESS_COOKIE = 'access_token_cookie';
export const REFRESH_COOKIE = 'refresh_token_cookie';
/** The refresh cookie is only ever sent to the refresh endpoint. */
const REFRESH_COOKIE_PATH = '/api/v1/auth';

export function setSessionCookies(ctx: AppContext, reply: FastifyReply, tokens: IssuedTokens): void {
  const secure = ctx.config.publicUrl.startsWith('https://');
  reply.setCookie(ACCESS_COOKIE, tokens.access_token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: ACCESS_TOKEN_SECONDS,
  });
  reply.setCookie(REFRESH_COOKIE, tokens.refresh_token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: REFRESH_COOKIE_PATH,
    maxAge: REFRESH_TOKEN_SECONDS,
  });
}

export function clearSessionCookies(ctx: AppContext, reply: FastifyReply): void {
  const secure = ctx.config.publicUrl.startsWith('https://');
  reply.clearCookie(ACCESS_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });
}
