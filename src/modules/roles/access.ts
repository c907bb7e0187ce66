/**
 * Organization-level authorization, used by every module's service. A right is checked by
 * name (`bucket.action`) for the caller in one organization:
 * - users: through their membership's role (superadmins pass everywhere);
 * - API tokens: only inside their own organization, only within their own rights.
 */
import type { Principal, SessionUser, TokenPrincipal } from '../../core/auth/principal.ts';
import { type Action, allows, type Rights, TOKEN_BUCKETS } from '../../core/auth/rights.ts';
import { forbidden, unauthorized } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import { isAdminOrMaintainerRole, ROLE_ADMIN } from './global-roles.ts';
import { findMembership } from './queries.ts';

export const OUTSIDE_ORG = 'API token cannot access resources outside its organization';
export const NOT_A_MEMBER = 'You are not a member of this organization';

export interface OrgRole {
  roleId: number;
  roleUuid: string;
  rights: Rights;
}

export async function getOrgRole(db: Executor, userId: number, orgId: number): Promise<OrgRole | undefined> {
  const membership = await findMembership(db, userId, orgId);
  if (!membership) return undefined;
  return {
    roleId: membership.role_id,
    roleUuid: membership.role_uuid,
    rights: JSON.parse(membership.rights),
  };
}

export async function isMember(db: Executor, principal: Principal, orgId: number): Promise<boolean> {
  if (principal.kind === 'token') return principal.orgId === orgId;
  if (principal.kind !== 'user') return false;
  if (principal.isSuperadmin) return true;
  return (await findMembership(db, principal.id, orgId)) !== undefined;
}

export function assertTokenInOrg(principal: TokenPrincipal, orgId: number): void {
  if (principal.orgId !== orgId) throw forbidden(OUTSIDE_ORG);
}

export function assertTokenRight(principal: TokenPrincipal, bucket: string, action: Action): void {
  // Tokens exist for integrations; areas such as communities or boards are for people only.
  if (!(TOKEN_BUCKETS as readonly string[]).includes(bucket)) {
    throw forbidden(`API tokens cannot access '${bucket}' resources`);
  }
  if (!principal.rights || Object.keys(principal.rights).length === 0) {
    throw forbidden('API token has no permissions configured');
  }
  if (!allows(principal.rights, bucket, action)) {
    throw forbidden(`API token does not have '${action.replace('action_', '')}' permission for ${bucket}`);
  }
}

/** Does this caller hold `bucket.action` in the organization? (No throwing; see requireOrgRight.) */
export async function hasOrgRight(
  db: Executor,
  principal: Principal,
  orgId: number,
  bucket: string,
  action: Action,
): Promise<boolean> {
  if (principal.kind === 'anonymous') return false;
  if (principal.kind === 'token')
    return principal.orgId === orgId && allows(principal.rights, bucket, action);
  if (principal.isSuperadmin) return true;
  const role = await getOrgRole(db, principal.id, orgId);
  return role !== undefined && allows(role.rights, bucket, action);
}

/** Throws 401/403 unless the caller holds `bucket.action` in the organization. */
export async function requireOrgRight(
  db: Executor,
  principal: Principal,
  orgId: number,
  bucket: string,
  action: Action,
): Promise<void> {
  if (principal.kind === 'anonymous') throw unauthorized('Authentication required');
  if (principal.kind === 'token') {
    assertTokenInOrg(principal, orgId);
    assertTokenRight(principal, bucket, action);
    return;
  }
  if (principal.isSuperadmin) return;
  const role = await getOrgRole(db, principal.id, orgId);
  if (!role) throw forbidden(NOT_A_MEMBER);
  if (!allows(role.rights, bucket, action)) {
    throw forbidden(`You don't have permission to perform this action (${bucket}.${action})`);
  }
}

/**
 * Whether the caller holds `bucket.action_read` in the organization, for things that may
 * also be public. API tokens must hold it: they have no public way in.
 */
export async function isOrgReader(
  db: Executor,
  principal: Principal,
  orgId: number,
  bucket: string,
): Promise<boolean> {
  if (principal.kind === 'token') await requireOrgRight(db, principal, orgId, bucket, 'action_read');
  return hasOrgRight(db, principal, orgId, bucket, 'action_read');
}

/** Reading one thing: allowed when it is public or the caller is an org reader (returned). */
export async function requirePublicOrOrgRead(
  db: Executor,
  principal: Principal,
  orgId: number,
  bucket: string,
  isPublic: boolean,
): Promise<boolean> {
  const reader = await isOrgReader(db, principal, orgId, bucket);
  if (!reader && !isPublic) await requireOrgRight(db, principal, orgId, bucket, 'action_read');
  return reader;
}

/**
 * `bucket.action_<verb>`, or `bucket.action_<verb>_own` when the caller is the resource's
 * owner (author, creator). Tokens never own anything, so only the plain right counts.
 */
export async function requireOrgRightOrOwn(
  db: Executor,
  principal: Principal,
  orgId: number,
  bucket: string,
  verb: 'read' | 'update' | 'delete',
  isOwner: boolean,
): Promise<void> {
  if (isOwner && principal.kind === 'user') {
    if (await hasOrgRight(db, principal, orgId, bucket, `action_${verb}_own`)) return;
  }
  await requireOrgRight(db, principal, orgId, bucket, `action_${verb}`);
}

/** Org admin or maintainer (role 1 or 2), or a superadmin. Tokens never pass. */
export async function isOrgAdminOrMaintainer(
  db: Executor,
  user: SessionUser,
  orgId: number,
): Promise<boolean> {
  if (user.isSuperadmin) return true;
  const role = await getOrgRole(db, user.id, orgId);
  return role !== undefined && isAdminOrMaintainerRole(role.roleId);
}

export async function requireOrgAdminOrMaintainer(
  db: Executor,
  user: SessionUser,
  orgId: number,
): Promise<void> {
  if (!(await isOrgAdminOrMaintainer(db, user, orgId))) {
    throw forbidden('Only organization administrators and maintainers can perform this action');
  }
}

export async function requireOrgAdmin(db: Executor, user: SessionUser, orgId: number): Promise<void> {
  if (user.isSuperadmin) return;
  const role = await getOrgRole(db, user.id, orgId);
  if (role?.roleId !== ROLE_ADMIN.id) {
    throw forbidden('User rights (admin status) : You are not an admin of this organization');
  }
}
