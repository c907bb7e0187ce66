import type { Generated } from 'kysely';

export interface RolesTable {
  id: Generated<number>;
  role_uuid: string;
  name: string;
  description: string | null;
  role_type: 'TYPE_GLOBAL' | 'TYPE_ORGANIZATION';
  org_id: number | null;
  /** JSON text of the role's rights buckets. */
  rights: string;
  creation_date: string;
  update_date: string;
}

export interface MembershipsTable {
  id: Generated<number>;
  user_id: number;
  org_id: number;
  role_id: number;
  creation_date: string;
  update_date: string;
}

export interface RoleTables {
  roles: RolesTable;
  memberships: MembershipsTable;
}
