/**
 * Resolves the caller of every request, once, before the handler runs:
 * - `Authorization: Bearer lh_…` → the organization API token (401 when invalid), held to
 *   its organization: an `org_id`/`org_slug` of another organization in the path or the
 *   query is refused with 403 before anything else happens;
 * - `Authorization: Bearer <jwt>` → the session user (401 when invalid, expired, revoked
 *   or a refresh token);
 * - the `access_token_cookie` cookie → the session user, or anonymous when stale (a
 *   browser keeps old cookies and must still see public pages);
 * - nothing → anonymous.
 */
import type { FastifyRequest } from 'fastify';
import {
  ANONYMOUS,
  type Principal,
  type SessionUser,
  type TokenPrincipal,
} from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { forbidden, unauthorized } from '../../core/errors/http-errors.ts';
import { authenticateApiToken } from '../api-tokens/service.ts';
import { looksLikeApiToken } from '../api-tokens/token-secret.ts';
import { findOrgBySlug } from '../orgs/service.ts';
import { OUTSIDE_ORG } from '../roles/access.ts';
import { ACCESS_COOKIE } from './cookies.ts';
import { findActiveSessionWithUser, jwtCodec } from './sessions.ts';

const INVALID = 'Could not validate credentials';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized(INVALID);
  return match[1];
}

export async function sessionUserFromJwt(ctx: AppContext, token: string): Promise<SessionUser | undefined> {
  const claims = jwtCodec(ctx).verify(token, 'access');
  if (!claims) return undefined;
  const row = await findActiveSessionWithUser(ctx.database.db, claims.sid, Date.now());
  if (!row || row.user_uuid !== claims.sub) return undefined;
  return {
    kind: 'user',
    id: row.user_id,
    uuid: row.user_uuid,
    email: row.email,
    username: row.username,
    isSuperadmin: row.is_superadmin,
    sessionId: row.session_id,
  };
}

const INTEGER = /^\d+$/;

/** The org boundary every token request must respect, from path and query parameters. */
async function assertTokenOrgBoundary(ctx: AppContext, request: FastifyRequest, token: TokenPrincipal) {
  const sources = [request.params, request.query] as (Record<string, unknown> | undefined)[];
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue;
    const orgId = source.org_id;
    if (typeof orgId === 'string' && INTEGER.test(orgId) && Number(orgId) !== token.orgId)
      throw forbidden(OUTSIDE_ORG);
    if (typeof orgId === 'number' && orgId !== token.orgId) throw forbidden(OUTSIDE_ORG);
    const slug = source.org_slug;
    if (typeof slug === 'string') {
      const org = await findOrgBySlug(ctx.database.db, slug);
      if (org && org.id !== token.orgId) throw forbidden(OUTSIDE_ORG);
    }
  }
}

export async function resolvePrincipal(ctx: AppContext, request: FastifyRequest): Promise<Principal> {
  const bearer = bearerToken(request);
  if (bearer !== undefined) {
    if (looksLikeApiToken(bearer)) {
      const token = await authenticateApiToken(ctx.database.db, bearer);
      if (!token) throw unauthorized(INVALID);
      await assertTokenOrgBoundary(ctx, request, token);
      return token;
    }
    const user = await sessionUserFromJwt(ctx, bearer);
    if (!user) throw unauthorized(INVALID);
    return user;
  }
  const cookie = request.cookies?.[ACCESS_COOKIE];
  if (cookie) return (await sessionUserFromJwt(ctx, cookie)) ?? ANONYMOUS;
  return ANONYMOUS;
}
