import { Type } from '@sinclair/typebox';
import { JsonObject, Nullable } from '../../core/http/schemas.ts';

/** The full user as its owner and administrators see it (spec §2.1). */
export const UserRead = Type.Object(
  {
    username: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    email: Type.String(),
    avatar_image: Nullable(Type.String()),
    bio: Nullable(Type.String()),
    language: Nullable(Type.String()),
    details: Nullable(JsonObject),
    profile: Nullable(JsonObject),
    extra_metadata: Nullable(JsonObject),
    id: Type.Integer(),
    user_uuid: Type.String(),
    email_verified: Type.Boolean(),
    last_login_at: Nullable(Type.String()),
    signup_method: Nullable(Type.String()),
    is_superadmin: Type.Boolean(),
  },
  { title: 'UserRead' },
);

/** Another user as seen in search and listings: no e-mail, no superadmin flag (spec §2.1). */
export const UserReadPublic = Type.Object(
  {
    id: Type.Integer(),
    user_uuid: Type.String(),
    username: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    email_verified: Type.Boolean(),
    avatar_image: Nullable(Type.String()),
    bio: Nullable(Type.String()),
    details: Nullable(JsonObject),
    profile: Nullable(JsonObject),
  },
  { title: 'UserReadPublic' },
);

export const UserCreate = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  email: Type.String({ format: 'email', maxLength: 320 }),
  password: Type.String({ maxLength: 256 }),
  first_name: Type.Optional(Type.String({ maxLength: 100, default: '' })),
  last_name: Type.Optional(Type.String({ maxLength: 100, default: '' })),
  avatar_image: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
  bio: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  language: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  details: Type.Optional(Nullable(JsonObject)),
  profile: Type.Optional(Nullable(JsonObject)),
  extra_metadata: Type.Optional(Nullable(JsonObject)),
});

export const UserUpdate = Type.Object({
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  email: Type.Optional(Type.String({ format: 'email', maxLength: 320 })),
  first_name: Type.Optional(Type.String({ maxLength: 100 })),
  last_name: Type.Optional(Type.String({ maxLength: 100 })),
  avatar_image: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
  bio: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  language: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  details: Type.Optional(Nullable(JsonObject)),
  profile: Type.Optional(Nullable(JsonObject)),
  extra_metadata: Type.Optional(Nullable(JsonObject)),
});
