import type { Generated } from 'kysely';

/** One row per sign-in; access and refresh tokens name their session, so revoking it ends both. */
export interface SessionsTable {
  id: Generated<number>;
  session_uuid: string;
  user_id: number;
  created_ms: number;
  expires_ms: number;
  revoked_ms: number | null;
  ip: string | null;
  user_agent: string | null;
}

/** Refresh tokens are single-use: a second use of the same jti revokes every session of the user. */
export interface RefreshTokensTable {
  jti: string;
  session_id: number;
  expires_ms: number;
  used_ms: number | null;
}

export interface AuthTables {
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
}
