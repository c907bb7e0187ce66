import type { Static } from '@sinclair/typebox';
import { parseOrgConfig, planOf } from './org-config.ts';
import type { EmailInviteRow, InviteCodeRow, OrgRow } from './queries.ts';
import type { EmailInviteRead, InviteCodeRead, OrganizationRead } from './schemas.ts';

export function toOrganizationRead(org: OrgRow): Static<typeof OrganizationRead> {
  const config = parseOrgConfig(org.config);
  return {
    id: org.id,
    org_uuid: org.org_uuid,
    name: org.name,
    slug: org.slug,
    description: org.description,
    about: org.about,
    email: org.email,
    label: org.label,
    logo_image: org.logo_image,
    thumbnail_image: org.thumbnail_image,
    socials: JSON.parse(org.socials),
    links: JSON.parse(org.links),
    explore: org.explore,
    plan: planOf(config),
    config: {
      id: org.id,
      org_id: org.id,
      config,
      creation_date: org.creation_date,
      update_date: org.update_date,
    },
    creation_date: org.creation_date,
    update_date: org.update_date,
  };
}

export const INVITE_CODE_TTL_SECONDS = 365 * 24 * 3600;

export function toInviteCodeRead(invite: InviteCodeRow): Static<typeof InviteCodeRead> {
  return {
    invite_code: invite.code,
    invite_code_uuid: invite.invite_code_uuid,
    invite_code_expires: INVITE_CODE_TTL_SECONDS,
    invite_code_type: 'signup',
    created_at: invite.created_at,
    created_by: invite.created_by,
    usergroup_id: invite.usergroup_id,
  };
}

export function toEmailInviteRead(invite: EmailInviteRow): Static<typeof EmailInviteRead> {
  return {
    email: invite.email,
    org_id: invite.org_id,
    invite_code_uuid: invite.invite_code_uuid,
    pending: invite.pending,
    email_sent: invite.email_sent,
    created_at: invite.created_at,
    created_by: invite.created_by,
  };
}
