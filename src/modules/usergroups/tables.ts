import type { Generated } from 'kysely';

export interface UsergroupsTable {
  id: Generated<number>;
  usergroup_uuid: string;
  org_id: number;
  name: string;
  description: string | null;
  creation_date: string;
  update_date: string;
}

export interface UsergroupUsersTable {
  usergroup_id: number;
  user_id: number;
  creation_date: string;
}

export interface UsergroupResourcesTable {
  usergroup_id: number;
  resource_uuid: string;
  creation_date: string;
}

export interface UsergroupTables {
  usergroups: UsergroupsTable;
  usergroup_users: UsergroupUsersTable;
  usergroup_resources: UsergroupResourcesTable;
}
