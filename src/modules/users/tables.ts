import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  user_uuid: string;
  username: string;
  username_lower: string;
  first_name: string;
  last_name: string;
  email: string;
  email_lower: string;
  /** scrypt hash (see password-hash.ts); empty for accounts that only sign in through OAuth. */
  password_hash: string;
  avatar_image: string | null;
  bio: string | null;
  language: string | null;
  details: string | null;
  profile: string | null;
  extra_metadata: string | null;
  email_verified: boolean;
  email_verified_at: string | null;
  failed_login_attempts: number;
  first_failed_login_ms: number | null;
  locked_until_ms: number | null;
  last_login_at: string | null;
  last_login_ip: string | null;
  signup_method: string | null;
  is_superadmin: boolean;
  creation_date: string;
  update_date: string;
}

/** Single-use, expiring e-mail tokens (verification); only their SHA-256 is stored. */
export interface EmailTokensTable {
  id: Generated<number>;
  token_hash: string;
  purpose: 'verify_email' | 'reset_password';
  user_id: number;
  org_id: number | null;
  email: string;
  expires_ms: number;
  used_ms: number | null;
  created_ms: number;
}

export interface UserTables {
  users: UsersTable;
  email_tokens: EmailTokensTable;
}
