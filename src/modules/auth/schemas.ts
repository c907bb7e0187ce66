import { Type } from '@sinclair/typebox';
import { Nullable } from '../../core/http/schemas.ts';
import { UserRead } from '../users/schemas.ts';

export const LoginForm = Type.Object({
  username: Type.String({ description: "The user's e-mail address", maxLength: 320 }),
  password: Type.String({ maxLength: 1024 }),
});

export const Tokens = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  expiry: Nullable(Type.Integer({ description: 'Epoch milliseconds when the access token expires' })),
});

export const LoginResponse = Type.Object({ user: UserRead, tokens: Tokens });

export const OAuthBody = Type.Object({
  email: Type.String({ format: 'email' }),
  provider: Type.String({ minLength: 1, maxLength: 50 }),
  access_token: Type.String({ minLength: 1, maxLength: 8192 }),
});

export const VerifyEmailBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  user_uuid: Type.String({ maxLength: 100 }),
  org_uuid: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  email: Type.Optional(Nullable(Type.String())),
});

export const ResendVerificationBody = Type.Object({
  email: Type.String({ format: 'email' }),
  org_id: Type.Optional(Nullable(Type.Integer())),
});

export const TokenSwapBody = Type.Object({ user_id: Type.Integer() });

export const TokenSwapResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  user_id: Type.Integer(),
  user_uuid: Type.String(),
});
