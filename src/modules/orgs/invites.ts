/**
 * Invitations: shareable invite codes (for invite-only sign-up) and e-mail invites.
 * Codes are 8 random alphanumeric characters, valid for a year, at most 6 live per org.
 */
import { randomInt } from 'node:crypto';
import { type Principal, requireSessionUser } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound } from '../../core/errors/http-errors.ts';
import { emit } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { formatDateTime } from '../../core/time.ts';
import { requireOrgAdminOrMaintainer } from '../roles/access.ts';
import { usergroupBelongsToOrg } from '../usergroups/service.ts';
import { INVITE_CODE_TTL_SECONDS } from './present.ts';
import * as queries from './queries.ts';
import { getOrgOr404 } from './service.ts';

const MAX_LIVE_CODES = 6;
const EMAIL_INVITE_TTL_MS = 60 * 24 * 3600 * 1000;
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function newCode(): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

export async function createInviteCode(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  usergroupId: number | undefined,
) {
  requireSessionUser(principal);
  return ctx.database.db.transaction().execute(async (trx) => {
    await getOrgOr404(trx, orgId);
    await requireOrgAdminOrMaintainer(trx, principal, orgId);
    const now = Date.now();
    if ((await queries.listInviteCodes(trx, orgId, now)).length >= MAX_LIVE_CODES) {
      throw badRequest('Maximum number of invite codes reached');
    }
    if (usergroupId !== undefined && !(await usergroupBelongsToOrg(trx, usergroupId, orgId))) {
      throw notFound('Usergroup');
    }
    return queries.insertInviteCode(trx, {
      invite_code_uuid: prefixedUuid('org_invite_code'),
      org_id: orgId,
      code: newCode(),
      usergroup_id: usergroupId ?? null,
      created_by: principal.uuid,
      created_at: formatDateTime(),
      expires_ms: now + INVITE_CODE_TTL_SECONDS * 1000,
    });
  });
}

export async function listInviteCodes(ctx: AppContext, principal: Principal, orgId: number) {
  requireSessionUser(principal);
  const db = ctx.database.db;
  await getOrgOr404(db, orgId);
  await requireOrgAdminOrMaintainer(db, principal, orgId);
  return queries.listInviteCodes(db, orgId, Date.now());
}

/** Public: the sign-up page checks a code before showing the form. */
export async function getInviteCode(ctx: AppContext, orgId: number, code: string) {
  const invite = /^[A-Za-z0-9]{1,32}$/.test(code)
    ? await queries.findInviteCode(ctx.database.db, orgId, code, Date.now())
    : undefined;
  if (!invite) throw notFound('Invite code not found');
  return invite;
}

export async function deleteInviteCode(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  inviteCodeUuid: string,
) {
  requireSessionUser(principal);
  const db = ctx.database.db;
  await getOrgOr404(db, orgId);
  await requireOrgAdminOrMaintainer(db, principal, orgId);
  const invite = await queries.findInviteCodeByUuid(db, orgId, inviteCodeUuid);
  if (!invite) throw notFound('Invite code not found');
  await queries.deleteInviteCode(db, invite.id);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type InviteStatus = 'sent' | 'email_failed' | 'already_invited';

/**
 * Invites a comma-separated batch of addresses: one record per address (unless one is
 * already pending) and one `user_invited_to_org` event for the batch. Mail goes out after
 * the transaction commits, so a slow mail server never holds the database.
 */
export async function inviteUsersByEmail(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  rawEmails: string,
  inviteCodeUuid: string | undefined,
) {
  requireSessionUser(principal);
  const emails = rawEmails
    .split(',')
    .map((email) => email.trim())
    .filter(Boolean);
  if (emails.length === 0) throw badRequest('At least one e-mail address is required');
  const malformed = emails.filter((email) => !EMAIL.test(email));
  if (malformed.length > 0) throw badRequest(`Invalid e-mail address: ${malformed.join(', ')}`);
  if (emails.length > 100) throw badRequest('At most 100 addresses per batch');

  const { org, already } = await ctx.database.db.transaction().execute(async (trx) => {
    const org = await getOrgOr404(trx, orgId);
    await requireOrgAdminOrMaintainer(trx, principal, orgId);
    if (inviteCodeUuid && !(await queries.findInviteCodeByUuid(trx, orgId, inviteCodeUuid))) {
      throw notFound('Invite code not found');
    }
    const now = Date.now();
    await queries.deleteExpiredEmailInvites(trx, orgId, now);
    const already = new Set<string>();
    for (const email of new Set(emails)) {
      if (await queries.findEmailInvite(trx, orgId, email, now)) {
        already.add(email);
        continue;
      }
      await queries.insertEmailInvite(trx, {
        org_id: orgId,
        email,
        email_lower: email.toLowerCase(),
        invite_code_uuid: inviteCodeUuid ?? null,
        pending: true,
        email_sent: true,
        created_at: formatDateTime(),
        created_by: principal.uuid,
        expires_ms: now + EMAIL_INVITE_TTL_MS,
      });
    }
    await emit(trx, orgId, 'user_invited_to_org', {
      org_id: orgId,
      emails,
      invite_code_uuid: inviteCodeUuid ?? null,
      invited_by: principal.uuid,
    });
    return { org, already };
  });

  const results: { email: string; status: InviteStatus }[] = [];
  for (const email of new Set(emails)) {
    if (already.has(email)) {
      results.push({ email, status: 'already_invited' });
      continue;
    }
    try {
      await ctx.mailer.send({
        to: email,
        subject: `You are invited to join ${org.name}`,
        text: `You have been invited to join ${org.name} on Learnbase.\n\nSign up at ${ctx.config.publicUrl}/signup?org=${org.slug}\n`,
      });
      results.push({ email, status: 'sent' });
    } catch (error) {
      ctx.logger.warn({ err: error, email }, 'invite e-mail could not be sent');
      await queries.markEmailInviteUnsent(ctx.database.db, orgId, email);
      results.push({ email, status: 'email_failed' });
    }
  }
  const count = (status: InviteStatus) => results.filter((r) => r.status === status).length;
  return {
    detail: 'Users invited',
    results,
    summary: {
      total: results.length,
      sent: count('sent'),
      failed: count('email_failed'),
      already_invited: count('already_invited'),
    },
  };
}

export async function listEmailInvites(ctx: AppContext, principal: Principal, orgId: number) {
  requireSessionUser(principal);
  const db = ctx.database.db;
  await getOrgOr404(db, orgId);
  await requireOrgAdminOrMaintainer(db, principal, orgId);
  return queries.listEmailInvites(db, orgId, Date.now());
}

export async function deleteEmailInvite(ctx: AppContext, principal: Principal, orgId: number, email: string) {
  requireSessionUser(principal);
  const db = ctx.database.db;
  await getOrgOr404(db, orgId);
  await requireOrgAdminOrMaintainer(db, principal, orgId);
  const invite = await queries.findEmailInvite(db, orgId, email, Date.now());
  if (!invite) throw notFound('User not found');
  await queries.deleteEmailInvite(db, invite.id);
}

export { findInviteCode, findPendingInvitesForEmail, markEmailInviteAccepted } from './queries.ts';
