/**
 * Organizations: creation (the creator becomes admin), reads, updates, configuration
 * toggles that fire their events, and membership changes with the last-admin rule.
 */
import type { Static } from '@sinclair/typebox';
import { type Principal, requireSessionUser } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, conflict, invalid, notFound } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { formatDateTime } from '../../core/time.ts';
import { requireOrgAdmin, requireOrgAdminOrMaintainer, requireOrgRight } from '../roles/access.ts';
import { ROLE_ADMIN } from '../roles/global-roles.ts';
import * as roleQueries from '../roles/queries.ts';
import { addMember, assertCanGrant, assertOutranksMember, findRoleByUuid } from '../roles/service.ts';
import { findUsersByIds } from '../users/service.ts';
import {
  defaultOrgConfig,
  type OrgConfig,
  type Plan,
  parseOrgConfig,
  type SignupMode,
} from './org-config.ts';
import * as queries from './queries.ts';
import { type OrganizationCreate, type OrganizationUpdate, SLUG_PATTERN } from './schemas.ts';

export type { OrgRow } from './queries.ts';

export async function getOrgOr404(db: Executor, orgId: number) {
  const org = await queries.findOrgById(db, orgId);
  if (!org) throw notFound('Organization');
  return org;
}

export async function getOrgBySlugOr404(db: Executor, slug: string) {
  const org = await queries.findOrgBySlug(db, slug);
  if (!org) throw notFound('Organization');
  return org;
}

export async function getOrgByUuidOr404(db: Executor, uuid: string) {
  const org = await queries.findOrgByUuid(db, uuid);
  if (!org) throw notFound('Organization');
  return org;
}

export { findOrgById, findOrgBySlug, findOrgByUuid, findOrgsByIds } from './queries.ts';

export function orgConfig(org: { config: string }): OrgConfig {
  return parseOrgConfig(org.config);
}

function normalizeSlug(slug: string): string {
  const normalized = slug.trim().toLowerCase();
  if (!SLUG_PATTERN.test(normalized)) {
    throw invalid(
      ['body', 'slug'],
      'Slug may contain lower-case letters, digits and dashes only',
      slug,
      'string_pattern_mismatch',
    );
  }
  return normalized;
}

interface OrgDefaults {
  plan?: Plan;
}

/** Inserts an organization; used by the API (caller becomes admin), the CLI and first start. */
export async function insertOrganization(
  db: Executor,
  input: Static<typeof OrganizationCreate>,
  { plan = 'free' }: OrgDefaults = {},
) {
  const slug = normalizeSlug(input.slug);
  if (await queries.findOrgBySlug(db, slug)) {
    throw conflict(`The slug '${slug}' is already taken. Please choose a different slug.`);
  }
  const now = formatDateTime();
  return queries.insertOrg(db, {
    org_uuid: prefixedUuid('org'),
    name: input.name.trim(),
    slug,
    description: input.description ?? input.name.trim(),
    about: input.about ?? null,
    email: input.email,
    label: input.label ?? null,
    logo_image: input.logo_image ?? null,
    thumbnail_image: input.thumbnail_image ?? null,
    socials: JSON.stringify(input.socials ?? {}),
    links: JSON.stringify(input.links ?? {}),
    explore: input.explore ?? false,
    config: JSON.stringify(defaultOrgConfig(plan)),
    creation_date: now,
    update_date: now,
  });
}

export async function createOrg(
  ctx: AppContext,
  principal: Principal,
  input: Static<typeof OrganizationCreate>,
) {
  requireSessionUser(principal);
  return ctx.database.db.transaction().execute(async (trx) => {
    const org = await insertOrganization(trx, input);
    await addMember(trx, principal.id, org.id, ROLE_ADMIN.id);
    return org;
  });
}

export async function updateOrg(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  input: Static<typeof OrganizationUpdate>,
) {
  requireSessionUser(principal);
  const db = ctx.database.db;
  return db.transaction().execute(async (trx) => {
    const org = await getOrgOr404(trx, orgId);
    await requireOrgAdminOrMaintainer(trx, principal, orgId);
    const slug = input.slug === undefined ? org.slug : normalizeSlug(input.slug);
    if (slug !== org.slug && (await queries.findOrgBySlug(trx, slug)))
      throw conflict('Organization slug already exists');
    return queries.updateOrg(trx, orgId, {
      name: input.name?.trim() ?? org.name,
      slug,
      email: input.email ?? org.email,
      description: input.description === undefined ? org.description : input.description,
      about: input.about === undefined ? org.about : input.about,
      label: input.label === undefined ? org.label : input.label,
      logo_image: input.logo_image === undefined ? org.logo_image : input.logo_image,
      thumbnail_image: input.thumbnail_image === undefined ? org.thumbnail_image : input.thumbnail_image,
      socials: input.socials === undefined ? org.socials : JSON.stringify(input.socials),
      links: input.links === undefined ? org.links : JSON.stringify(input.links),
      explore: input.explore ?? org.explore,
      update_date: formatDateTime(),
    });
  });
}

export async function deleteOrg(ctx: AppContext, principal: Principal, orgId: number): Promise<void> {
  requireSessionUser(principal, 'API tokens are not allowed to delete organizations');
  const db = ctx.database.db;
  await getOrgOr404(db, orgId);
  await requireOrgAdmin(db, principal, orgId);
  await queries.deleteOrg(db, orgId);
}

