import type { Generated } from 'kysely';

export interface OrganizationsTable {
  id: Generated<number>;
  org_uuid: string;
  name: string;
  slug: string;
  description: string | null;
  about: string | null;
  email: string;
  logo_image: string | null;
  thumbnail_image: string | null;
  label: string | null;
  /** JSON object text. */
  socials: string;
  /** JSON object text. */
  links: string;
  explore: boolean;
  /** JSON text of the organization's configuration (plan, toggles); see org-config.ts. */
  config: string;
  creation_date: string;
  update_date: string;
}

export interface InviteCodesTable {
  id: Generated<number>;
  invite_code_uuid: string;
  org_id: number;
  code: string;
  usergroup_id: number | null;
  created_by: string;
  created_at: string;
  expires_ms: number;
}

export interface EmailInvitesTable {
  id: Generated<number>;
  org_id: number;
  email: string;
  email_lower: string;
  invite_code_uuid: string | null;
  pending: boolean;
  email_sent: boolean;
  created_at: string;
  created_by: string;
  expires_ms: number;
}

export interface OrgTables {
  organizations: OrganizationsTable;
  invite_codes: InviteCodesTable;
  email_invites: EmailInvitesTable;
}
