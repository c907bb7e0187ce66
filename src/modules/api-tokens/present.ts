import type { Static } from '@sinclair/typebox';
import type { ApiTokenRow } from './queries.ts';
import type { ApiTokenCreatedResponse, ApiTokenRead } from './schemas.ts';

const rightsOf = (token: ApiTokenRow) => (token.rights ? JSON.parse(token.rights) : null);

export function toApiTokenRead(token: ApiTokenRow): Static<typeof ApiTokenRead> {
  return {
    id: token.id,
    token_uuid: token.token_uuid,
    name: token.name,
    description: token.description,
    token_prefix: token.token_prefix,
    org_id: token.org_id,
    rights: rightsOf(token),
    created_by_user_id: token.created_by_user_id,
    creation_date: token.creation_date,
    update_date: token.update_date,
    last_used_at: token.last_used_at,
    expires_at: token.expires_at,
    is_active: token.is_active,
  };
}

export function toApiTokenCreated(token: ApiTokenRow, value: string): Static<typeof ApiTokenCreatedResponse> {
  return {
    token: value,
    token_uuid: token.token_uuid,
    name: token.name,
    description: token.description,
    token_prefix: token.token_prefix,
    org_id: token.org_id,
    rights: rightsOf(token),
    created_by_user_id: token.created_by_user_id,
    creation_date: token.creation_date,
    expires_at: token.expires_at,
  };
}
