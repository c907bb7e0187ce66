/**
 * The user directory: lookups, creation, profile changes. Knows nothing about sessions or
 * organizations (signup.ts orchestrates a sign-up into an organization).
 */
import type { Static } from '@sinclair/typebox';
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { formatDateTime } from '../../core/time.ts';
import { indexUser } from '../search/index-writer.ts';
import { hashPassword } from './password-hash.ts';
import { assertStrongPassword } from './password-policy.ts';
import type { UserRow } from './present.ts';
import * as queries from './queries.ts';
import type { UserCreate, UserUpdate } from './schemas.ts';

export type { UserRow } from './present.ts';
export {
  findUserByEmail,
  findUserById,
  findUserByUsername,
  findUserByUuid,
  findUsersByIds,
  incrementFailedLogins,
} from './queries.ts';

export async function getUserOr404(db: Executor, id: number): Promise<UserRow> {
  const user = await queries.findUserById(db, id);
  if (!user) throw notFound('User');
  return user;
}

export interface NewUserOptions {
  signupMethod: string;
  emailVerified: boolean;
  isSuperadmin?: boolean;
  /** OAuth accounts have no password; operator-created accounts may skip the strength rules. */
  enforcePasswordPolicy?: boolean;
}

export async function createUser(
  ctx: AppContext,
  db: Executor,
  input: Static<typeof UserCreate>,
  options: NewUserOptions,
): Promise<UserRow> {
  const email = input.email.trim();
  const username = input.username.trim();
  if (!username) throw badRequest('Username is required');
  if (options.enforcePasswordPolicy !== false) assertStrongPassword(input.password);
  if (await queries.usernameOrEmailTaken(db, username, email))
    throw badRequest('Email or username is already in use');
  const now = formatDateTime();
  const passwordHash = input.password ? await hashPassword(input.password, ctx.config.passwordHashCost) : '';
  const user = await queries.insertUser(db, {
    user_uuid: prefixedUuid('user'),
    username,
    username_lower: username.toLowerCase(),
    first_name: input.first_name ?? '',
    last_name: input.last_name ?? '',
    email,
    email_lower: email.toLowerCase(),
    password_hash: passwordHash,
    avatar_image: input.avatar_image ?? '',
    bio: input.bio ?? '',
    language: input.language ?? null,
    details: JSON.stringify(input.details ?? {}),
    profile: JSON.stringify(input.profile ?? {}),
    extra_metadata: input.extra_metadata ? JSON.stringify(input.extra_metadata) : null,
    email_verified: options.emailVerified,
    email_verified_at: options.emailVerified ? new Date().toISOString() : null,
    failed_login_attempts: 0,
    first_failed_login_ms: null,
    locked_until_ms: null,
    last_login_at: null,
    last_login_ip: null,
    signup_method: options.signupMethod,
    is_superadmin: options.isSuperadmin ?? false,
    creation_date: now,
    update_date: now,
  });
  await indexUser(db, user);
  return user;
}

/** A user may change their own profile; superadmins anyone's. Changing the e-mail un-verifies it. */
export async function updateProfile(
  ctx: AppContext,
  principal: Principal,
  userId: number,
  input: Static<typeof UserUpdate>,
): Promise<UserRow> {
  if (principal.kind === 'anonymous') throw unauthorized();
  if (principal.kind !== 'user' || (principal.id !== userId && !principal.isSuperadmin)) {
    throw forbidden('You can only update your own profile');
  }
  const db = ctx.database.db;
  return db.transaction().execute(async (trx) => {
    const user = await getUserOr404(trx, userId);
    const username = input.username?.trim() ?? user.username;
    const email = input.email?.trim() ?? user.email;
    if (
      (username.toLowerCase() !== user.username_lower || email.toLowerCase() !== user.email_lower) &&
      (await queries.usernameOrEmailTaken(trx, username, email, user.id))
    ) {
      throw badRequest('Email or username is already in use');
    }
    const emailChanged = email.toLowerCase() !== user.email_lower;
    const json = (value: Record<string, unknown> | null | undefined, current: string | null) =>
      value === undefined ? current : value === null ? null : JSON.stringify(value);
    const updated = await queries.updateUser(trx, user.id, {
      username,
      username_lower: username.toLowerCase(),
      email,
      email_lower: email.toLowerCase(),
      first_name: input.first_name ?? user.first_name,
      last_name: input.last_name ?? user.last_name,
      avatar_image: input.avatar_image === undefined ? user.avatar_image : input.avatar_image,
      bio: input.bio === undefined ? user.bio : input.bio,
      language: input.language === undefined ? user.language : input.language,
      details: json(input.details, user.details),
      profile: json(input.profile, user.profile),
      extra_metadata: json(input.extra_metadata, user.extra_metadata),
      email_verified: emailChanged ? false : user.email_verified,
      email_verified_at: emailChanged ? null : user.email_verified_at,
      update_date: formatDateTime(),
    });
    await indexUser(trx, updated);
    return updated;
  });
}

export function setPasswordHash(db: Executor, userId: number, passwordHash: string) {
  return queries.updateUser(db, userId, { password_hash: passwordHash, update_date: formatDateTime() });
}

export function markEmailVerified(db: Executor, userId: number) {
  return queries.updateUser(db, userId, {
    email_verified: true,
    email_verified_at: new Date().toISOString(),
    update_date: formatDateTime(),
  });
}

export function recordLoginState(
  db: Executor,
  userId: number,
  patch: Pick<
    Partial<UserRow>,
    'failed_login_attempts' | 'first_failed_login_ms' | 'locked_until_ms' | 'last_login_at' | 'last_login_ip'
  >,
) {
  return queries.updateUser(db, userId, patch);
}

export function setSuperadmin(db: Executor, userId: number, isSuperadmin: boolean) {
  return queries.updateUser(db, userId, { is_superadmin: isSuperadmin, update_date: formatDateTime() });
}
