/** Users as the API shows them. Every field is named, so hashes and lockout state never leak. */
import type { Static } from '@sinclair/typebox';
import type { UserRead, UserReadPublic } from './schemas.ts';
import type { UsersTable } from './tables.ts';

export type UserRow = Omit<UsersTable, 'id'> & { id: number };

const parseObject = (text: string | null): Record<string, unknown> | null => (text ? JSON.parse(text) : null);

/**
 * UserRead. `withEmail: false` keeps the field (clients parse it) but leaves it empty, for
 * readers who may see a person's profile but not their address (see courses/present.ts).
 */
export function toUserRead(user: UserRow, { withEmail = true } = {}): Static<typeof UserRead> {
  return {
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: withEmail ? user.email : '',
    avatar_image: user.avatar_image,
    bio: user.bio,
    language: user.language,
    details: parseObject(user.details),
    profile: parseObject(user.profile),
    extra_metadata: parseObject(user.extra_metadata),
    id: user.id,
    user_uuid: user.user_uuid,
    email_verified: user.email_verified,
    last_login_at: user.last_login_at,
    signup_method: user.signup_method,
    is_superadmin: user.is_superadmin,
  };
}

export function toUserReadPublic(user: UserRow): Static<typeof UserReadPublic> {
  return {
    id: user.id,
    user_uuid: user.user_uuid,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email_verified: user.email_verified,
    avatar_image: user.avatar_image,
    bio: user.bio,
    details: parseObject(user.details),
    profile: parseObject(user.profile),
  };
}

/** The `user` object of webhook event payloads (spec §6.2). */
export function toEventUser(user: Pick<UserRow, 'user_uuid' | 'email' | 'username'>) {
  return { user_uuid: user.user_uuid, email: user.email, username: user.username };
}

export interface Authorship {
  authorship: 'CREATOR' | 'CONTRIBUTOR' | 'MAINTAINER' | 'REPORTER';
  authorship_status: 'ACTIVE' | 'PENDING' | 'INACTIVE';
  creation_date: string;
  update_date: string;
}

/** AuthorWithRole (spec §2.1): a user's part in a resource they author (courses, podcasts). */
export function toAuthorWithRole(user: UserRow, role: Authorship) {
  return {
    user: toUserRead(user),
    authorship: role.authorship,
    authorship_status: role.authorship_status,
    creation_date: role.creation_date,
    update_date: role.update_date,
  };
}
