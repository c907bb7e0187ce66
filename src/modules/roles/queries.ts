/** SQL for roles and organization memberships. */
import type { Executor } from '../../core/events/emit.ts';
import type { RolesTable } from './tables.ts';

export type RoleRow = Omit<RolesTable, 'id'> & { id: number };

export function findRoleById(db: Executor, id: number): Promise<RoleRow | undefined> {
  return db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRoleByUuid(db: Executor, uuid: string): Promise<RoleRow | undefined> {
  return db.selectFrom('roles').selectAll().where('role_uuid', '=', uuid).executeTakeFirst();
}

/** Global roles first, then the organization's own. */
export function listRolesForOrg(db: Executor, orgId: number): Promise<RoleRow[]> {
  return db
    .selectFrom('roles')
    .selectAll()
    .where((eb) => eb.or([eb('org_id', 'is', null), eb('org_id', '=', orgId)]))
    .orderBy('org_id', 'asc')
    .orderBy('id', 'asc')
    .execute()
    .then((rows) => [...rows.filter((r) => r.org_id === null), ...rows.filter((r) => r.org_id !== null)]);
}

export function findRoleByName(db: Executor, orgId: number, name: string) {
  return db
    .selectFrom('roles')
    .select('id')
    .where('org_id', '=', orgId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export function insertRole(db: Executor, role: Omit<RolesTable, 'id'>): Promise<RoleRow> {
  return db.insertInto('roles').values(role).returningAll().executeTakeFirstOrThrow();
}

export function updateRole(
  db: Executor,
  id: number,
  patch: Partial<Omit<RolesTable, 'id'>>,
): Promise<RoleRow> {
  return db.updateTable('roles').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteRole(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('roles').where('id', '=', id).execute();
}

export function countMembersWithRole(db: Executor, roleId: number) {
  return db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

export interface MembershipWithRole {
  membership_id: number;
  user_id: number;
  org_id: number;
  role_id: number;
  role_uuid: string;
  rights: string;
}

export function findMembership(
  db: Executor,
  userId: number,
  orgId: number,
): Promise<MembershipWithRole | undefined> {
  return db
    .selectFrom('memberships')
    .innerJoin('roles', 'roles.id', 'memberships.role_id')
    .select([
      'memberships.id as membership_id',
      'memberships.user_id',
      'memberships.org_id',
      'memberships.role_id',
      'roles.role_uuid',
      'roles.rights',
    ])
    .where('memberships.user_id', '=', userId)
    .where('memberships.org_id', '=', orgId)
    .executeTakeFirst();
}

export async function insertMembership(
  db: Executor,
  userId: number,
  orgId: number,
  roleId: number,
  now: string,
) {
  await db
    .insertInto('memberships')
    .values({ user_id: userId, org_id: orgId, role_id: roleId, creation_date: now, update_date: now })
    .execute();
}

/** Many memberships in one statement (bulk loads). */
export async function insertMemberships(
  db: Executor,
  members: { user_id: number; org_id: number; role_id: number }[],
  now: string,
) {
  if (members.length === 0) return;
  await db
    .insertInto('memberships')
    .values(members.map((member) => ({ ...member, creation_date: now, update_date: now })))
    .execute();
}

export async function setMembershipRole(
  db: Executor,
  userId: number,
  orgId: number,
  roleId: number,
  now: string,
) {
  await db
    .updateTable('memberships')
    .set({ role_id: roleId, update_date: now })
    .where('user_id', '=', userId)
    .where('org_id', '=', orgId)
    .execute();
}

export async function deleteMembership(db: Executor, userId: number, orgId: number): Promise<void> {
  await db.deleteFrom('memberships').where('user_id', '=', userId).where('org_id', '=', orgId).execute();
}

export function countOrgAdmins(db: Executor, orgId: number, adminRoleId: number): Promise<number> {
  return db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('org_id', '=', orgId)
    .where('role_id', '=', adminRoleId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

export function listMemberships(db: Executor, orgId: number, offset: number, limit: number) {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('id', 'asc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function countMemberships(db: Executor, orgId: number): Promise<number> {
  return db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

/** Organization ids the user belongs to. */
export function listUserOrgIds(db: Executor, userId: number): Promise<number[]> {
  return db
    .selectFrom('memberships')
    .select('org_id')
    .where('user_id', '=', userId)
    .execute()
    .then((rows) => rows.map((r) => r.org_id));
}

export function findFirstMemberWithRole(
  db: Executor,
  orgId: number,
  roleId: number,
): Promise<number | undefined> {
  return db
    .selectFrom('memberships')
    .select('user_id')
    .where('org_id', '=', orgId)
    .where('role_id', '=', roleId)
    .orderBy('id')
    .executeTakeFirst()
    .then((row) => row?.user_id);
}
