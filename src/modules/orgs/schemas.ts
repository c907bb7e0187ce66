import { Type } from '@sinclair/typebox';
import { JsonObject, Nullable, StringEnum } from '../../core/http/schemas.ts';
import { PLANS } from './org-config.ts';

const SLUG = '^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$';

export const OrganizationCreate = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  slug: Type.String({ minLength: 1, maxLength: 64 }),
  email: Type.String({ maxLength: 320 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  about: Type.Optional(Nullable(Type.String({ maxLength: 20000 }))),
  label: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  logo_image: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
  thumbnail_image: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
  socials: Type.Optional(JsonObject),
  links: Type.Optional(JsonObject),
  explore: Type.Optional(Type.Boolean()),
});
export const SLUG_PATTERN = new RegExp(SLUG);

export const OrganizationUpdate = Type.Partial(OrganizationCreate);

export const OrganizationConfigRead = Type.Object({
  id: Type.Integer(),
  org_id: Type.Integer(),
  config: JsonObject,
  creation_date: Type.String(),
  update_date: Type.String(),
});

export const OrganizationRead = Type.Object(
  {
    id: Type.Integer(),
    org_uuid: Type.String(),
    name: Type.String(),
    slug: Type.String(),
    description: Nullable(Type.String()),
    about: Nullable(Type.String()),
    email: Type.String(),
    label: Nullable(Type.String()),
    logo_image: Nullable(Type.String()),
    thumbnail_image: Nullable(Type.String()),
    socials: JsonObject,
    links: JsonObject,
    explore: Type.Boolean(),
    plan: StringEnum(PLANS),
    config: OrganizationConfigRead,
    creation_date: Type.String(),
    update_date: Type.String(),
  },
  { title: 'OrganizationRead' },
);

export const InviteCodeRead = Type.Object({
  invite_code: Type.String(),
  invite_code_uuid: Type.String(),
  invite_code_expires: Type.Integer({ description: 'Seconds the code stays valid, from creation' }),
  invite_code_type: Type.Literal('signup'),
  created_at: Type.String(),
  created_by: Type.String(),
  usergroup_id: Nullable(Type.Integer()),
});

export const EmailInviteRead = Type.Object({
  email: Type.String(),
  org_id: Type.Integer(),
  invite_code_uuid: Nullable(Type.String()),
  pending: Type.Boolean(),
  email_sent: Type.Boolean(),
  created_at: Type.String(),
  created_by: Type.String(),
});

export const InviteBatchResult = Type.Object({
  detail: Type.String(),
  results: Type.Array(
    Type.Object({ email: Type.String(), status: StringEnum(['sent', 'email_failed', 'already_invited']) }),
  ),
  summary: Type.Object({
    total: Type.Integer(),
    sent: Type.Integer(),
    failed: Type.Integer(),
    already_invited: Type.Integer(),
  }),
});
