/**
 * Roles and memberships: who belongs to which organization with which rights. Custom
 * organization roles can never grant more than their creator holds.
 */
import type { Static } from '@sinclair/typebox';
import type { Principal, SessionUser } from '../../core/auth/principal.ts';
import { allows, type Rights } from '../../core/auth/rights.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { formatDateTime } from '../../core/time.ts';
import { getOrgRole, requireOrgRight } from './access.ts';
import { ROLE_ADMIN } from './global-roles.ts';
import * as queries from './queries.ts';
import type { RoleCreate, RoleUpdate } from './schemas.ts';

export { findMembership, listUserOrgIds } from './queries.ts';

export async function addMember(db: Executor, userId: number, orgId: number, roleId: number): Promise<void> {
  await queries.insertMembership(db, userId, orgId, roleId, formatDateTime());
}

/** The longest-standing admin of the organization (owner of operator-created tokens). */
export function findFirstAdminId(db: Executor, orgId: number): Promise<number | undefined> {
  return queries.findFirstMemberWithRole(db, orgId, ROLE_ADMIN.id);
}

export function findRoleByUuid(db: Executor, uuid: string) {
  return queries.findRoleByUuid(db, uuid);
}

/** Every flag must be a boolean; buckets must be objects. */
function validateRightsShape(rights: Record<string, unknown>): Rights {
  for (const [bucket, flags] of Object.entries(rights)) {
    if (typeof flags !== 'object' || flags === null || Array.isArray(flags)) {
      throw badRequest(`Right '${bucket}' must be a JSON object`);
    }
    for (const [flag, value] of Object.entries(flags)) {
      if (typeof value !== 'boolean') throw badRequest(`Right '${bucket}.${flag}' must be true or false`);
    }
  }
  return rights as Rights;
}

/**
 * Refuses to grant a flag the granting user does not hold (in the buckets their own role
 * defines). Superadmins may grant anything.
 */
export async function assertCanGrant(
  db: Executor,
  grantor: SessionUser,
  orgId: number,
  rights: Rights,
  onlyBuckets?: readonly string[],
): Promise<void> {
  if (grantor.isSuperadmin) return;
  const role = await getOrgRole(db, grantor.id, orgId);
  if (!role) throw forbidden('You are not a member of this organization');
  const missing = firstRightNotHeld(role.rights, rights, onlyBuckets);
  if (missing) {
    throw forbidden(
      `Cannot grant '${missing.flag}' permission for '${missing.bucket}' as you don't have this permission yourself`,
    );
  }
}

/**
 * Refuses to act on a member whose role holds a right the acting user lacks (a maintainer
 * facing an admin), so nobody demotes or removes someone above themselves.
 */
export async function assertOutranksMember(
  db: Executor,
  actor: SessionUser,
  orgId: number,
  memberRights: Rights,
  message: string,
): Promise<void> {
  if (actor.isSuperadmin) return;
  const role = await getOrgRole(db, actor.id, orgId);
  if (!role || firstRightNotHeld(role.rights, memberRights)) throw forbidden(message);
}

/** The first flag set in `rights` that `held` does not allow (buckets `held` never defines are skipped). */
function firstRightNotHeld(
  held: Rights,
  rights: Rights,
  onlyBuckets?: readonly string[],
): { bucket: string; flag: string } | undefined {
  for (const [bucket, flags] of Object.entries(rights)) {
    if (onlyBuckets && !onlyBuckets.includes(bucket)) continue;
    if (!(bucket in held)) continue;
    for (const [flag, value] of Object.entries(flags ?? {})) {
      if (value === true && !allows(held, bucket, flag as never)) return { bucket, flag };
    }
  }
  return undefined;
}

function requireUserPrincipal(principal: Principal): asserts principal is SessionUser {
  if (principal.kind !== 'user') throw forbidden('Only signed-in users can manage roles');
}

export async function createRole(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  input: Static<typeof RoleCreate>,
) {
  const db = ctx.database.db;
  await requireOrgRight(db, principal, orgId, 'roles', 'action_create');
  requireUserPrincipal(principal);
  const rights = validateRightsShape(input.rights);
  await assertCanGrant(db, principal, orgId, rights);
  const name = input.name.trim();
  if (await queries.findRoleByName(db, orgId, name)) throw conflict(`A role named '${name}' already exists`);
  const now = formatDateTime();
  return queries.insertRole(db, {
    role_uuid: prefixedUuid('role'),
    name,
    description: input.description ?? null,
    role_type: 'TYPE_ORGANIZATION',
    org_id: orgId,
    rights: JSON.stringify(rights),
    creation_date: now,
    update_date: now,
  });
}

export async function listRoles(ctx: AppContext, principal: Principal, orgId: number) {
  await requireOrgRight(ctx.database.db, principal, orgId, 'roles', 'action_read');
  return queries.listRolesForOrg(ctx.database.db, orgId);
}

async function getOrgRoleRow(ctx: AppContext, roleUuid: string) {
  const role = await queries.findRoleByUuid(ctx.database.db, roleUuid);
  if (!role) throw notFound('Role');
  return role;
}

export async function getRole(ctx: AppContext, principal: Principal, roleUuid: string) {
  const role = await getOrgRoleRow(ctx, roleUuid);
  if (role.org_id !== null)
    await requireOrgRight(ctx.database.db, principal, role.org_id, 'roles', 'action_read');
  return role;
}

export async function updateRole(
  ctx: AppContext,
  principal: Principal,
  roleUuid: string,
  input: Static<typeof RoleUpdate>,
) {
  const db = ctx.database.db;
  const role = await getOrgRoleRow(ctx, roleUuid);
  if (role.org_id === null) throw forbidden('Global roles cannot be changed');
  await requireOrgRight(db, principal, role.org_id, 'roles', 'action_update');
  requireUserPrincipal(principal);
  const patch: Parameters<typeof queries.updateRole>[2] = { update_date: formatDateTime() };
  if (input.rights !== undefined) {
    const rights = validateRightsShape(input.rights);
    await assertCanGrant(db, principal, role.org_id, rights);
    patch.rights = JSON.stringify(rights);
  }
  if (input.name !== undefined) {
    const name = input.name.trim();
    const existing = await queries.findRoleByName(db, role.org_id, name);
    if (existing && existing.id !== role.id) throw conflict(`A role named '${name}' already exists`);
    patch.name = name;
  }
  if (input.description !== undefined) patch.description = input.description;
  return queries.updateRole(db, role.id, patch);
}

export async function deleteRole(ctx: AppContext, principal: Principal, roleUuid: string): Promise<void> {
  const db = ctx.database.db;
  const role = await getOrgRoleRow(ctx, roleUuid);
  if (role.org_id === null) throw forbidden('Global roles cannot be deleted');
  await requireOrgRight(db, principal, role.org_id, 'roles', 'action_delete');
  if ((await queries.countMembersWithRole(db, role.id)) > 0) {
    throw conflict('This role is still assigned to members; give them another role first');
  }
  await queries.deleteRole(db, role.id);
}
