/**
 * User groups: named sets of members that unlock `restricted` resources (courses,
 * chapters, activities…) linked to them by uuid.
 */
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { findResource } from '../../core/resources/registry.ts';
import { formatDateTime } from '../../core/time.ts';
import { requireOrgRight } from '../roles/access.ts';
import { findMembership } from '../roles/service.ts';
import * as queries from './queries.ts';

export type { UsergroupRow } from './queries.ts';
export {
  deleteResourceLinks,
  listGroupsOfResource,
  openToUser,
  resourcesLinkedInOrg,
  resourcesUnlockedForUser,
  resourcesWithGroups,
  unlockedForUser,
} from './queries.ts';

export async function usergroupBelongsToOrg(
  db: Executor,
  usergroupId: number,
  orgId: number,
): Promise<boolean> {
  const group = await queries.findUsergroupById(db, usergroupId);
  return group?.org_id === orgId;
}

async function getGroup(db: Executor, usergroupId: number) {
  const group = await queries.findUsergroupById(db, usergroupId);
  if (!group) throw notFound('Usergroup');
  return group;
}

export async function createUsergroup(
  ctx: AppContext,
  principal: Principal,
  input: { name: string; description?: string | null; org_id: number },
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    await requireOrgRight(trx, principal, input.org_id, 'usergroups', 'action_create');
    const now = formatDateTime();
    const group = await queries.insertUsergroup(trx, {
      usergroup_uuid: prefixedUuid('usergroup'),
      org_id: input.org_id,
      name: input.name.trim(),
      description: input.description ?? '',
      creation_date: now,
      update_date: now,
    });
    await emit(trx, group.org_id, 'usergroup_created', {
      usergroup_uuid: group.usergroup_uuid,
      name: group.name,
    });
    return group;
  });
}

export async function getUsergroup(ctx: AppContext, principal: Principal, usergroupId: number) {
  const db = ctx.database.db;
  const group = await getGroup(db, usergroupId);
  await requireOrgRight(db, principal, group.org_id, 'usergroups', 'action_read');
  return group;
}

export async function listUsergroups(ctx: AppContext, principal: Principal, orgId: number) {
  await requireOrgRight(ctx.database.db, principal, orgId, 'usergroups', 'action_read');
  return queries.listUsergroups(ctx.database.db, orgId);
}

export async function updateUsergroup(
  ctx: AppContext,
  principal: Principal,
  usergroupId: number,
  input: { name?: string; description?: string | null },
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const group = await getGroup(trx, usergroupId);
    await requireOrgRight(trx, principal, group.org_id, 'usergroups', 'action_update');
    return queries.updateUsergroup(trx, group.id, {
      name: input.name?.trim() ?? group.name,
      description: input.description === undefined ? group.description : input.description,
      update_date: formatDateTime(),
    });
  });
}

export async function deleteUsergroup(ctx: AppContext, principal: Principal, usergroupId: number) {
  await ctx.database.db.transaction().execute(async (trx) => {
    const group = await getGroup(trx, usergroupId);
    await requireOrgRight(trx, principal, group.org_id, 'usergroups', 'action_delete');
    await queries.deleteUsergroup(trx, group.id);
    await emit(trx, group.org_id, 'usergroup_deleted', {
      usergroup_uuid: group.usergroup_uuid,
      name: group.name,
    });
  });
}

/** Adds members (who must belong to the group's organization) and fires one event. */
export async function addUsersToUsergroupById(
  db: Executor,
  orgId: number,
  usergroupId: number,
  userIds: number[],
) {
  const group = await getGroup(db, usergroupId);
  if (group.org_id !== orgId) throw notFound('Usergroup');
  const unique = [...new Set(userIds)];
  for (const userId of unique) {
    if (!(await findMembership(db, userId, orgId))) {
      throw badRequest(`User ${userId} is not a member of this organization`);
    }
  }
  await queries.insertMembers(db, group.id, unique, formatDateTime());
  await emit(db, orgId, 'usergroup_users_added', {
    usergroup_id: group.id,
    usergroup_uuid: group.usergroup_uuid,
    user_ids: unique,
  });
  return group;
}

export async function addUsers(
  ctx: AppContext,
  principal: Principal,
  usergroupId: number,
  userIds: number[],
) {
  if (userIds.length === 0) throw badRequest('user_ids must list at least one user');
  return ctx.database.db.transaction().execute(async (trx) => {
    const group = await getGroup(trx, usergroupId);
    await requireOrgRight(trx, principal, group.org_id, 'usergroups', 'action_update');
    return addUsersToUsergroupById(trx, group.org_id, group.id, userIds);
  });
}

export async function removeUsers(
  ctx: AppContext,
  principal: Principal,
  usergroupId: number,
  userIds: number[],
) {
  await ctx.database.db.transaction().execute(async (trx) => {
    const group = await getGroup(trx, usergroupId);
    await requireOrgRight(trx, principal, group.org_id, 'usergroups', 'action_update');
    await queries.deleteMembers(trx, group.id, userIds);
  });
}

export async function listMembers(ctx: AppContext, principal: Principal, usergroupId: number) {
  const group = await getUsergroup(ctx, principal, usergroupId);
  return queries.listMemberIds(ctx.database.db, group.id);
}

export async function addResources(
  ctx: AppContext,
  principal: Principal,
  usergroupId: number,
  uuids: string[],
) {
  const unique = [...new Set(uuids.map((uuid) => uuid.trim()).filter(Boolean))];
  if (unique.length === 0) throw badRequest('resource_uuids must list at least one resource');
  return ctx.database.db.transaction().execute(async (trx) => {
    const group = await getGroup(trx, usergroupId);
    await requireOrgRight(trx, principal, group.org_id, 'usergroups', 'action_update');
    for (const uuid of unique) {
      const resource = await findResource(trx, uuid);
      if (!resource || resource.orgId !== group.org_id) throw notFound(`Resource ${uuid} not found`);
    }
    await queries.insertResources(trx, group.id, unique, formatDateTime());
    await emit(trx, group.org_id, 'usergroup_resources_added', {
      usergroup_id: group.id,
      usergroup_uuid: group.usergroup_uuid,
      resource_uuids: unique,
    });
    return group;
  });
}

export async function removeResources(
  ctx: AppContext,
  principal: Principal,
  usergroupId: number,
  uuids: string[],
) {
  await ctx.database.db.transaction().execute(async (trx) => {
    const group = await getGroup(trx, usergroupId);
    await requireOrgRight(trx, principal, group.org_id, 'usergroups', 'action_update');
    await queries.deleteResources(trx, group.id, uuids);
  });
}

export async function listResources(ctx: AppContext, principal: Principal, usergroupId: number) {
  const group = await getUsergroup(ctx, principal, usergroupId);
  return queries.listResourceUuids(ctx.database.db, group.id);
}
