/**
 * Who is calling. Resolved once per request (src/modules/auth/authenticate.ts) and passed
 * to services, which decide what the caller may do.
 */
import { forbidden, unauthorized } from '../errors/http-errors.ts';
import type { TokenRights } from './rights.ts';

export interface Anonymous {
  kind: 'anonymous';
}

export interface SessionUser {
  kind: 'user';
  id: number;
  uuid: string;
  email: string;
  username: string;
  isSuperadmin: boolean;
  /** The session this request's JWT belongs to. */
  sessionId: number;
}

export interface TokenPrincipal {
  kind: 'token';
  id: number;
  uuid: string;
  name: string;
  orgId: number;
  rights: TokenRights | null;
  createdByUserId: number;
}

export type Principal = Anonymous | SessionUser | TokenPrincipal;

export const ANONYMOUS: Anonymous = Object.freeze({ kind: 'anonymous' });

export const TOKEN_NOT_ALLOWED =
  'API tokens cannot access this resource. Only user authentication is allowed.';

/** Session or token; anonymous → 401. */
export function requireAuthenticated(
  principal: Principal,
): asserts principal is SessionUser | TokenPrincipal {
  if (principal.kind === 'anonymous') throw unauthorized('Authentication required');
}

/** A signed-in user only: anonymous → 401, API token → 403 (session-only endpoints). */
export function requireSessionUser(
  principal: Principal,
  tokenMessage = TOKEN_NOT_ALLOWED,
): asserts principal is SessionUser {
  if (principal.kind === 'token') throw forbidden(tokenMessage);
  if (principal.kind === 'anonymous') throw unauthorized('Authentication required');
}

/** Refuses API tokens but lets anonymous callers through (routers that decide per handler). */
export function rejectApiTokens(principal: Principal, message = TOKEN_NOT_ALLOWED): void {
  if (principal.kind === 'token') throw forbidden(message);
}