/** Members with their user record and role, oldest membership first. */
export async function listMembers(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  page: number,
  limit: number,
) {
  const db = ctx.database.db;
  await getOrgOr404(db, orgId);
  await requireOrgRight(db, principal, orgId, 'users', 'action_read');
  const memberships = await roleQueries.listMemberships(db, orgId, (page - 1) * limit, limit);
  const users = new Map(
    (
      await findUsersByIds(
        db,
        memberships.map((m) => m.user_id),
      )
    ).map((u) => [u.id, u]),
  );
  const roles = new Map<number, roleQueries.RoleRow>();
  for (const roleId of new Set(memberships.map((m) => m.role_id))) {
    const role = await roleQueries.findRoleById(db, roleId);
    if (role) roles.set(roleId, role);
  }
  return memberships.map((m) => ({ user: users.get(m.user_id)!, role: roles.get(m.role_id)! }));
}

export async function changeMemberRole(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  userId: number,
  roleUuid: string,
): Promise<void> {
  requireSessionUser(principal);
  await ctx.database.db.transaction().execute(async (trx) => {
    await getOrgOr404(trx, orgId);
    await requireOrgAdminOrMaintainer(trx, principal, orgId);
    const role = await findRoleByUuid(trx, roleUuid);
    // A role of another organization is as good as unknown here.
    if (!role || (role.org_id !== null && role.org_id !== orgId)) throw notFound('Role');
    const membership = await roleQueries.findMembership(trx, userId, orgId);
    if (!membership) throw notFound('User');
    // A maintainer may manage members but never raise anyone (themselves included) above
    // their own rights, nor change the role of someone above them.
    await assertCanGrant(trx, principal, orgId, JSON.parse(role.rights));
    await assertOutranksMember(
      trx,
      principal,
      orgId,
      JSON.parse(membership.rights),
      "You cannot change the role of a member who holds rights you don't have",
    );
    if (membership.role_id === ROLE_ADMIN.id && role.id !== ROLE_ADMIN.id) {
      if ((await roleQueries.countOrgAdmins(trx, orgId, ROLE_ADMIN.id)) <= 1) {
        throw badRequest('Organization must have at least one admin');
      }
    }
    await roleQueries.setMembershipRole(trx, userId, orgId, role.id, formatDateTime());
    await emit(trx, orgId, 'user_role_changed', {
      user_id: userId,
      org_id: orgId,
      new_role_uuid: role.role_uuid,
    });
  });
}

export async function removeMember(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  userId: number,
): Promise<void> {
  requireSessionUser(principal);
  await ctx.database.db.transaction().execute(async (trx) => {
    await getOrgOr404(trx, orgId);
    await requireOrgAdminOrMaintainer(trx, principal, orgId);
    const membership = await roleQueries.findMembership(trx, userId, orgId);
    if (!membership) throw notFound('User');
    await assertOutranksMember(
      trx,
      principal,
      orgId,
      JSON.parse(membership.rights),
      "You cannot remove a member who holds rights you don't have",
    );
    if (
      membership.role_id === ROLE_ADMIN.id &&
      (await roleQueries.countOrgAdmins(trx, orgId, ROLE_ADMIN.id)) <= 1
    ) {
      throw badRequest("You can't remove the last admin of the organization");
    }
    await roleQueries.deleteMembership(trx, userId, orgId);
    await emit(trx, orgId, 'user_removed_from_org', { user_id: userId, org_id: orgId });
  });
}

async function changeConfig(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  who: 'admin' | 'adminOrMaintainer',
  change: (config: OrgConfig, trx: Executor) => Promise<void>,
) {
  requireSessionUser(principal);
  return ctx.database.db.transaction().execute(async (trx) => {
    const org = await getOrgOr404(trx, orgId);
    if (who === 'admin') await requireOrgAdmin(trx, principal, orgId);
    else await requireOrgAdminOrMaintainer(trx, principal, orgId);
    const config = parseOrgConfig(org.config);
    await change(config, trx);
    return queries.updateOrg(trx, orgId, { config: JSON.stringify(config), update_date: formatDateTime() });
  });
}

export function setSignupMechanism(ctx: AppContext, principal: Principal, orgId: number, mode: SignupMode) {
  return changeConfig(ctx, principal, orgId, 'adminOrMaintainer', async (config, trx) => {
    config.admin_toggles.members = { ...config.admin_toggles.members, signup_mode: mode };
    await emit(trx, orgId, 'org_signup_method_changed', { signup_mechanism: mode });
  });
}

export function setAiConfig(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  aiEnabled: boolean | undefined,
  copilotEnabled: boolean | undefined,
) {
  return changeConfig(ctx, principal, orgId, 'admin', async (config, trx) => {
    if (aiEnabled !== undefined) config.admin_toggles.ai.disabled = !aiEnabled;
    if (copilotEnabled !== undefined) config.admin_toggles.ai.copilot_enabled = copilotEnabled;
    await emit(trx, orgId, 'org_ai_config_changed', {
      ai_enabled: aiEnabled ?? null,
      copilot_enabled: copilotEnabled ?? null,
    });
  });
}

export function setPaymentsConfig(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  paymentsEnabled: boolean,
) {
  return changeConfig(ctx, principal, orgId, 'admin', async (config, trx) => {
    config.admin_toggles.payments = { ...config.admin_toggles.payments, disabled: !paymentsEnabled };
    await emit(trx, orgId, 'org_payments_config_changed', { payments_enabled: paymentsEnabled });
  });
}

/** Operator action (CLI): billing is outside the API. */
export async function setPlan(db: Executor, orgId: number, plan: Plan) {
  const org = await getOrgOr404(db, orgId);
  const config = parseOrgConfig(org.config);
  config.plan = plan;
  return queries.updateOrg(db, orgId, { config: JSON.stringify(config), update_date: formatDateTime() });
}
