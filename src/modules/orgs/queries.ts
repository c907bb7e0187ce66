/** SQL for organizations and their invites. */
import type { Updateable } from 'kysely';
import type { Executor } from '../../core/events/emit.ts';
import type { EmailInvitesTable, InviteCodesTable, OrganizationsTable } from './tables.ts';

export type OrgRow = Omit<OrganizationsTable, 'id'> & { id: number };
export type InviteCodeRow = Omit<InviteCodesTable, 'id'> & { id: number };
export type EmailInviteRow = Omit<EmailInvitesTable, 'id'> & { id: number };

export function findOrgById(db: Executor, id: number): Promise<OrgRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrgBySlug(db: Executor, slug: string): Promise<OrgRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('slug', '=', slug.toLowerCase()).executeTakeFirst();
}

export function findOrgByUuid(db: Executor, uuid: string): Promise<OrgRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('org_uuid', '=', uuid).executeTakeFirst();
}

export function findOrgsByIds(db: Executor, ids: number[]): Promise<OrgRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('organizations').selectAll().where('id', 'in', ids).execute();
}

export function countOrgs(db: Executor): Promise<number> {
  return db
    .selectFrom('organizations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

export function insertOrg(db: Executor, org: Omit<OrganizationsTable, 'id'>): Promise<OrgRow> {
  return db.insertInto('organizations').values(org).returningAll().executeTakeFirstOrThrow();
}

export function updateOrg(db: Executor, id: number, patch: Updateable<OrganizationsTable>): Promise<OrgRow> {
  return db
    .updateTable('organizations')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteOrg(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('organizations').where('id', '=', id).execute();
}

export function listInviteCodes(db: Executor, orgId: number, now: number): Promise<InviteCodeRow[]> {
  return db
    .selectFrom('invite_codes')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('expires_ms', '>', now)
    .orderBy('id', 'asc')
    .execute();
}

export function findInviteCode(db: Executor, orgId: number, code: string, now: number) {
  return db
    .selectFrom('invite_codes')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('code', '=', code)
    .where('expires_ms', '>', now)
    .executeTakeFirst();
}

export function findInviteCodeByUuid(db: Executor, orgId: number, uuid: string) {
  return db
    .selectFrom('invite_codes')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('invite_code_uuid', '=', uuid)
    .executeTakeFirst();
}

export function insertInviteCode(db: Executor, invite: Omit<InviteCodesTable, 'id'>): Promise<InviteCodeRow> {
  return db.insertInto('invite_codes').values(invite).returningAll().executeTakeFirstOrThrow();
}

export async function deleteInviteCode(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('invite_codes').where('id', '=', id).execute();
}

export function findEmailInvite(db: Executor, orgId: number, email: string, now: number) {
  return db
    .selectFrom('email_invites')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('email_lower', '=', email.toLowerCase())
    .where('expires_ms', '>', now)
    .executeTakeFirst();
}

/** Pending, unexpired e-mail invites for an address, across organizations (OAuth sign-up). */
export function findPendingInvitesForEmail(
  db: Executor,
  email: string,
  now: number,
): Promise<EmailInviteRow[]> {
  return db
    .selectFrom('email_invites')
    .selectAll()
    .where('email_lower', '=', email.toLowerCase())
    .where('pending', '=', true)
    .where('expires_ms', '>', now)
    .orderBy('id', 'asc')
    .execute();
}

export function listEmailInvites(db: Executor, orgId: number, now: number): Promise<EmailInviteRow[]> {
  return db
    .selectFrom('email_invites')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('expires_ms', '>', now)
    .orderBy('id', 'asc')
    .execute();
}

export async function insertEmailInvite(db: Executor, invite: Omit<EmailInvitesTable, 'id'>): Promise<void> {
  await db.insertInto('email_invites').values(invite).execute();
}

export async function markEmailInviteAccepted(db: Executor, orgId: number, email: string): Promise<void> {
  await db
    .updateTable('email_invites')
    .set({ pending: false })
    .where('org_id', '=', orgId)
    .where('email_lower', '=', email.toLowerCase())
    .execute();
}

export async function markEmailInviteUnsent(db: Executor, orgId: number, email: string): Promise<void> {
  await db
    .updateTable('email_invites')
    .set({ email_sent: false })
    .where('org_id', '=', orgId)
    .where('email_lower', '=', email.toLowerCase())
    .execute();
}

export async function deleteEmailInvite(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('email_invites').where('id', '=', id).execute();
}

/** Expired e-mail invites of the organization (so a new invite to the same address can replace one). */
export async function deleteExpiredEmailInvites(db: Executor, orgId: number, now: number): Promise<void> {
  await db.deleteFrom('email_invites').where('org_id', '=', orgId).where('expires_ms', '<=', now).execute();
}
