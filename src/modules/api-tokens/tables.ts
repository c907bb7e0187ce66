import type { Generated } from 'kysely';

export interface ApiTokensTable {
  id: Generated<number>;
  token_uuid: string;
  name: string;
  description: string | null;
  /** JSON text of the rights buckets, or null for a token without rights. */
  rights: string | null;
  token_prefix: string;
  /** SHA-256 hex of the full token; the token itself is never stored. */
  token_hash: string;
  org_id: number;
  created_by_user_id: number;
  creation_date: string;
  update_date: string;
  last_used_at: string | null;
  expires_at: string | null;
  expires_ms: number | null;
  is_active: boolean;
}

export interface ApiTokenTables {
  api_tokens: ApiTokensTable;
}
