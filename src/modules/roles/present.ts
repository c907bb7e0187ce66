import type { Static } from '@sinclair/typebox';
import type { RoleRow } from './queries.ts';
import type { RoleRead } from './schemas.ts';

export function toRoleRead(role: RoleRow): Static<typeof RoleRead> {
  return {
    id: role.id,
    role_uuid: role.role_uuid,
    name: role.name,
    description: role.description,
    role_type: role.role_type,
    org_id: role.org_id ?? 0,
    rights: JSON.parse(role.rights),
    creation_date: role.creation_date,
    update_date: role.update_date,
  };
}
