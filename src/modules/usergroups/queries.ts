/** SQL for user groups, their members and their resources. */
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Executor } from '../../core/events/emit.ts';
import type { UsergroupsTable } from './tables.ts';

export type UsergroupRow = Omit<UsergroupsTable, 'id'> & { id: number };

export function findUsergroupById(db: Executor, id: number): Promise<UsergroupRow | undefined> {
  return db.selectFrom('usergroups').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUsergroupByUuid(db: Executor, uuid: string): Promise<UsergroupRow | undefined> {
  return db.selectFrom('usergroups').selectAll().where('usergroup_uuid', '=', uuid).executeTakeFirst();
}

export function listUsergroups(db: Executor, orgId: number): Promise<UsergroupRow[]> {
  return db.selectFrom('usergroups').selectAll().where('org_id', '=', orgId).orderBy('id', 'asc').execute();
}

export function insertUsergroup(db: Executor, group: Omit<UsergroupsTable, 'id'>): Promise<UsergroupRow> {
  return db.insertInto('usergroups').values(group).returningAll().executeTakeFirstOrThrow();
}

export function updateUsergroup(db: Executor, id: number, patch: Partial<Omit<UsergroupsTable, 'id'>>) {
  return db
    .updateTable('usergroups')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteUsergroup(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('usergroups').where('id', '=', id).execute();
}

export async function insertMembers(db: Executor, usergroupId: number, userIds: number[], now: string) {
  if (userIds.length === 0) return;
  await db
    .insertInto('usergroup_users')
    .values(userIds.map((user_id) => ({ usergroup_id: usergroupId, user_id, creation_date: now })))
    .onConflict((conflict) => conflict.columns(['usergroup_id', 'user_id']).doNothing())
    .execute();
}

export async function deleteMembers(db: Executor, usergroupId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('usergroup_users')
    .where('usergroup_id', '=', usergroupId)
    .where('user_id', 'in', userIds)
    .execute();
}

export function listMemberIds(db: Executor, usergroupId: number): Promise<number[]> {
  return db
    .selectFrom('usergroup_users')
    .select('user_id')
    .where('usergroup_id', '=', usergroupId)
    .orderBy('user_id')
    .execute()
    .then((rows) => rows.map((r) => r.user_id));
}

export async function insertResources(db: Executor, usergroupId: number, uuids: string[], now: string) {
  if (uuids.length === 0) return;
  await db
    .insertInto('usergroup_resources')
    .values(uuids.map((resource_uuid) => ({ usergroup_id: usergroupId, resource_uuid, creation_date: now })))
    .onConflict((conflict) => conflict.columns(['usergroup_id', 'resource_uuid']).doNothing())
    .execute();
}

export async function deleteResources(db: Executor, usergroupId: number, uuids: string[]) {
  if (uuids.length === 0) return;
  await db
    .deleteFrom('usergroup_resources')
    .where('usergroup_id', '=', usergroupId)
    .where('resource_uuid', 'in', uuids)
    .execute();
}

export function listResourceUuids(db: Executor, usergroupId: number): Promise<string[]> {
  return db
    .selectFrom('usergroup_resources')
    .select('resource_uuid')
    .where('usergroup_id', '=', usergroupId)
    .orderBy('resource_uuid')
    .execute()
    .then((rows) => rows.map((r) => r.resource_uuid));
}

export function listGroupsOfResource(db: Executor, resourceUuid: string): Promise<UsergroupRow[]> {
  return db
    .selectFrom('usergroups')
    .innerJoin('usergroup_resources', 'usergroup_resources.usergroup_id', 'usergroups.id')
    .selectAll('usergroups')
    .where('usergroup_resources.resource_uuid', '=', resourceUuid)
    .orderBy('usergroups.id')
    .execute();
}

/** Uuids starting with `prefix` that some group of the organization is linked to. */
export function resourcesLinkedInOrg(db: Executor, orgId: number, prefix: string): Promise<string[]> {
  return (
    db
      .selectFrom('usergroup_resources')
      .innerJoin('usergroups', 'usergroups.id', 'usergroup_resources.usergroup_id')
      .select('usergroup_resources.resource_uuid')
      .distinct()
      .where('usergroups.org_id', '=', orgId)
      .where('usergroup_resources.resource_uuid', 'like', `${prefix}%`)
      .execute()
      // LIKE reads '_' as a wildcard: keep exact prefix matches only.
      .then((rows) => rows.map((r) => r.resource_uuid).filter((uuid) => uuid.startsWith(prefix)))
  );
}

/** Resource uuids among `uuids` that some group of the user unlocks. */
export function resourcesUnlockedForUser(db: Executor, userId: number, uuids: string[]): Promise<string[]> {
  if (uuids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('usergroup_resources')
    .innerJoin('usergroup_users', 'usergroup_users.usergroup_id', 'usergroup_resources.usergroup_id')
    .select('usergroup_resources.resource_uuid')
    .distinct()
    .where('usergroup_users.user_id', '=', userId)
    .where('usergroup_resources.resource_uuid', 'in', uuids)
    .execute()
    .then((rows) => rows.map((r) => r.resource_uuid));
}

/**
 * SQL conditions on a resource's uuid column (e.g. `sql.ref('c.course_uuid')`), for
 * queries that filter many rows at once (search): one indexed probe per row.
 */
export function unlockedForUser(uuid: Expression<string>, userId: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from usergroup_resources gr
    join usergroup_users gu on gu.usergroup_id = gr.usergroup_id
    where gr.resource_uuid = ${uuid} and gu.user_id = ${userId})`;
}

/** No group is linked to the resource, or one of the user's groups is. */
export function openToUser(uuid: Expression<string>, userId: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`(not exists (select 1 from usergroup_resources gr where gr.resource_uuid = ${uuid})
    or ${unlockedForUser(uuid, userId)})`;
}

/** Resource uuids among `uuids` that at least one group is linked to. */
export function resourcesWithGroups(db: Executor, uuids: string[]): Promise<string[]> {
  if (uuids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('usergroup_resources')
    .select('resource_uuid')
    .distinct()
    .where('resource_uuid', 'in', uuids)
    .execute()
    .then((rows) => rows.map((r) => r.resource_uuid));
}

export async function deleteResourceLinks(db: Executor, uuids: string[]): Promise<void> {
  if (uuids.length === 0) return;
  await db.deleteFrom('usergroup_resources').where('resource_uuid', 'in', uuids).execute();
}
