import type { Generated } from 'kysely';

export interface PacksTable {
  id: Generated<number>;
  pack_id: string;
  org_id: number;
  pack_type: string;
  quantity: number;
  platform_subscription_id: string;
  status: 'active' | 'cancelled';
  creation_date: string;
  update_date: string;
}

export interface PackTables {
  packs: PacksTable;
}
