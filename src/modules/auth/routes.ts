/** Sessions over HTTP: login, refresh, logout, OAuth, e-mail verification, token swap. */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { rejectApiTokens } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { HttpError, unauthorized } from '../../core/errors/http-errors.ts';
import { clientInfo } from '../../core/http/client-info.ts';
import { findOrgById, findOrgByUuid } from '../orgs/service.ts';
import { resendVerification, verifyEmail } from '../users/email-verification.ts';
import { toUserRead } from '../users/present.ts';
import { UserRead } from '../users/schemas.ts';
import { ACCESS_COOKIE, clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from './cookies.ts';
import { login } from './login.ts';
import { oauthLogin } from './oauth.ts';
import {
  LoginForm,
  LoginResponse,
  OAuthBody,
  ResendVerificationBody,
  TokenSwapBody,
  TokenSwapResponse,
  Tokens,
  VerifyEmailBody,
} from './schemas.ts';
import { revokeSessionById, rotateRefreshToken } from './sessions.ts';
import { swapTokenForUserJwt } from './token-swap.ts';

const tags = ['auth'];

export async function authRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/v1/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password (form-encoded); sets the session cookies',
        consumes: ['application/x-www-form-urlencoded'],
        body: LoginForm,
        response: { 200: LoginResponse },
      },
    },
    async (request, reply) => {
      const result = await login(ctx, request.body.username, request.body.password, clientInfo(request));
      setSessionCookies(ctx, reply, result.tokens);
      return { user: toUserRead(result.user), tokens: result.tokens };
    },
  );

  app.get(
    '/api/v1/auth/refresh',
    {
      config: { bearerIsRefreshToken: true },
      schema: {
        tags,
        summary: 'New tokens from the refresh token (cookie, or `Authorization: Bearer <refresh token>`)',
        security: [],
        response: { 200: Tokens },
      },
    },
    async (request, reply) => {
      const limit = await ctx.rateLimiter.hit(`refresh:${request.ip}`, 60, 60);
      if (!limit.allowed) {
        throw new HttpError(
          429,
          {
            code: 'RATE_LIMITED',
            message: 'Too many refresh attempts. Please try again later.',
            retry_after: limit.retryAfterSeconds,
          },
          { 'Retry-After': String(limit.retryAfterSeconds) },
        );
      }
      const header = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const token = request.cookies[REFRESH_COOKIE] ?? header;
      if (!token) throw unauthorized('Invalid credentials');
      const result = await rotateRefreshToken(ctx, token);
      if (result.replayed) {
        clearSessionCookies(ctx, reply);
        throw unauthorized('Invalid credentials');
      }
      setSessionCookies(ctx, reply, result.tokens);
      return result.tokens;
    },
  );

  app.delete(
    '/api/v1/auth/logout',
    {
      schema: {
        tags,
        summary: 'End this session on every process (the tokens stop working at once)',
        response: { 200: Type.Object({ msg: Type.String() }) },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      rejectApiTokens(principal);
      if (principal.kind === 'user') await revokeSessionById(ctx, principal.sessionId);
      // A stale cookie still gets cleared; no credential at all is a 401.
      else if (!request.cookies[ACCESS_COOKIE]) throw unauthorized('Not authenticated');
      clearSessionCookies(ctx, reply);
      return { msg: 'Successfully logout' };
    },
  );

  app.post(
    '/api/v1/auth/oauth',
    {
      schema: {
        tags,
        summary: 'Sign in with an access token from a configured OpenID Connect provider',
        security: [],
        querystring: Type.Object({ org_id: Type.Optional(Type.Integer()) }),
        body: OAuthBody,
        response: { 200: LoginResponse },
      },
    },
    async (request, reply) => {
      const result = await oauthLogin(ctx, request.body, request.query.org_id, clientInfo(request));
      setSessionCookies(ctx, reply, result.tokens);
      return { user: toUserRead(result.user), tokens: result.tokens };
    },
  );

  app.post(
    '/api/v1/auth/verify-email',
    {
      schema: {
        tags,
        summary: 'Verify an e-mail address with the token from the verification mail (single use)',
        security: [],
        body: VerifyEmailBody,
        response: { 200: Type.Object({ message: Type.String(), user: UserRead }) },
      },
    },
    async (request) => {
      const result = await verifyEmail(
        ctx,
        request.body,
        async (db, uuid) => (await findOrgByUuid(db, uuid))?.id,
      );
      return { message: result.message, user: toUserRead(result.user) };
    },
  );

  app.post(
    '/api/v1/auth/resend-verification',
    {
      schema: {
        tags,
        summary: 'Send a new verification mail (the answer never reveals whether the account exists)',
        security: [],
        body: ResendVerificationBody,
        response: { 200: Type.Object({ message: Type.String() }) },
      },
    },
    async (request) => {
      const org = request.body.org_id ? await findOrgById(ctx.database.db, request.body.org_id) : undefined;
      return resendVerification(ctx, request.body.email, org ?? null);
    },
  );

  app.post(
    '/api/v1/admin/:org_slug/auth/token',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Exchange an API token (with `users` read) for a 1-hour session JWT of a member of the token's organization",
        params: Type.Object({ org_slug: Type.String() }),
        body: TokenSwapBody,
        response: { 200: TokenSwapResponse },
      },
    },
    async (request) =>
      swapTokenForUserJwt(
        ctx,
        request.principal,
        request.params.org_slug,
        request.body.user_id,
        clientInfo(request),
      ),
  );
}
